import Foundation

/// One flat top seen from above: a connected patch of flat cells of a `HeightMap` whose
/// neighbours differ by at most `SceneParameters.stepTolerance` in height. Two cartons of
/// different heights give two regions (the step between them cuts the patch); cartons of one
/// height pressed together give one.
public struct TopRegion: Sendable {
    /// The region's cells (indices into `HeightMap.top`), ascending.
    public var cells: [Int]
    /// Median height of its cells above the floor plane, metres.
    public var level: Double
    /// Covered area, square metres (cells times a cell's area).
    public var area: Double
    /// The shorter side of the minimum-area rectangle around its cells, metres: how wide a
    /// surface it is (a strip of mixed depths beside a top is a few centimetres wide).
    public var width: Double

    /// The region of `cells` (ascending) of `map`: their median height, area and width.
    init(cells: [Int], map: HeightMap) {
        self.cells = cells
        level = Statistics.median(cells.map { Double(map.top[$0]) }) ?? 0
        area = Double(cells.count) * map.cellSize * map.cellSize
        let rectangle = minimumAreaRectangle(points: cells.map { map.centre(ofCell: $0) })
        width = rectangle.map { 2 * min($0.halfA, $0.halfB) + map.cellSize } ?? map.cellSize
    }
}

/// Finds the tops of a height map: its flat cells (`HeightMap.isFlat`) at least
/// `minimumHeight` metres above the floor, grouped into radius-connected components (PCL's
/// Euclidean clustering criterion, `cpc_radius_components`) of the cells' centres with their
/// heights scaled by `cellSize / stepTolerance`: neighbouring cells (8-connected) join when
/// their heights differ by about `stepTolerance` or less, so a depth step between two tops cuts
/// them apart while a lid's slow sag does not. Regions smaller than `minimumArea` square metres
/// are dropped. Ordered by area, largest first.
///
/// - Throws: `internalFailure` when the native clustering fails.
public func findTopRegions(_ map: HeightMap, minimumHeight: Double, minimumArea: Double,
                           parameters: SceneParameters = .init()) throws(DimensioningError) -> [TopRegion] {
    var cells: [Int] = []
    var centres: [SIMD3<Double>] = []
    let scale = map.cellSize / parameters.stepTolerance
    for cell in 0..<map.top.count {
        let h = map.top[cell]
        guard !h.isNaN, Double(h) >= minimumHeight,
              map.isFlat(cell, maximumSlope: parameters.maximumSlope) else { continue }
        let c = map.centre(ofCell: cell)
        cells.append(cell)
        centres.append(SIMD3(c.x, c.y, Double(h) * scale))
    }
    let minimumCells = max(4, Int((minimumArea / (map.cellSize * map.cellSize)).rounded(.up)))
    guard cells.count >= minimumCells else { return [] }
    let labels: [Int32], count: Int
    do {
        (labels, count) = try NativeCloud.radiusComponents(PointCloud(points: centres), tolerance: Float(1.5 * map.cellSize),
                                                           minSize: minimumCells, maxSize: Int(Int32.max))
    } catch { throw .internalFailure(reason: "top regions: \(error.message)") }
    var members = [[Int]](repeating: [], count: count)
    for (j, label) in labels.enumerated() where label >= 0 { members[Int(label)].append(cells[j]) }
    return members.map { TopRegion(cells: $0, map: map) }.sorted { $0.area != $1.area ? $0.area > $1.area : $0.cells[0] < $1.cells[0] }
}
