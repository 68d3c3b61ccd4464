/// The command line of `mpv-bench`.
struct BenchArguments {
    static let usage = """
        usage: mpv-bench [--repetitions N] [--json PATH]

          --repetitions N   measured cold starts and handoffs each (default 10, at least 1)
          --json PATH       also write the figures as JSON to PATH
        """

    var repetitions = 10
    var jsonPath: String?
    var showsHelp = false

    /// Parses the arguments after the program name.
    /// - Returns: The arguments, or a message saying what is wrong with them.
    static func parse(_ arguments: [String]) -> Result<BenchArguments, BenchError> {
        var parsed = BenchArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                parsed.showsHelp = true
            case "--repetitions", "-n":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 1 else {
                    return .failure(.usage("--repetitions needs a whole number of at least 1"))
                }
                parsed.repetitions = count
            case "--json":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    return .failure(.usage("--json needs a path"))
                }
                parsed.jsonPath = path
            default:
                return .failure(.usage("unknown argument \(argument)"))
            }
        }
        return .success(parsed)
    }
}

/// Why the benchmark stopped.
enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message): "\(message)\n\(BenchArguments.usage)"
        case .failed(let message): "mpv-bench: \(message)"
        }
    }
}
