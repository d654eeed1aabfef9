import Foundation

/// Changes to how a camera is assumed to render depth and edges (`SensorBehaviour`), given as a
/// JSON object of its keys: `{"creaseBandShare": 0}`. They are laid over whichever behaviour a
/// capture's sensor class has (`applied(to:)`), so that one change can be tried on captures of
/// several classes at once: how `boxdim accuracy --behaviour` switches a heuristic off to see
/// the wrong answers it prevents (`Scripts/ablation.sh`).
///
/// Units as `SensorBehaviour`'s names say. A key that names no setting, or a value of the wrong
/// type, is an error when the changes are read, not when they are applied.
public struct SensorBehaviourChanges: Sendable, Equatable {
    private let given: ConfigValue

    /// The keys changed, sorted.
    public var keys: [String] { (given.objectValue ?? [:]).keys.sorted() }

    /// Reads the changes from a JSON object.
    ///
    /// - Parameters:
    ///   - json: a JSON object whose keys are `SensorBehaviour`'s property names.
    ///   - source: what to name in an error (a file, an option).
    /// - Throws: `DimensioningError.unreadableCapture` naming `source` and the key at fault.
    public init(json: Data, source: String = "sensor behaviour") throws(DimensioningError) {
        do {
            let value = try JSONDecoder().decode(ConfigValue.self, from: json)
            guard case .object = value else {
                throw DecodingError.typeMismatch([String: ConfigValue].self, .init(
                    codingPath: [], debugDescription: "the sensor behaviour's changes must be an object"))
            }
            // Laid over the shared behaviour once, so that a bad key fails here.
            _ = try ConfigValue.encoding(SensorBehaviour.shared).overlaid(by: value, codingPath: [])
                .decode(SensorBehaviour.self)
            given = value
        } catch {
            throw .unreadableCapture(file: source, reason: "invalid sensor behaviour JSON: \(describeDecodingError(error))")
        }
    }

    /// `behaviour` with these changes laid over it, key by key.
    public func applied(to behaviour: SensorBehaviour) -> SensorBehaviour {
        // The keys and types were checked against the same struct when the changes were read.
        (try? ConfigValue.encoding(behaviour).overlaid(by: given, codingPath: []).decode(SensorBehaviour.self)) ?? behaviour
    }
}
