import Foundation
import Dimensioning

extension RigidTransform {
    /// A transform whose rotation has the given columns (the images of the x, y, z unit
    /// vectors) and the given translation in metres.
    public init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>,
                translation: SIMD3<Double>) {
        self.init(rows: [SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z)],
                  translation: translation)
    }

    /// The rotation by `|rotationVector|` radians about `rotationVector`'s direction
    /// (Rodrigues' formula), followed by `translation` in metres.
    public init(rotationVector w: SIMD3<Double>, translation: SIMD3<Double> = .zero) {
        let angle = (w * w).sum().squareRoot()
        guard angle > 1e-15 else {
            self.init(rows: RigidTransform.identity.rows, translation: translation)
            return
        }
        let half = angle / 2
        let axis = w / angle * sin(half)
        self.init(quaternion: SIMD4(axis.x, axis.y, axis.z, cos(half)), translation: translation)
    }

    /// The `worldFromCamera` pose of a camera at world point `eye` (metres) looking at world
    /// point `target`, with OpenCV axes (x right, y down, z forward) and the image's x axis
    /// along the horizontal direction `right` (projected to be perpendicular to the view).
    /// `roll` (radians) then turns the camera about its optical axis.
    static func lookAt(eye: SIMD3<Double>, target: SIMD3<Double>, right: SIMD3<Double>,
                       roll: Double = 0) -> RigidTransform {
        let f = simNormalized(target - eye)
        var r = right - (right * f).sum() * f
        r = simNormalized(r)
        var d = simCross(f, r)
        if roll != 0 {
            let c = cos(roll), s = sin(roll)
            let r2 = c * r + s * d
            d = -s * r + c * d
            r = r2
        }
        return RigidTransform(columns: r, d, f, translation: eye)
    }

    /// The 3x3 rotation's column `i` (the image of unit vector `i`).
    func column(_ i: Int) -> SIMD3<Double> { SIMD3(rows[0][i], rows[1][i], rows[2][i]) }

    /// The rotation angle in radians between this transform's rotation and `other`'s.
    func rotationAngle(to other: RigidTransform) -> Double {
        var trace = 0.0
        for i in 0..<3 { trace += (column(i) * other.column(i)).sum() }
        return acos(min(1, max(-1, (trace - 1) / 2)))
    }
}

@inline(__always)
func simCross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inline(__always)
func simDot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

@inline(__always)
func simNormalized(_ a: SIMD3<Double>) -> SIMD3<Double> { a / (a * a).sum().squareRoot() }
