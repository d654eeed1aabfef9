import Foundation
import Testing
@testable import Dimensioning

@Suite struct ScratchSimTests {
    @Test func sides() throws {
        let env = ProcessInfo.processInfo.environment
        guard let list = env["SCRATCH_SCENARIOS"] else { return }
        let clean = env["SCRATCH_CLEAN"] != nil
        for index in list.split(separator: ",").map({ Int($0)! }) {
            let s = ScenarioCatalog.scenario(index: index, seed: 2026)
            var rig = s.rig
            if env["SCRATCH_STEADY"] != nil { rig = rig.steady() }
            if let n = env["SCRATCH_FRAMES"] { rig.frameCount = Int(n)! }
            let sim = clean ? SceneSimulator.render(scene: s.scene, rig: rig, noise: .none, seed: 7)
                            : ScenarioCatalog.render(index: index, seed: 2026).capture
            guard let target = s.scene.target else { continue }
            do {
                let r = try runPipeline(sim.capture)
                let fp = r.cuboid.footprint
                let frame = r.box.floorFrame
                // Where rays from the footprint centre along +-A, +-B leave the true box (world xy).
                let c3 = frame.world(SIMD3(fp.center.x, fp.center.y, 0))
                let dirs = [frame.worldDirection(fp.axisA), -frame.worldDirection(fp.axisA), frame.worldDirection(fp.axisB), -frame.worldDirection(fp.axisB)]
                let la = target.lengthAxis, wa = target.widthAxis
                let rel = SIMD3(c3.x - target.center.x, c3.y - target.center.y, 0)
                let trueSides = dirs.map { d -> Double in
                    var tmax = Double.infinity
                    for (axis, half) in [(la, target.length / 2), (wa, target.width / 2)] {
                        let o = (rel * axis).sum(), v = (d * axis).sum()
                        if abs(v) > 1e-9 { tmax = min(tmax, max((half - o) / v, (-half - o) / v)) }
                    }
                    return tmax
                }
                let measuredSides = [fp.halfA, fp.halfA, fp.halfB, fp.halfB]
                var line = "SCRATCH \(index) \(s.kind) el \(Int(s.rig.elevation * 180 / .pi)) d \(String(format: "%.2f", s.rig.distance)) conf \(String(format: "%.2f", r.confidence.combined)) \(r.confidence)\n   "
                for k in 0..<4 { line += " \(r.cuboid.edgeMethods[k].rawValue): \(String(format: "%+.1f", (measuredSides[k] - trueSides[k]) * 1000))" }
                line += " L \(String(format: "%+.1f", (r.cuboid.length - sim.truth.length) * 1000)) W \(String(format: "%+.1f", (r.cuboid.width - sim.truth.width) * 1000)) top \(r.cuboid.topPointCount) fill \(String(format: "%.2f", r.cuboid.fill))"
                print(line)
            } catch { print("SCRATCH \(index) \(error)") }
        }
    }
}

@Suite struct ScratchTouchTests {
    @Test func touching() throws {
        guard let list = ProcessInfo.processInfo.environment["SCRATCH_TOUCH"] else { return }
        for index in list.split(separator: ",").map({ Int($0)! }) {
            let s = ScenarioCatalog.scenario(index: index, seed: 2026)
            let t = s.scene.target!, o = s.scene.otherBoxes[0]
            print("TOUCH \(index) target \(t.length) x \(t.width) x \(t.height) other \(o.length) x \(o.width) x \(o.height) yawdiff \(o.yaw - t.yaw)")
            let r = try runPipeline(ScenarioCatalog.render(index: index, seed: 2026).capture.capture)
            print("   measured \(r.cuboid.length) \(r.cuboid.width) \(r.cuboid.height) fill \(r.cuboid.fill) outside \(shareOutsideFootprint(r.scene, box: r.box, cuboid: r.cuboid, margin: 0.025))")
        }
    }
}

@Suite struct ScratchStagesTests {
    @Test func stages() throws {
        guard let list = ProcessInfo.processInfo.environment["SCRATCH_STAGES"] else { return }
        for index in list.split(separator: ",").map({ Int($0)! }) {
            let capture = ScenarioCatalog.render(index: index, seed: 2026).capture.capture
            let scene = try fuseFrames(capture)
            let floor = try fitFloor(scene)
            for box in try boxCandidates(scene, floor: floor, limit: 2) {
                guard let top = try? fitTopFace(scene, box: box), let cuboid = try? fitCuboid(scene, box: box, top: top) else { continue }
                let outside = shareOutsideFootprint(scene, box: box, cuboid: cuboid, margin: 0.025)
                let touching = pointsTouchingFootprint(scene, box: box, cuboid: cuboid, margin: 0.05)
                var hs: [Double] = []
                for i in box.otherObjectIndices {
                    let q = box.floorFrame.local(scene.pointsInWorld[i])
                    if cuboid.footprint.contains(SIMD2(q.x, q.y), margin: 0.03) { hs.append(q.z) }
                }
                print("STAGE \(index) n \(box.pointIndices.count) clusters \(box.clusterCount) L \(cuboid.length) W \(cuboid.width) H \(cuboid.height) outside \(outside) touching \(touching) heights \(hs.prefix(8).map { String(format: "%.3f", $0) })")
            }
        }
    }
}
