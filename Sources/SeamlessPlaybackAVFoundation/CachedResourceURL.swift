import Foundation
import SeamlessPlayback

/// How a media's URL is handed to AVFoundation when the engine reads it through a ``SeamlessPlayback/MediaCache``:
/// its scheme replaced by one AVFoundation cannot load itself (`seamlesscache-https`, `seamlesscache-http`), so that
/// the asset's resource loader asks the engine's delegate for every byte.
///
/// Only what ``SeamlessPlayback/CacheRoute/route(for:)`` sends through the cache (progressive `http` and `https`) and
/// whose content type the file extension names is read this way: HLS, files and other media play directly.
/// Pure; tested on every platform.
enum CachedResourceURL {
    /// The prefix of the schemes the engine gives its assets.
    static let schemePrefix = "seamlesscache-"

    /// The URL the asset is made with, or `nil` when the media plays directly (not routed through the cache, a
    /// file extension whose content type is not known, or plain `http` unless the app allows it).
    /// - Parameters:
    ///   - url: The media's URL.
    ///   - allowsPlainHTTP: Whether `http` media go through the cache (`CachedReading.allowsPlainHTTP`): App
    ///     Transport Security may let AVFoundation load them and refuse URLSession.
    /// - Returns: The URL with the scheme `seamlesscache-http` or `seamlesscache-https`, the rest unchanged.
    static func loaderURL(for url: URL, allowsPlainHTTP: Bool) -> URL? {
        guard case .cached = CacheRoute.route(for: url), contentType(for: url) != nil,
            let scheme = url.scheme?.lowercased(), scheme == "https" || allowsPlainHTTP
        else { return nil }
        return replacingScheme(of: url, with: schemePrefix + scheme)
    }

    /// The media's URL behind a URL the resource loader asked for.
    /// - Parameter url: The URL of a loading request.
    /// - Returns: The `http` or `https` URL, or `nil` for any scheme the engine did not make (the request is
    ///   refused).
    static func originURL(for url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), scheme.hasPrefix(schemePrefix) else { return nil }
        let origin = scheme.dropFirst(schemePrefix.count)
        guard origin == "http" || origin == "https" else { return nil }
        return replacingScheme(of: url, with: String(origin))
    }

    /// The uniform type identifier AVFoundation is told for the media, from its file extension.
    /// - Parameter url: The media's (or the loader's) URL.
    /// - Returns: `public.mpeg-4` for `mp4`, `com.apple.quicktime-movie` for `mov`, `com.apple.m4v-video` for `m4v`;
    ///   `nil` for anything else (that media plays directly).
    static func contentType(for url: URL) -> String? {
        switch url.pathExtension.lowercased() {
        case "mp4": "public.mpeg-4"
        case "mov": "com.apple.quicktime-movie"
        case "m4v": "com.apple.m4v-video"
        default: nil
        }
    }

    private static func replacingScheme(of url: URL, with scheme: String) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = scheme
        return components.url
    }
}
