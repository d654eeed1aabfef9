import Foundation

/// The colour image of a scene's reference view, seen through its camera: grey levels at
/// points of the floor frame. The image is registered to the depth (taken from where the
/// fusion's reference frame was, `FusedScene.worldFromReferenceCamera`), at its own resolution.
struct SeamImage: Sendable {
    var image: LumaImage
    /// Intrinsics at the image's size, pixels.
    var intrinsics: CameraIntrinsics
    var cameraFromWorld: RigidTransform
    var frame: FloorFrame

    /// `intrinsics`: the colour camera's (scaled to the image), or the reference depth frame's
    /// scaled when none is given (an aligned colour image). Nil without a pixel grid to scale.
    init?(_ image: LumaImage, intrinsics: CameraIntrinsics?, scene: FusedScene, frame: FloorFrame) {
        guard image.width >= 8, image.height >= 8,
              let base = intrinsics ?? scene.intrinsics, base.isValid, base.width > 0, base.height > 0 else { return nil }
        self.image = image
        self.intrinsics = base.scaled(toWidth: image.width, height: image.height)
        self.cameraFromWorld = scene.worldFromReferenceCamera.inverse
        self.frame = frame
    }

    /// Grey level (0...255, bilinear) where floor point `q` at `height` metres above the floor
    /// appears; nil outside the image or behind the camera.
    func luma(_ q: SIMD2<Double>, height: Double) -> Double? {
        guard let uv = intrinsics.project(cameraFromWorld.apply(frame.world(SIMD3(q.x, q.y, height)))) else { return nil }
        let x = uv.x, y = uv.y
        guard x >= 0, y >= 0, x <= Double(image.width - 1), y <= Double(image.height - 1) else { return nil }
        let x0 = min(Int(x), image.width - 2), y0 = min(Int(y), image.height - 2)
        let fx = x - Double(x0), fy = y - Double(y0)
        let row0 = y0 * image.width, row1 = row0 + image.width
        let top = Double(image.pixels[row0 + x0]) * (1 - fx) + Double(image.pixels[row0 + x0 + 1]) * fx
        let bottom = Double(image.pixels[row1 + x0]) * (1 - fx) + Double(image.pixels[row1 + x0 + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// Metres on the floor one image pixel spans at floor point `q`, `height` metres up.
    func footprint(_ q: SIMD2<Double>, height: Double) -> Double {
        let camera = cameraFromWorld.apply(frame.world(SIMD3(q.x, q.y, height)))
        return max(camera.z, 0.05) / ((intrinsics.fx + intrinsics.fy) / 2)
    }
}
