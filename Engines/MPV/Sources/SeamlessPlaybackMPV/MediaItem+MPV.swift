import Foundation
import SeamlessPlayback

extension MediaItem {
    /// What `loadfile` gets: the URL (a file URL as its path), or else the identifier when it is a
    /// path (`/…`, `./…`, `../…`, `~/…`) or a URL (`scheme://…`, such as `av://lavfi:testsrc`).
    /// - Throws: ``MPVError/noSource(mediaID:)`` when neither says where the media is.
    func mpvSource() throws(MPVError) -> String {
        if let url {
            return url.isFileURL ? url.path : url.absoluteString
        }
        let pathPrefixes = ["/", "./", "../", "~/"]
        guard pathPrefixes.contains(where: id.hasPrefix) || id.contains("://") else {
            throw .noSource(mediaID: id)
        }
        return id
    }
}
