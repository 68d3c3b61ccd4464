#ifndef SEAMLESSPLAYBACK_CMPV_SHIM_H
#define SEAMLESSPLAYBACK_CMPV_SHIM_H

// libmpv's client API, from the system (Debian: libmpv-dev; pkg-config name: mpv).
#include <mpv/client.h>
// The render API, for the software renderer of frame-rendering engines.
#include <mpv/render.h>

#endif
