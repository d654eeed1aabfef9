import Foundation
import Dimensioning

/// A deterministic, endless catalog of labelled scenarios for benchmarks: `scenario(index:seed:)`
/// always returns the same scene, rig, noise and kind for the same pair.
///
/// About 80 % are positives (one box of 10-80 cm per side, any yaw, camera 0.45-1.5 m away,
/// looking down 30-75 degrees, 10-60 frames, sometimes a wall or a second object standing
/// apart) and 20 % hard cases (`ScenarioKind.isHardCase`; every index with `index % 5 == 4`,
/// cycling through six kinds with truth 0 and a dark box). All use the `.iPhoneLiDAR` noise model.
public enum ScenarioCatalog {
    /// Tunables of the catalog's random draws.
    public struct Settings: Sendable {
        /// Range of each positive box side, metres. Default 0.10...0.80.
        public var boxSide: ClosedRange<Double> = 0.10...0.80
        /// Camera distance to the look-at point, metres. Default 0.45...1.5.
        public var distance: ClosedRange<Double> = 0.45...1.5
        /// Looking-down angle, radians. Default 30...75 degrees.
        public var elevation: ClosedRange<Double> = (30 * Double.pi / 180)...(75 * Double.pi / 180)
        /// Frames per capture. Default 10...60.
        public var frameCount: ClosedRange<Int> = 10...60
        /// Pixels a positive box keeps from the image border (covers tremor). Default 6.
        public var borderMargin = 6.0
        public init() {}
    }

    /// The catalog's settings.
    public static let settings = Settings()

    /// The scenario at `index` for catalog `seed`. The scene's `isMeasurable` and
    /// `groundTruth` agree with `kind.expectsMeasurement`.
    public static func scenario(index: Int, seed: UInt64)
        -> (scene: SimulatedScene, rig: CameraRig, noise: SensorNoiseModel, kind: ScenarioKind) {
        precondition(index >= 0, "scenario indices start at 0")
        var g = SeededGenerator(seed: seed, stream: 0x5CE7_A000_0000 &+ UInt64(bitPattern: Int64(index)))
        let kind: ScenarioKind
        // Every fifth index is a hard case, cycling through the hard kinds, so any run of
        // indices holds 20 % hard cases, evenly spread over the kinds.
        if index % 5 == 4 {
            kind = ScenarioKind.hardCases[(index / 5) % ScenarioKind.hardCases.count]
        } else {
            let u = g.unit()
            kind = u < 0.7 ? .box : (u < 0.85 ? .boxWithWall : .boxWithDistractor)
        }
        var (scene, rig) = make(kind, using: &g)
        scene.name = "scenario-\(index)-\(kind.rawValue)"
        scene.isMeasurable = kind.expectsMeasurement
        return (scene, rig, .iPhoneLiDAR, kind)
    }

    /// Renders scenario `index` of catalog `seed` (the capture's noise seeded from both).
    /// `frameCount` (1...60) overrides the scenario's frame count, keeping its scene and seeds.
    /// `sensors` (default: the iPhone model alone) are cycled by index: scenario `index` uses
    /// `sensors[index % sensors.count]`, with the same scene and seeds whatever the member.
    /// `rangeBend` (metres per square metre) bends everything seen beyond the scene's objects
    /// (`RangeBend`, from 0.4 m past the point the camera looks at): a stereo camera's far floor.
    /// `onTable` stands the scene on a round table's top (`SimulatedScene.floorBelow`) with the
    /// room's floor 0.75 m below its edge: radius 0.6 m, or more so that every box and cylinder
    /// stands 10 cm or more from the edge (never more than the scene's own floor radius).
    /// `onPallet` (when not `onTable`) stands it on a pallet's deck (`standingOnPallet`).
    /// `irregularTops` gives the target of every scenario that expects a measurement a
    /// `TopFeature` (a recess, a handle or a bulge, drawn from a stream of its own so the scene
    /// is otherwise the same); the truth stays the enclosing cuboid. `leaningLids` gives it a lid
    /// leaning 1-4° along its length instead (`TopFeature.randomLean`, a stream of its own).
    /// `topFeature` gives it that feature instead of either (a test's sagging lid).
    /// A fixed-mount member's frames come without poses, gravity or confidence, as its camera's
    /// files hold them; `keepsConfidence` keeps the simulator's confidence map on them, as every
    /// fixed-mount frame had it until 5 December 2026: the regression tests written on those
    /// frames keep their inputs.
    public static func render(index: Int, seed: UInt64, frameCount: Int? = nil,
                              sensors: [SensorFamilyMember] = [SensorFamily.iPhone], rangeBend: Double? = nil,
                              onTable: Bool = false, onPallet: Bool = false, irregularTops: Bool = false,
                              leaningLids: Bool = false, topFeature: TopFeature? = nil, keepsConfidence: Bool = false)
        -> (capture: SimulatedCapture, kind: ScenarioKind) {
        var s = scenario(index: index, seed: seed)
        if irregularTops, s.kind.expectsMeasurement, let t = s.scene.target {
            var g = SeededGenerator(seed: seed, stream: 0x70F_EA70_0000 &+ UInt64(bitPattern: Int64(index)))
            s.scene.target?.topFeature = TopFeature.random(length: t.length, width: t.width, height: t.height, using: &g)
        }
        if leaningLids, s.kind.expectsMeasurement, let t = s.scene.target {
            var g = SeededGenerator(seed: seed, stream: 0x1EA0_0000_0000 &+ UInt64(bitPattern: Int64(index)))
            s.scene.target?.topFeature = TopFeature.randomLean(length: t.length, height: t.height, using: &g)
        }
        if let topFeature, s.kind.expectsMeasurement, s.scene.target != nil { s.scene.target?.topFeature = topFeature }
        if onTable { s.scene = standingOnTable(s.scene) } else if onPallet { s.scene = standingOnPallet(s.scene) }
        if let frameCount { s.rig.frameCount = frameCount }
        let member = sensors.isEmpty ? nil : sensors[index % sensors.count]
        if let member { s.noise = member.noise }
        if let rangeBend, rangeBend > 0 {
            s.noise.rangeBend = RangeBend(start: s.rig.distance + 0.4, perSquareMetre: rangeBend)
        }
        if let mount = member?.fixedMount {
            s.rig.intrinsics = mount
            s.rig.tremor = .none
            s.rig.poseError = .none
        }
        var g = SeededGenerator(seed: seed, stream: 0xC0DE_0000_0000 &+ UInt64(bitPattern: Int64(index)))
        var capture = SceneSimulator.render(scene: s.scene, rig: s.rig, noise: s.noise, seed: g.next())
        // A fixed camera records no gravity, no poses and no confidence: "up" must come from the
        // floor, the world is the camera's own frame, and every returned depth is taken, as the
        // folder readers give its PCD or PNG frames (with poses, fusion would take the
        // simulator's z-up world and its gravity for granted; with the simulator's confidence,
        // the engine would drop the grazing and mixed pixels no such file marks).
        if member?.fixedMount != nil {
            capture.capture.gravityInWorld = nil
            for i in capture.capture.frames.indices {
                capture.capture.frames[i].worldFromCamera = nil
                if !keepsConfidence { capture.capture.frames[i].confidence = nil }
            }
        }
        return (capture, s.kind)
    }

    /// The table `render(..., onTable: true)` stands a scene on: its top's radius and height, metres.
    static let tableRadius = 0.6
    static let tableHeight = 0.75

    /// `scene` on a round table's top (`tableRadius`, widened so that everything standing in the
    /// scene stands 10 cm or more from its edge), `tableHeight` above the room's floor
    /// (`SimulatedScene.floorBelow`), as `render(..., onTable: true)` stands its scenes.
    public static func standingOnTable(_ scene: SimulatedScene) -> SimulatedScene {
        var scene = scene
        let reach = scene.allBoxes.map { length($0.center) + $0.footprintRadius }
            + scene.cylinders.map { length($0.center) + $0.radius }
        let radius = max(tableRadius, (reach.max() ?? 0) + 0.1)
        scene.floorRadius = scene.floorRadius.map { min($0, radius) } ?? radius
        scene.floorBelow = tableHeight
        return scene
    }

    /// `scene` on a pallet's deck (`PalletDeck.under` its boxes and cylinders: 120-mm boards 40 mm apart, at
    /// least 1200 x 760 mm), `PalletDeck.euroHeight` above the room's floor, which is seen past
    /// the deck's edges and through its gaps.
    public static func standingOnPallet(_ scene: SimulatedScene) -> SimulatedScene {
        var scene = scene
        // A cylinder stands on the deck too, within the square around it.
        let cylinders = scene.cylinders.map {
            SimulatedBox(center: $0.center, length: 2 * $0.radius, width: 2 * $0.radius, height: $0.height, yaw: 0)
        }
        scene.floorDeck = PalletDeck.under(scene.allBoxes + cylinders)
        scene.floorBelow = PalletDeck.euroHeight
        return scene
    }

    static func make(_ kind: ScenarioKind, using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        switch kind {
        case .box:
            let surface: SurfaceKind = g.bernoulli(0.1) ? .glossy : .matte
            return positive(surface: surface, using: &g)
        case .darkBox:
            return positive(surface: .dark, using: &g)
        case .boxWithWall:
            var (scene, rig) = positive(surface: .matte, using: &g)
            scene.walls.append(wallBehind(scene.target!, rig: rig, using: &g))
            return (scene, rig)
        case .boxWithDistractor:
            var (scene, rig) = positive(surface: .matte, using: &g)
            addDistractor(to: &scene, rig: rig, using: &g)
            return (scene, rig)
        case .floorOnly: return floorOnly(using: &g)
        case .tinyBox: return tinyBox(using: &g)
        case .cutOffBox: return cutOffBox(using: &g)
        case .cylinder: return cylinder(using: &g)
        case .touchingBoxes: return touchingBoxes(using: &g)
        case .tooCloseTopOnly: return tooCloseTopOnly(using: &g)
        }
    }

    /// A rig with the catalog's random frame count, default tremor and pose error.
    static func randomRig(distance: Double, elevation: Double, azimuth: Double, lookAt: SIMD3<Double>?,
                          using g: inout SeededGenerator) -> CameraRig {
        CameraRig(distance: distance, elevation: elevation, azimuth: azimuth, lookAt: lookAt,
                  frameCount: g.integer(in: settings.frameCount))
    }

    /// A box with sides drawn from `sides` (metres) at a random spot near the origin.
    static func randomBox(sides: ClosedRange<Double>, surface: SurfaceKind,
                          using g: inout SeededGenerator) -> SimulatedBox {
        let a = g.uniform(in: sides), b = g.uniform(in: sides), h = g.uniform(in: sides)
        return SimulatedBox(center: SIMD2(g.uniform(-0.5, 0.5), g.uniform(-0.5, 0.5)),
                            length: max(a, b), width: min(a, b), height: h,
                            yaw: g.uniform(0, Double.pi), surface: surface)
    }

    /// A measurable box entirely in view: redraws size and camera until the box's corners
    /// project inside the image (shrinking the size range after 20 tries).
    static func positive(surface: SurfaceKind, using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        var upper = settings.boxSide.upperBound
        for attempt in 0..<60 {
            if attempt >= 20 { upper = max(settings.boxSide.lowerBound + 0.05, upper - 0.02) }
            let box = randomBox(sides: settings.boxSide.lowerBound...upper, surface: surface, using: &g)
            let rig = randomRig(distance: g.uniform(in: settings.distance), elevation: g.uniform(in: settings.elevation),
                                azimuth: g.uniform(0, 2 * Double.pi), lookAt: nil, using: &g)
            let camera = rig.nominalPosition(frame: 0, lookingAt: box.centroid)
            guard camera.z > box.height + 0.15,
                  allVisible(box.corners, rig: rig, lookAt: box.centroid, margin: settings.borderMargin)
            else { continue }
            return (SimulatedScene(target: box), rig)
        }
        // Always reachable in practice; a safe fallback keeps the function total.
        let box = SimulatedBox(center: .zero, length: 0.4, width: 0.3, height: 0.25, surface: surface)
        return (SimulatedScene(target: box), CameraRig(distance: 1.0, elevation: 50 * Double.pi / 180))
    }
}
