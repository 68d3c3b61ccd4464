extension FrameCode {
    /// An ffmpeg `lavfi` source that draws the clip's pictures: mid grey, with each frame's code in the centre.
    ///
    /// A 4 × 4 picture whose pixels are the cells is drawn with `geq` from the frame number `N` (the index
    /// and its CRC-4 computed in ffmpeg's expression language, one parity sum per check bit, each bit then
    /// exclusive-ored with ``cellMask``'s as the absolute difference of the two), scaled up with
    /// nearest-neighbour sampling to the grid's side, padded with the background grey to the picture's size and
    /// converted to `yuv420p`. The geometry is ``grid(width:height:)``'s, the levels are ``zeroLevel``,
    /// ``oneLevel`` and ``backgroundLevel``, so ``decode(_:videoSize:mode:)`` reads what this draws.
    /// - Parameters:
    ///   - width: The picture's width, in pixels (even).
    ///   - height: The picture's height, in pixels (even).
    ///   - framesPerSecond: The frame rate.
    ///   - seconds: The length.
    /// - Returns: The filter graph, for `-f lavfi -i`.
    package static func sourceFilter(width: Int, height: Int, framesPerSecond: Int, seconds: Int) -> String {
        let grid = grid(width: width, height: height)
        let background = hexGrey(backgroundLevel)
        let level = "\(zeroLevel)+\(oneLevel - zeroLevel)*\(cellBitExpression)"
        return [
            "color=c=\(background):s=\(columns)x\(rows):r=\(framesPerSecond):d=\(seconds)",
            "format=gbrp",
            "geq=r='\(level)':g='\(level)':b='\(level)'",
            "scale=\(grid.side):\(grid.side):flags=neighbor",
            "pad=\(width):\(height):\(grid.x):\(grid.y):color=\(background)",
            "format=yuv420p",
        ].joined(separator: ",")
    }

    /// The bit of the codeword that the cell at (`X`, `Y`) of the 4 × 4 picture shows, as an ffmpeg expression.
    private static var cellBitExpression: String {
        let shift = "pow(2,\(columns * rows - 1)-X-\(columns)*Y)"
        return "abs(mod(floor((\(codewordExpression))/\(shift)),2)-mod(floor(\(cellMask)/\(shift)),2))"
    }

    /// ``codeword(for:)`` of `N`, before ``cellMask``, as an ffmpeg expression: the CRC is linear, so each check bit
    /// is the parity of the index bits whose own CRC has that bit set.
    private static var codewordExpression: String {
        let index = "mod(N,\(indexModulus))"
        func bit(_ position: Int) -> String { "mod(floor(\(index)/\(1 << position)),2)" }
        let checks = (0..<checkBits).map { check in
            let terms = (0..<indexBits).filter { checksum(of: 1 << $0) >> check & 1 == 1 }.map(bit)
            return "\(1 << check)*mod(\(terms.joined(separator: "+")),2)"
        }
        return "\(index)*\(1 << checkBits)+" + checks.joined(separator: "+")
    }

    /// An RGB grey as ffmpeg's colour syntax writes it.
    private static func hexGrey(_ level: Int) -> String {
        let byte = String(level, radix: 16, uppercase: true)
        let padded = byte.count == 1 ? "0" + byte : byte
        return "0x" + padded + padded + padded
    }
}
