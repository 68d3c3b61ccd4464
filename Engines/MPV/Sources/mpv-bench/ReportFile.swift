import Foundation

/// The benches' reports as files: their JSON, pretty-printed with its keys sorted whether a report builds a JSON
/// object or encodes itself, and the one way a report reaches the path `--json` (or `--svg`) names.
enum ReportFile {
    /// A report's JSON object as JSON.
    /// - Parameter object: The object: dictionaries, arrays, strings, numbers, booleans and `NSNull`.
    /// - Returns: The JSON.
    /// - Throws: When the object holds something JSON cannot.
    static func json(object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// An encodable report as JSON.
    /// - Parameter value: The report.
    /// - Returns: The JSON.
    /// - Throws: What encoding the report throws.
    static func json(encoding value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
    }

    /// Writes a report to `path`, when there is one, and says so; the report is made only then.
    /// - Parameters:
    ///   - path: Where the report goes (overwritten), or `nil` for nowhere.
    ///   - contents: The report's bytes.
    /// - Throws: ``BenchError/failed(_:)`` when the report cannot be made or written.
    static func write(to path: String?, _ contents: () throws -> Data) throws(BenchError) {
        guard let path else { return }
        do {
            try contents().write(to: URL(fileURLWithPath: path))
        } catch {
            throw .failed("cannot write \(path): \(error)")
        }
        print("\nwrote \(path)")
    }
}
