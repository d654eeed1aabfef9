/// Follows live detections from frame to frame: stable ids, steadiness and stability.
///
/// Each detection (primary first) continues the nearest not-yet-matched track whose last
/// centroid is within `trackMatchDistance`; otherwise it opens a track with a fresh id. A
/// continued track is steady in this frame when its centroid moved less than
/// `steadyCentroidTolerance` and its rectangle less than `steadyRectTolerance`; it is stable
/// after `stabilityFrames` consecutive steady frames. Unmatched tracks end.
struct BoxTracker: Sendable {
    var parameters: LiveAnalysisParameters
    var stabilityFrames: Int
    private(set) var tracks: [BoxTrack] = []
    private var nextID = 1

    init(parameters: LiveAnalysisParameters, stabilityFrames: Int) {
        self.parameters = parameters
        self.stabilityFrames = stabilityFrames
    }

    /// Updates the tracks with one frame's detections; returns them in detection order.
    mutating func update(with detections: [LiveDetection]) -> [BoxTrack] {
        var unmatched = tracks
        var updated: [BoxTrack] = []
        for detection in detections {
            var bestIndex: Int?
            var bestDistance = parameters.trackMatchDistance
            for (k, track) in unmatched.enumerated() {
                let d = track.centroidInWorld - detection.centroid
                let distance = (d * d).sum().squareRoot()
                if distance <= bestDistance { bestDistance = distance; bestIndex = k }
            }
            if let k = bestIndex {
                var track = unmatched.remove(at: k)
                let steady = bestDistance < parameters.steadyCentroidTolerance
                    && track.normalizedScreenRect.distance(to: detection.rect) < parameters.steadyRectTolerance
                track.steadyFrames = steady ? track.steadyFrames + 1 : 0
                track.isStable = track.steadyFrames >= stabilityFrames
                track.lastMovement = bestDistance
                track.normalizedScreenRect = detection.rect
                track.centroidInWorld = detection.centroid
                track.distance = detection.distance
                track.roughHeight = detection.maximumHeight
                updated.append(track)
            } else {
                updated.append(BoxTrack(id: nextID, isStable: false, steadyFrames: 0,
                                        normalizedScreenRect: detection.rect, centroidInWorld: detection.centroid,
                                        distance: detection.distance, roughHeight: detection.maximumHeight,
                                        lastMovement: 0))
                nextID += 1
            }
        }
        tracks = updated
        return updated
    }

    /// Forgets every track (ids keep counting up).
    mutating func clear() { tracks = [] }
}
