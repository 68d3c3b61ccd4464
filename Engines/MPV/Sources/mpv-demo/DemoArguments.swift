import Foundation

/// The command line of `mpv-demo`.
struct DemoArguments: Sendable {
    /// Where the clip, the filmstrip PNG and the video go. Defaults to `mpv-demo-out` in the current directory.
    var output = URL(fileURLWithPath: "mpv-demo-out")
    /// How many frames the video has, spread evenly over the story. Defaults to 150 (30 per second).
    var frames = 150

    /// The usage text.
    static let usage = """
        usage: swift run -c release mpv-demo [--out DIR] [--frames N]

        Makes a 320×180 test clip, plays the feed-to-detail transition story and writes, into DIR
        (default mpv-demo-out), a filmstrip PNG of its eight stages and, when ffmpeg is installed, an mp4
        of N composed frames (default 150, over the story's 5 seconds). Every picture is one the MPV software
        renderer drew into the demo's hosts while the story played.
        """

    /// Parses arguments (without the program's name).
    /// - Throws: ``DemoError/usage(_:)`` for an unknown option or a bad value.
    init(_ arguments: [String]) throws(DemoError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--out":
                guard let path = rest.popFirst() else { throw .usage("--out needs a directory") }
                output = URL(fileURLWithPath: path)
            case "--frames":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                    throw .usage("--frames needs a positive number")
                }
                frames = value
            default:
                throw .usage("unknown argument \(argument)")
            }
        }
    }
}

/// Why the demo stopped.
enum DemoError: Error, CustomStringConvertible {
    /// The command line was wrong.
    case usage(String)
    /// A step failed.
    case failed(String)

    /// What went wrong, for the standard error.
    var description: String {
        switch self {
        case .usage(let message): "\(message)\n\n\(DemoArguments.usage)"
        case .failed(let message): message
        }
    }
}
