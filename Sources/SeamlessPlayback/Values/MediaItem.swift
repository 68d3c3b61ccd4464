import Foundation

/// A piece of media a player can load: a clip in a feed, a film on a detail page.
///
/// Two items are the same media when their ``id``s and ``url``s are equal; the pool uses that
/// equality to find an idle player that already has the media loaded (a *warm hit*).
public struct MediaItem: Hashable, Sendable {
    /// A stable identifier of the media, unique within the app.
    public var id: String { storage.id }
    /// Where the engine loads the media from, if the identifier alone does not say.
    public var url: URL? { storage.url }

    /// The identifier and the URL, kept in one object: the pool copies a media item with every grant and
    /// lease it hands out, and a copy is then one reference count, not one per field (a `URL` is copied through
    /// its type's metadata).
    private let storage: Storage

    private final class Storage: Sendable {
        let id: String
        let url: URL?

        init(id: String, url: URL?) {
            self.id = id
            self.url = url
        }
    }

    /// Creates a media item.
    /// - Parameters:
    ///   - id: A stable identifier of the media, unique within the app.
    ///   - url: Where the engine loads the media from; `nil` when the engine resolves ``id`` itself.
    public init(id: String, url: URL? = nil) {
        storage = Storage(id: id, url: url)
    }

    /// Two items are the same media when their identifiers and URLs are equal.
    public static func == (lhs: MediaItem, rhs: MediaItem) -> Bool {
        lhs.storage === rhs.storage || (lhs.id == rhs.id && lhs.url == rhs.url)
    }

    /// Hashes the identifier and the URL.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(url)
    }
}

extension MediaItem {
    /// Whether two optional items are the same media: one identity test when they are the same item, the pool's
    /// usual case, and the full comparison otherwise. (`==` on two optionals copies both into a tuple first.)
    static func same(_ lhs: MediaItem?, _ rhs: MediaItem?) -> Bool {
        if lhs?.storage === rhs?.storage { return true }
        guard let lhs, let rhs else { return false }
        return lhs == rhs
    }
}

extension MediaItem: CustomStringConvertible {
    /// The media's identifier.
    public var description: String { id }
}
