import Foundation

/// The kind of depth camera that recorded a capture. It decides the *type B* part of the
/// uncertainty (JCGM 100:2008, 4.3): what a capture of that kind cannot show about itself, such
/// as an edge bias that neither a side face nor a lip reveals, or the depth scale's error.
///
/// The values behind each class are data, not code: `Resources/sensor-classes.json`, read
/// into `SensorClassPriors.table` (version `SensorClassPriors.version`), each class's values
/// with where they came from. A sensor profile from
/// `boxdim calibrate` narrows the class: its measured scatter replaces the class's edge prior on
/// the sides it corrects, and its depth scale replaces the class's scale doubt.
public enum SensorClass: String, CaseIterable, Sendable, Codable {
    /// A phone or tablet LiDAR (time of flight, sparse emitter, 256 x 192 depth).
    case lidar
    /// A fixed time-of-flight camera (flying pixels at edges, invalidated there).
    case tof
    /// Active or passive stereo (edges fattened by the matcher: foreground spreads outward).
    case stereo
    /// Structured light (Kinect v1 class: smoothed edges, bands of intermediate depths).
    case structuredLight = "structured-light"
    /// Not known: every behaviour above is possible, so the widest priors apply.
    case unknown

    /// The class a capture's format implies when the user names none: a Stray Scanner folder
    /// is an iPhone or iPad LiDAR capture; a point cloud or depth-image folder can come from
    /// any camera.
    public static func implied(byStrayScanner isStrayScanner: Bool) -> SensorClass {
        isStrayScanner ? .lidar : .unknown
    }

    /// This class's type B priors.
    public var priors: SensorClassPriors { SensorClassPriors.table[self] ?? SensorClassPriors.table[.unknown]! }

    /// How this class renders depth and edges: the file's shared `behaviour` block with this
    /// class's own overrides, if any.
    public var behaviour: SensorBehaviour { SensorClassPriors.behaviourTable[self] ?? SensorClassPriors.sharedBehaviour }
}

/// The type B priors of one sensor class: standard uncertainties (k = 1) for what a single
/// capture cannot show. Each value states its source.
///
/// Every edge term is in pixels of the capture's depth image and becomes metres through each
/// side's pixel footprint on the top plane (`EdgeEstimate.pixelFootprint`), so one prior serves
/// every distance and resolution.
public struct SensorClassPriors: Sendable, Equatable, Codable {
    /// Where this kind of camera's silhouette edges stand from the true edges, pixels, positive
    /// outward (a `SensorProfile`'s `edgeOffsetPixels` for the class, not for one device): a
    /// recognised systematic effect, corrected (JCGM 100:2008, 3.2.4). Silhouette sides facing
    /// away from the camera, where the top meets a farther surface, move inward by this many
    /// pixel footprints when no profile is given; sides facing the camera and side faces, where
    /// there is no depth step for a camera to erode or fatten, do not. A profile replaces it.
    /// 0 for every class but `structured-light` (whose edges stop inside the box). Valid range
    /// −5...5.
    public var edgeOffsetPixels: Double
    /// How far any edge of the top's outline may stand from the true edge, pixels, once the band,
    /// the strips and `edgeOffsetPixels` are accounted for: the half-width of a rectangular
    /// distribution centred on zero (standard uncertainty this over sqrt(3)). The same for every
    /// side of a capture (one sensor), so it adds linearly over a dimension's two sides.
    public var edgeBiasPixels: Double
    /// How far one side scatters about its true place on its own,
    /// pixels: the half-width of a rectangle (standard uncertainty this over sqrt(3)), independent
    /// from side to side (where the pixel grid falls against the edge, which rays the strips
    /// keep). Tuning silhouette and side-face sides: |error| p95 0.33-0.47 px, median within ±0.2 px
    /// (`--split tuning` and `--split iphone`, seed 2026), but in a dimension much of it cancels
    /// (a side's error is partly the box's shift): LiDAR and ToF dimensions are covered 92-100 %
    /// without it, 99-100 % with 0.35 px, so those classes take none; the others, never tuned on
    /// data with a known size, take 0.35 px.
    public var edgeNoisePixels: Double
    /// How far a fattening sensor may push the top's outline outward where the capture cannot
    /// show it (no lip would show past any side, or fattening was seen and only self-corrected),
    /// pixels: the half-width of a second rectangular distribution centred on zero, shared by
    /// the sides like `edgeBiasPixels`. Zero for sensors that do not fatten.
    public var fatteningPixels: Double
    /// How much of a silhouette band's width is doubt about where in the band the edge lies
    /// (0...1): 1 takes the edge anywhere in the band (a rectangular distribution over it), 0
    /// takes the band's middle as exact (a band that straddles the edge symmetrically).
    public var bandAsymmetry: Double
    /// Relative standard uncertainty of the depth scale (every length scales with it).
    public var depthScale: Double
    /// Standard uncertainty of the height beyond the planes' own fits, metres: how far a box's
    /// top plane may stand from its true top for this kind of sensor (mixed pixels, multipath,
    /// a lid's sag).
    public var heightBias: Double
    /// How far a flat lid's profile, carried out to a side (`TopRelief.rimDrops`), stands off
    /// its plane through the sensor's low-frequency depth error alone, metres: a standard
    /// deviation. A silhouette side moves out to a bowed lid's rim only by the part of its drop
    /// beyond twice the root-sum-square of this and the profile's own standard error there
    /// (`CuboidFit.silhouetteRimMoves`).
    public var lidProfile: Double
    /// Points of a plane fit counted as independent when its offset's standard error is taken
    /// (the top's and the floor's planes): the camera's noise is correlated over neighbouring
    /// pixels, so thousands of points do not pin a plane to a thousandth of their scatter.
    public var independentPlanePoints: Int
    /// Where these values came from.
    public var source: String

    enum CodingKeys: String, CodingKey {
        case edgeOffsetPixels = "edge_offset_px"
        case edgeBiasPixels = "edge_bias_px", edgeNoisePixels = "edge_noise_px", fatteningPixels = "fattening_px"
        case bandAsymmetry = "band_asymmetry", depthScale = "depth_scale_relative", heightBias = "height_bias_m"
        case lidProfile = "lid_profile_m", independentPlanePoints = "independent_plane_points", source
    }

    /// The file the priors are read from, as the library embeds it.
    private struct File: Decodable {
        var version: String
        var classes: [String: SensorClassPriors]
        var behaviour: SensorBehaviour
    }

    private static let bytes = Data(PackageResources.sensor_classes_json)

    private static let file: File = {
        do {
            return try JSONDecoder().decode(File.self, from: bytes)
        } catch {
            // The file is part of the library's source, checked by its tests: not user input.
            preconditionFailure("Resources/sensor-classes.json does not decode: \(error)")
        }
    }()

    /// The behaviour every class shares.
    static var sharedBehaviour: SensorBehaviour { file.behaviour }

    /// Each class's behaviour: the shared block with the keys of the class's own `behaviour`
    /// object, if it has one, laid over it as a configuration's are (`ConfigValue`), so that a
    /// key naming no behaviour fails the library's tests rather than being ignored.
    static let behaviourTable: [SensorClass: SensorBehaviour] = {
        guard case let .object(root)? = try? JSONDecoder().decode(ConfigValue.self, from: bytes),
              let shared = root["behaviour"], case let .object(classes)? = root["classes"] else { return [:] }
        var table: [SensorClass: SensorBehaviour] = [:]
        for case let (name, .object(entry)) in classes {
            guard let sensorClass = SensorClass(rawValue: name) else { continue }
            do {
                let own = entry["behaviour"] ?? .object([:])
                table[sensorClass] = try shared.overlaid(by: own, codingPath: [AnyKey(name)]).decode(SensorBehaviour.self)
            } catch {
                preconditionFailure("Resources/sensor-classes.json: class \(name)'s behaviour does not decode: \(error)")
            }
        }
        return table
    }()

    /// The version of `table` (`Resources/sensor-classes.json`), bumped whenever a value changes.
    public static var version: String { file.version }

    /// The priors of every class, from `Resources/sensor-classes.json`.
    public static let table: [SensorClass: SensorClassPriors] = {
        var table: [SensorClass: SensorClassPriors] = [:]
        for (name, priors) in file.classes {
            guard let sensorClass = SensorClass(rawValue: name) else {
                preconditionFailure("Resources/sensor-classes.json names an unknown sensor class \(name)")
            }
            table[sensorClass] = priors
        }
        return table
    }()

    /// The most fattening any class allows, pixels (`unknown`'s and `stereo`'s 3 px): what a
    /// capture that shows fattening its class does not allow is left with (`fatteningDoubtPixels`).
    static let widestFatteningPixels = table.values.map(\.fatteningPixels).max() ?? 0
}
