import Foundation
import Testing

// README.md's Swift blocks: the iOS quick starts are type-checked by Checks/AppleSDK and compared with the README by
// `DocumentationSnippetsTests.everyArticleSnippetIsCompiledHere`; the installation block, a whole `Package.swift`, is
// compiled here by SwiftPM itself.

@Suite("Documentation: README.md", .timeLimit(.minutes(3)))
struct DocumentationSnippetsREADMETests {
    /// The installation block is a manifest SwiftPM loads (`swift package dump-package` compiles and runs it, and
    /// resolves nothing), and every product it names is one this package exports.
    @Test func theInstallationBlockIsAManifestOfThisPackagesProducts() async throws {
        let root = DocumentationSnippetsTests.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifests = DocumentationSnippetsTests.swiftBlocks(in: readme).filter(Self.isManifest)
        let manifest = try #require(manifests.first, "README.md has no Package.swift block")
        #expect(manifests.count == 1)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-manifest-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Package.swift")
        try (manifest + "\n").write(to: file, atomically: true, encoding: .utf8)

        let path = folder.path
        let (ending, dump) = try await ChildProcess.onOwnThread {
            let swift = try ChildProcess(
                "/usr/bin/env", ["swift", "package", "--package-path", path, "dump-package"], errorsToo: true)
            let output = swift.readToEnd(until: .now + .seconds(150))
            return (swift.wait(until: .now + .seconds(10)), output)
        }
        let printed = String(decoding: dump ?? Data(), as: UTF8.self)
        #expect(dump != nil, "swift package dump-package still wrote after 150 s")
        #expect(ending == .exited(0), "swift package dump-package failed:\n\(printed)")

        let ours = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let named = Self.matches(of: #".product\(name: "([A-Za-z]+)", package: "SeamlessPlayback"\)"#, in: manifest)
        #expect(!named.isEmpty)
        for product in named {
            #expect(ours.contains(".library(name: \"\(product)\""), "README.md names \(product), not a product here")
        }
        #expect(printed.contains("\"SeamlessPlaybackAVFoundation\""))
    }

    /// A whole `Package.swift`, which SwiftPM compiles: not one of the snippets compared with the others' sources.
    static func isManifest(_ block: String) -> Bool { block.hasPrefix("// swift-tools-version:") }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
