import Testing

/// The suites whose tests spawn processes, or need a cache directory's lock free once its cache is gone: run one
/// test at a time among them. A spawned process holds a copy of the parent's descriptors from its spawn to its exec,
/// the lock's among them, so a cache freed in that window keeps its directory locked until the exec: a test that
/// reopens a directory at once would race another's spawn.
@Suite(.serialized) enum ProcessesAndLocks {}
