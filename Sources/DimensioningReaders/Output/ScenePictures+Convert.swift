import Dimensioning
import Foundation

extension ScenePictures {
    /// Writes the fused cloud of `capture` with its segmentation as a `label` field (.pcd or
    /// .ply by extension). When the engine refuses to measure, the cloud is still written:
    /// floor labelled where a floor was found, everything else 0. Returns the refusal, if any.
    ///
    /// - Throws: when the capture has no depth to fuse, or the file cannot be written.
    @discardableResult
    public static func convert(_ capture: DepthCapture, to url: URL,
                               parameters: PipelineParameters = .init()) throws(DimensioningError) -> DimensioningError? {
        do {
            let result = try runPipeline(capture, parameters: parameters)
            try writeLabelledCloud(result, to: url)
            return nil
        } catch let refusal {
            if case .unreadableCapture = refusal { throw refusal }
            let scene = try fuseFrames(capture, parameters: parameters.fusion, sensor: parameters.behaviour)
            var labels = [Int32](repeating: SceneSegmentation.Label.other.rawValue, count: scene.pointsInWorld.count)
            if let floor = try? fitFloor(scene, parameters: parameters.floor, sensor: parameters.behaviour) {
                for i in 0..<labels.count where abs(floor.plane.signedDistance(scene.pointsInWorld[i])) <= SceneSegmentation.floorBand {
                    labels[i] = SceneSegmentation.Label.floor.rawValue
                }
            }
            let rgb = labels.map { (SceneSegmentation.Label(rawValue: $0) ?? .other).rgb }
            try writeCloud(scene.pointsInWorld, rgb: rgb, labels: labels, to: url)
            return refusal
        }
    }
}
