import Foundation
import Testing
@testable import Dimensioning

@Suite struct ScratchRealTests {
    func capture(_ url: URL) throws -> DepthCapture {
        let loaded = try NativeCloud.read(path: url.path, maxPoints: 10_000_000)
        let cloud = CapturedCloud(pointsInCamera: loaded.points, gridWidth: loaded.width, gridHeight: loaded.height, pixelIndex: loaded.pixelIndex)
        return DepthCapture(source: url, frames: [], cloud: cloud, gravityInWorld: nil)
    }

    @Test func scratch() throws {
        for url in TestPaths.cartonFrames + [TestPaths.milkCarton] {
            let c = try capture(url)
            do {
                let scene = try fuseFrames(c)
                let floor = try fitFloor(scene)
                print("SCRATCH floor \(floor.plane) share \(floor.inlierShare) rms \(floor.rms) pts \(scene.pointsInWorld.count)")
                let box = try isolateBox(scene, floor: floor)
                let hs = box.heights.sorted()
                print("SCRATCH box n=\(box.pointIndices.count) clusters \(box.clusterCount) h50 \(hs[hs.count/2]) h98 \(hs[hs.count*98/100]) max \(hs.last!)")
                var minx = 9999, maxx = 0, miny = 9999, maxy = 0
                for i in box.pointIndices { let p = Int(scene.pixelIndex![i]); minx = min(minx, p % 640); maxx = max(maxx, p % 640); miny = min(miny, p / 640); maxy = max(maxy, p/640) }
                print("SCRATCH bbox px \(minx)-\(maxx) x \(miny)-\(maxy)")
                for cand in try boxCandidates(scene, floor: floor, limit: 5) {
                    var minx = 9999, maxx = 0, miny = 9999, maxy = 0
                    for i in cand.pointIndices { let p = Int(scene.pixelIndex![i]); minx = min(minx, p % 640); maxx = max(maxx, p % 640); miny = min(miny, p / 640); maxy = max(maxy, p/640) }
                    let hs = cand.heights.sorted()
                    var msg = "n=\(cand.pointIndices.count) px \(minx)-\(maxx) x \(miny)-\(maxy) h98 \(hs[hs.count*98/100])"
                    do {
                        let top = try fitTopFace(scene, box: cand)
                        msg += " top h \(top.height) share \(top.inlierShare) n \(top.inlierIndices.count)"
                        let cub = try fitCuboid(scene, box: cand, top: top)
                        msg += " L \(cub.length) W \(cub.width) fill \(cub.fill) methods \(cub.edgeMethods)"
                    } catch { msg += " ERR \(error)" }
                    print("SCRATCH cand " + msg)
                }
                let r = try runPipeline(c)
                print("SCRATCH \(url.lastPathComponent): L \(r.cuboid.length) W \(r.cuboid.width) H \(r.cuboid.height) conf \(r.confidence) dist \(r.distance) fill \(r.cuboid.fill) methods \(r.cuboid.edgeMethods) clusters \(r.box.clusterCount) topshare \(r.top.inlierShare) k \(String(describing: r.scene.intrinsics))")
            } catch {
                print("SCRATCH \(url.lastPathComponent): \(error)")
            }
        }
    }
}
