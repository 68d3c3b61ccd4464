extension ContentMode {
    /// The factor by which content is scaled to be laid out in a box in this mode.
    ///
    /// ``aspectFit`` takes `min(box.width / content.width, box.height / content.height)`, so the whole
    /// content shows; ``aspectFill`` takes the `max`, so the content covers the whole box.
    ///
    /// - Parameters:
    ///   - content: The natural size of the content, such as a video's presentation size.
    ///   - box: The size of the view the content is laid out in.
    /// - Returns: The scale factor; not finite, or zero, when either size is zero or not finite.
    public func scale(for content: Size, in box: Size) -> Double {
        let horizontal = box.width / content.width
        let vertical = box.height / content.height
        switch self {
        case .aspectFit: return min(horizontal, vertical)
        case .aspectFill: return max(horizontal, vertical)
        }
    }

    /// Where content appears when laid out in a box in this mode: scaled by ``scale(for:in:)`` and centred,
    /// as `AVLayerVideoGravity.resizeAspect` and `.resizeAspectFill` place a video.
    ///
    /// - Parameters:
    ///   - content: The natural size of the content, such as a video's presentation size.
    ///   - box: The frame of the view the content is laid out in.
    /// - Returns: The content's rect, in the same coordinates as `box`; for ``aspectFill`` it overflows `box`
    ///   on one axis unless the aspect ratios match.
    public func rect(for content: Size, in box: Rect) -> Rect {
        let scale = scale(for: content, in: box.size)
        return Rect(
            center: box.center,
            size: Size(width: content.width * scale, height: content.height * scale)
        )
    }
}
