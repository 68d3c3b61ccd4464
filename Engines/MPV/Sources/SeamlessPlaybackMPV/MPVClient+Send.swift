import CMPV
import Foundation

/// The one place that turns the machine's requests into libmpv's asynchronous calls.
extension MPVClient {
    static func send(_ outgoing: EngineStateMachine.Outgoing, to handle: OpaquePointer) -> Int32 {
        let request = outgoing.request
        switch outgoing.command {
        case .loadFile(let source):
            return withCStrings(["loadfile", source, "replace"]) { mpv_command_async(handle, request, $0) }
        case .stop:
            return withCStrings(["stop"]) { mpv_command_async(handle, request, $0) }
        case .setProperty(let name, let value):
            return setPropertyAsync(handle, request, name, value)
        case .getProperty(let name, let format):
            return mpv_get_property_async(handle, request, name, format.mpvFormat)
        case .command(let arguments):
            return withCStrings(arguments) { mpv_command_async(handle, request, $0) }
        }
    }

    private static func setPropertyAsync(
        _ handle: OpaquePointer, _ request: UInt64, _ name: String, _ value: MPVValue
    ) -> Int32 {
        switch value {
        case .flag(let flag):
            var data: Int32 = flag ? 1 : 0
            return mpv_set_property_async(handle, request, name, MPV_FORMAT_FLAG, &data)
        case .int(let int):
            var data = int
            return mpv_set_property_async(handle, request, name, MPV_FORMAT_INT64, &data)
        case .double(let double):
            var data = double
            return mpv_set_property_async(handle, request, name, MPV_FORMAT_DOUBLE, &data)
        case .string(let string):
            return withCStrings([string]) { strings in
                var data = strings[0]
                return mpv_set_property_async(handle, request, name, MPV_FORMAT_STRING, &data)
            }
        }
    }
}

extension MPVFormat {
    var mpvFormat: mpv_format {
        switch self {
        case .flag: MPV_FORMAT_FLAG
        case .int: MPV_FORMAT_INT64
        case .double: MPV_FORMAT_DOUBLE
        case .string: MPV_FORMAT_STRING
        }
    }
}

/// Calls `body` with a NULL-terminated array of C strings, valid only during the call (mpv copies them).
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies = strings.map { strdup($0) }
    defer {
        for copy in copies { free(copy) }
    }
    var pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeMutableBufferPointer { buffer in
        // A non-empty array's buffer always has a base address.
        body(buffer.baseAddress.unsafelyUnwrapped)
    }
}
