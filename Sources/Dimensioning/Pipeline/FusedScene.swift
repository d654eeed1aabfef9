import Foundation

/// The output of frame fusion: one cloud in the world frame, still tied to the reference
/// camera's pixel grid when the capture has one.
///
/// World frame: for Stray Scanner captures with poses, the engine's world (z up, gravity along
/// -z); without poses, the reference camera's frame (x right, y down, z forward), and gravity is
/// unknown.
public struct FusedScene: Sendable {
    /// Fused points, metres, in the world frame.
    public var pointsInWorld: PointCloud
    /// For each point, `row * gridWidth + column` in the reference image; nil for an
    /// unorganized cloud.
    public var pixelIndex: [Int32]?
    /// For each point, the share of its samples that were high confidence (0...1).
    public var highConfidenceShare: [Float]
    /// Reference image size in pixels (0 when unorganized).
    public var gridWidth: Int
    public var gridHeight: Int
    /// Intrinsics of the reference camera at `gridWidth x gridHeight`, when known.
    public var intrinsics: CameraIntrinsics?
    /// Pose of the reference camera in the world frame.
    public var worldFromReferenceCamera: RigidTransform
    /// Unit gravity direction in the world frame when known.
    public var gravityInWorld: SIMD3<Double>?
    /// Number of frames that contributed.
    public var frameCount: Int
    /// Where each reference pixel's samples came from (frame and source pixel), kept for
    /// frame-to-frame agreement; nil for single-cloud captures. The frames' points are not
    /// kept: `FrameSamples.worldPoint` recomputes any of them exactly.
    public var frameSamples: FrameSamples?

    /// Position of the reference camera in the world frame, metres.
    public var cameraPosition: SIMD3<Double> { worldFromReferenceCamera.translation }

    /// Unit optical axis of the reference camera in the world frame.
    public var viewDirection: SIMD3<Double> { worldFromReferenceCamera.rotate(SIMD3(0, 0, 1)) }

    /// Whether every point was seen from the reference camera itself: one frame, an organised
    /// cloud, or the frames of a still camera (each within 5 mm and 0.5 degrees of the
    /// reference). A handheld sweep's points come from many viewpoints averaged into the
    /// reference grid, and an unorganised cloud's from anywhere.
    public var isSingleViewpoint: Bool {
        guard let samples = frameSamples else { return pixelIndex != nil }
        let cosLimit = cos(0.5 * Double.pi / 180)
        return samples.referenceFromFrame.allSatisfy { pose in
            length(pose.translation) < 0.005 && dot(pose.rotate(SIMD3(0, 0, 1)), SIMD3(0, 0, 1)) > cosLimit
                && dot(pose.rotate(SIMD3(1, 0, 0)), SIMD3(1, 0, 0)) > cosLimit
        }
    }
}

/// The depth samples behind a fused scene, grouped by reference pixel, as (frame, source pixel)
/// pairs: 6 bytes a sample instead of a world point per sample. The frames themselves are
/// shared with the capture (arrays are copy-on-write), not copied.
public struct FrameSamples: Sendable {
    let index: FrameSampleIndex
    let frames: [DepthFrame]
    let referenceFromFrame: [RigidTransform]
    let worldFromReference: RigidTransform

    /// Samples binned into reference pixel `pixel`: indices for `frame(_:)` and `sourcePixel(_:)`.
    @inline(__always)
    func samples(ofPixel pixel: Int) -> Range<Int> {
        Int(index.sampleStart[pixel])..<Int(index.sampleStart[pixel + 1])
    }

    /// The frame (0-based, fusion order) sample `j` came from.
    @inline(__always)
    func frame(_ j: Int) -> Int { Int(index.frame[j]) }

    /// The pixel of its own frame sample `j` came from, `row << 16 | column`.
    @inline(__always)
    func sourcePixel(_ j: Int) -> UInt32 { index.sourcePixel[j] }

    /// Calls `body` with the world point of each of frame `f`'s source pixels `sources`, as
    /// fusion placed it and a `PointCloud` would store it (`Float`): the same operations as
    /// `SampleBinner.bin` (unproject, to the reference camera, to the world), so the same
    /// values.
    func forEachWorldPoint(frame f: Int, sources: [UInt32], _ body: (SIMD3<Double>) -> Void) {
        let frame = frames[f], k = frame.intrinsics, width = frame.width
        let toReference = RowTransform(referenceFromFrame[f]), toWorld = RowTransform(worldFromReference)
        let (columnFactor, rowFactor) = k.unprojectionFactors(width: frame.width, height: frame.height)
        frame.depth.withUnsafeBufferPointer { depth in
            for s in sources {
                let u = Int(s & 0xFFFF), v = Int(s >> 16)
                let d = Double(depth[v * width + u])
                let p = toReference.apply(SIMD3(columnFactor[u] * d, rowFactor[v] * d, d))
                let w = toWorld.apply(p)
                body(SIMD3(Double(Float(w.x)), Double(Float(w.y)), Double(Float(w.z))))
            }
        }
    }
}

/// Samples grouped by reference pixel: those of pixel p are `sampleStart[p]..<sampleStart[p+1]`.
struct FrameSampleIndex: Sendable {
    var sampleStart: [Int32]
    var frame: [UInt16]
    var sourcePixel: [UInt32]
}
