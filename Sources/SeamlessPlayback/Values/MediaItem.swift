import Foundation

/// A piece of media a player can load: a clip in a feed, a film on a detail page.
///
/// Two items are the same media when their ``id``s and ``url``s are equal; the pool uses that
/// equality to find an idle player that already has the media loaded (a *warm hit*).
public struct MediaItem: Hashable, Sendable {
    /// A stable identifier of the media, unique within the app.
    public let id: String
    /// Where the engine loads the media from, if the identifier alone does not say.
    public let url: URL?

    /// Creates a media item.
    /// - Parameters:
    ///   - id: A stable identifier of the media, unique within the app.
    ///   - url: Where the engine loads the media from; `nil` when the engine resolves ``id`` itself.
    public init(id: String, url: URL? = nil) {
        self.id = id
        self.url = url
    }
}

extension MediaItem: CustomStringConvertible {
    /// The media's identifier.
    public var description: String { id }
}
