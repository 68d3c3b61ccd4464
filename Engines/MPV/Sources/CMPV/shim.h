#ifndef SEAMLESSPLAYBACK_CMPV_SHIM_H
#define SEAMLESSPLAYBACK_CMPV_SHIM_H

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <pthread.h>

// libmpv's client API, from the system (Debian: libmpv-dev; pkg-config name: mpv).
#include <mpv/client.h>
// The render API, for the software renderer of frame-rendering engines.
#include <mpv/render.h>
// Custom stream protocols, for reading media through the byte cache.
#include <mpv/stream_cb.h>

// Names the calling thread as the system shows it (at most 15 characters on Linux): Foundation's `Thread.name`
// does not reliably reach the system on Linux.
static inline void seamless_name_current_thread(const char *name) {
#if defined(__APPLE__)
    pthread_setname_np(name);
#else
    pthread_setname_np(pthread_self(), name);
#endif
}

#endif
