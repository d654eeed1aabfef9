import Foundation

/// The relief of a carton's lid measured from its top (`measureTopRelief`, as for a lone box):
/// a raised part standing clear of it, or how far it bows up, the lid's plane at `topLevel`
/// metres above the floor plane of `map.frame`. Its points are the map's within `rectangle`
/// above the support (`measureTopRelief` keeps those a margin inside the sides); its cells are
/// two pixel footprints (`pixelFootprint`, metres) across. The crown is decided for the sensor
/// class's lid profile (`SensorClassPriors.lidProfile`). Nil when the lid is too small.
func cartonRelief(_ rectangle: Rectangle2D, topLevel: Double, topRms: Double, supportLevel: Double, map: HeightMap,
                  scene: FusedScene, pixelFootprint: Double, lidProfile: Double,
                  parameters: RaisedPartParameters) -> TopRelief? {
    var indices: [Int] = [], heights: [Double] = []
    for j in 0..<map.pointIndices.count where map.pointHeights[j] > supportLevel + 0.01 {
        let q = map.frame.local(scene.pointsInWorld[map.pointIndices[j]])
        guard rectangle.contains(SIMD2(q.x, q.y), margin: 0) else { continue }
        indices.append(map.pointIndices[j])
        heights.append(map.pointHeights[j])
    }
    let carton = BoxSegment(floorFrame: map.frame, pointIndices: indices, heights: heights, aboveFloorIndices: [],
                            otherObjectIndices: [], otherObjectLabels: [], clusterCount: 1)
    let top = TopFaceFit(height: topLevel, inlierIndices: [], inlierShare: 1, bandIndices: [], rms: topRms)
    guard var relief = try? measureTopRelief(scene, box: carton, top: top, footprint: rectangle,
                                             pixelFootprint: pixelFootprint, parameters: parameters) else { return nil }
    relief.crown = relief.crown(lidProfile: lidProfile)
    return relief
}
