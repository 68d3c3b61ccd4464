import Foundation

/// Makes `count` clips with ffmpeg in a temporary folder of its own and reads them into memory; the folder goes once
/// they are read.
/// - Parameters:
///   - count: How many clips.
///   - name: The folder's name, before the process's identifier.
///   - recipe: How clip `index` is made.
/// - Returns: Each clip's bytes, in order.
/// - Throws: What creating the folder, ffmpeg or reading a clip throws.
package func makeClips(
    _ count: Int, folder name: String, recipe: (_ index: Int) -> ClipRecipe
) async throws -> [Data] {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var clips: [Data] = []
    for index in 0..<count {
        let file = folder.appendingPathComponent("clip-\(index).mp4")
        try await recipe(index).make(at: file)
        clips.append(try Data(contentsOf: file))
    }
    return clips
}
