import SeamlessPlayback
import SeamlessPlaybackMPV

/// Where and how a clip's frame index is drawn into its pictures, and how it is read back from a host's frame.
///
/// The code is a grid of ``columns`` × ``rows`` square cells, each light grey (a 1) or dark grey (a 0), on a mid-grey
/// picture. Read row by row from the top left, the 16 cells spell a codeword: the frame's index (``indexBits`` bits,
/// most significant first) followed by ``checkBits`` CRC-4 bits (polynomial x⁴ + x + 1), the whole exclusive-ored
/// with ``cellMask`` so that a picture of one grey (all cells dark or all light) is never a valid code. The check bits
/// catch every single misread cell, every burst of up to four consecutive misread cells, and every pair of misread
/// cells except the first with the last; other misreads pass with a chance of about 1 in 16.
///
/// The grid is centred, its side two thirds of the picture's shorter side, so it survives aspect fill into a square
/// (which keeps the centre 56 % of a 16:9 picture's width) and into any box from 2:3 to about 2.67:1, as well as
/// aspect fit. Aspect fill into a box narrower than 2:3 (such as 9:16) crops the grid's outer columns: such frames read
/// ``FrameReading/unreadable``. No colour in the picture is near black, so a black host is never mistaken for a code.
package enum FrameCode {
    /// The grid's cells across.
    package static let columns = 4
    /// The grid's cells down.
    package static let rows = 4
    /// How many cells carry the frame index.
    package static let indexBits = 12
    /// How many cells carry the CRC-4 of the index.
    package static let checkBits = 4
    /// Indices wrap at this: a clip longer than 4096 frames (136 s at 30 fps) shows frame 4096 as index 0.
    package static let indexModulus = 1 << indexBits
    /// Exclusive-ored into every codeword: neither all-dark nor all-light cells are a valid code, so a uniform dark or
    /// light picture is never read as an index (without it, index 0 would be sixteen dark cells).
    package static let cellMask = 0x5AA5
    /// The grey of the picture around the grid, in 8-bit RGB.
    package static let backgroundLevel = 128
    /// The grey of a cell that carries a 0.
    package static let zeroLevel = 64
    /// The grey of a cell that carries a 1.
    package static let oneLevel = 192
    /// How far a cell's mean grey may stray from ``zeroLevel`` or ``oneLevel`` and still be read: nearer the
    /// background than this, or farther out, and the frame is unreadable.
    package static let levelTolerance = 32
    /// The brightest channel a pixel may have and still count as black.
    package static let blackLevel = 40

    /// The grid's place in a picture, in the picture's pixels.
    package struct Grid: Hashable, Sendable {
        /// The left edge of the grid.
        package let x: Int
        /// The top edge of the grid.
        package let y: Int
        /// One cell's side.
        package let cellSide: Int

        /// The grid's side: ``FrameCode/columns`` cells.
        package var side: Int { cellSide * FrameCode.columns }

        /// The cell at `cell` (0 top left, row by row), in picture pixels.
        /// - Parameter cell: The cell's number, `0 ..< columns × rows`.
        /// - Returns: Its rect.
        package func rect(ofCell cell: Int) -> Rect {
            Rect(
                x: Double(x + cell % FrameCode.columns * cellSide), y: Double(y + cell / FrameCode.columns * cellSide),
                width: Double(cellSide), height: Double(cellSide))
        }
    }

    /// Where the grid lies in a picture of the given size: centred, its side the largest even multiple of four
    /// cells that fits in two thirds of the shorter side, its corner on even pixels (for 4:2:0 chroma).
    /// - Parameters:
    ///   - width: The picture's width, in pixels.
    ///   - height: The picture's height, in pixels.
    /// - Returns: The grid.
    package static func grid(width: Int, height: Int) -> Grid {
        let cellSide = max(2, min(width, height) / 6 / 2 * 2)
        let side = cellSide * columns
        return Grid(x: max(0, (width - side) / 2 / 2 * 2), y: max(0, (height - side) / 2 / 2 * 2), cellSide: cellSide)
    }

    /// The CRC-4 (x⁴ + x + 1, no initial value) of an index's ``indexBits`` bits.
    /// - Parameter index: The index, reduced modulo ``indexModulus``.
    /// - Returns: The four check bits.
    package static func checksum(of index: Int) -> Int {
        var register = (index % indexModulus) << checkBits
        for bit in stride(from: indexBits + checkBits - 1, through: checkBits, by: -1) where register >> bit & 1 == 1 {
            register ^= 0b10011 << (bit - checkBits)
        }
        return register
    }

    /// The 16 bits the cells show for a frame: its index, then the index's ``checksum(of:)``, exclusive-ored with
    /// ``cellMask``.
    /// - Parameter index: The frame's number; reduced modulo ``indexModulus``.
    /// - Returns: The codeword, whose most significant bit is the top-left cell (1 is light).
    package static func codeword(for index: Int) -> Int {
        let index = (index % indexModulus + indexModulus) % indexModulus
        return (index << checkBits | checksum(of: index)) ^ cellMask
    }

    /// The index a codeword carries, or `nil` when its check bits disagree.
    /// - Parameter codeword: 16 bits, as read from the cells (1 is light).
    /// - Returns: The index.
    package static func index(fromCodeword cells: Int) -> Int? {
        let codeword = cells ^ cellMask
        let index = codeword >> checkBits
        guard index < indexModulus, checksum(of: index) == codeword & (1 << checkBits - 1) else { return nil }
        return index
    }

    /// The grey of one pixel of the picture of a frame: what the clip shows, drawn in Swift (for tests and
    /// synthetic hosts).
    /// - Parameters:
    ///   - x: The column in the picture.
    ///   - y: The row in the picture.
    ///   - index: The frame's number.
    ///   - grid: The picture's ``grid(width:height:)``.
    /// - Returns: The 8-bit grey level.
    package static func level(x: Int, y: Int, index: Int, grid: Grid) -> Int {
        level(x: x, y: y, codeword: codeword(for: index), grid: grid)
    }

    /// The grey of one pixel of the picture whose cells show `codeword` (``codeword(for:)``): for drawing a whole
    /// picture without working the codeword out again for every pixel.
    /// - Parameters:
    ///   - x: The column in the picture.
    ///   - y: The row in the picture.
    ///   - codeword: The cells, the first in the highest bit.
    ///   - grid: The picture's ``grid(width:height:)``.
    /// - Returns: The 8-bit grey level.
    package static func level(x: Int, y: Int, codeword: Int, grid: Grid) -> Int {
        let column = x - grid.x
        let row = y - grid.y
        guard column >= 0, row >= 0, column < grid.side, row < grid.side else { return backgroundLevel }
        let cell = row / grid.cellSide * columns + column / grid.cellSide
        let bit = codeword >> (columns * rows - 1 - cell) & 1
        return bit == 1 ? oneLevel : zeroLevel
    }
}
