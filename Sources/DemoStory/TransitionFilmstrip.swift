import Foundation
import SeamlessPlayback

/// Draws a transition plan as a filmstrip: the view and mask rectangles at progress 0, 0.25, 0.5,
/// 0.75 and 1, side by side, each on an outline of the screen with the source cell dashed, and, when known,
/// the host that holds the live picture outlined in green and named.
public struct TransitionFilmstrip: Sendable {
    /// The plan to draw.
    public var plan: TransitionPlan
    /// The moments drawn.
    public var progresses: [Double] = [0, 0.25, 0.5, 0.75, 1]
    /// Screen points to SVG pixels.
    public var scale = 0.5
    /// The name of the host at the plan's source.
    public var sourceName = "feed cell"
    /// The name of the host at the plan's destination (the player view).
    public var destinationName = "detail page"
    /// The host holding the live picture during the transition, as the surfaces reported it; `nil` marks none.
    public var pictureHost: String?

    /// Creates a filmstrip of `plan`.
    /// - Parameters:
    ///   - plan: The plan to draw.
    ///   - pictureHost: The host holding the live picture, by name (``sourceName`` or ``destinationName``).
    public init(plan: TransitionPlan, pictureHost: String? = nil) {
        self.plan = plan
        self.pictureHost = pictureHost
    }

    /// Where the host holding the picture appears at a moment of the transition, if it is one of the two.
    func pictureRect(at progress: Double) -> Rect? {
        switch pictureHost {
        case destinationName: plan.viewRect(at: progress)
        case sourceName: plan.source
        default: nil
        }
    }

    /// The SVG document.
    public func svg() -> String {
        let screen = plan.destination.union(plan.source)
        let panelWidth = screen.width * scale + 40
        let panelHeight = screen.height * scale + 60
        let width = panelWidth * Double(progresses.count)
        let offsetY = 40 - screen.minY * scale
        var body = ""
        for (index, progress) in progresses.enumerated() {
            let offsetX = Double(index) * panelWidth + 20 - screen.minX * scale
            func rect(_ r: Rect, _ style: String) -> String {
                String(
                    format: "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" %@/>\n",
                    offsetX + r.minX * scale, offsetY + r.minY * scale, r.width * scale, r.height * scale, style)
            }
            body += rect(plan.destination, "fill=\"#f4f4f4\" stroke=\"#999\"")
            body += rect(plan.source, "fill=\"none\" stroke=\"#555\" stroke-dasharray=\"4 3\"")
            body += rect(plan.viewRect(at: progress), "fill=\"#3b82f6\" fill-opacity=\"0.25\" stroke=\"#1d4ed8\"")
            body += rect(plan.maskRect(at: progress), "fill=\"none\" stroke=\"#dc2626\" stroke-width=\"2\"")
            if let host = pictureHost, let held = pictureRect(at: progress) {
                body += rect(held, "fill=\"none\" stroke=\"#16a34a\" stroke-width=\"4\" stroke-dasharray=\"10 4\"")
                body += String(
                    format: "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"12\" "
                        + "fill=\"#16a34a\">picture: %@</text>\n",
                    Double(index) * panelWidth + 20, panelHeight - 24, host)
            }
            body += String(
                format: "<text x=\"%.2f\" y=\"24\" font-family=\"sans-serif\" font-size=\"14\">progress %.2f</text>\n",
                Double(index) * panelWidth + 20, progress)
        }
        let legend = String(
            format: "<text x=\"20\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"12\">"
                + "blue: player view · red: mask · dashed: feed cell · grey: detail page"
                + (pictureHost == nil ? "" : " · green: the host holding the live picture") + "</text>\n",
            panelHeight - 6)
        return String(
            format:
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
            width, panelHeight, width, panelHeight)
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + legend + "</svg>\n"
    }
}

extension Rect {
    /// The smallest rect containing both.
    func union(_ other: Rect) -> Rect {
        let minX = min(self.minX, other.minX)
        let minY = min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}
