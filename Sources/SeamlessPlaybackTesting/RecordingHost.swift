import SeamlessPlayback

/// A `SurfaceHost` that shows nothing and writes every call into a shared
/// ``HostJournal``, so that a test (or the demo) can check the exact order in which hosts were called.
///
/// ```swift
/// let journal = HostJournal()
/// let cell = RecordingHost("cell", journal: journal), page = RecordingHost("page", journal: journal)
/// surfaces.show(lease, in: cell)
/// #expect(journal.calls == [.init(.attach, host: "cell", lease: lease)])
/// ```
@MainActor
public final class RecordingHost: SurfaceHost {
    /// The host's name in the journal.
    public let name: String
    /// Where the calls are written.
    public let journal: HostJournal

    /// Creates a host.
    /// - Parameters:
    ///   - name: Its name in the journal.
    ///   - journal: The journal shared by the hosts under test.
    public init(_ name: String, journal: HostJournal) {
        self.name = name
        self.journal = journal
    }

    /// Writes down the attach.
    /// - Parameter lease: The lease the picture is attached for.
    public func attach(_ lease: PlayerLease) {
        journal.record(HostCall(.attach, host: name, lease: lease))
    }

    /// Writes down the detach.
    /// - Parameter lease: The lease the picture was attached for.
    public func detach(_ lease: PlayerLease) {
        journal.record(HostCall(.detach, host: name, lease: lease))
    }
}
