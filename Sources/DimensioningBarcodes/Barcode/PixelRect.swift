/// A rectangle of image pixels: columns `x ..< x + width`, rows `y ..< y + height` (the part of
/// a colour frame zxing-cpp is shown, `codeRegions`).
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Pixels covered.
    public var area: Int { width * height }

    /// True when pixel (px, py) lies inside.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && px < Double(x + width) && py >= Double(y) && py < Double(y + height)
    }

    /// True when it lies wholly inside an image of `width` x `height` pixels and is not empty.
    func fits(width imageWidth: Int, height imageHeight: Int) -> Bool {
        x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= imageWidth && y + height <= imageHeight
    }
}
