/// The index of the `size`-wide grid cell holding coordinate `value` (metres), clamped to
/// ±2^30 so that huge or non-finite coordinates (a hostile file) cannot trap the conversion
/// to an integer; NaN maps to cell 0.
@inline(__always)
package func gridCell(_ value: Double, size: Double) -> Int32 {
    let cell = (value / size).rounded(.down)
    guard cell.isFinite else { return cell.isNaN ? 0 : (cell > 0 ? 1 << 30 : -(1 << 30)) }
    return Int32(max(-1_073_741_824, min(1_073_741_824, cell)))
}
