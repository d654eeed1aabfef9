import Foundation

/// A JSON value as a configuration file gives it, so that a group of settings can be laid over
/// its defaults key by key before it is decoded (`overlaid(by:codingPath:)`).
enum ConfigValue: Codable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ConfigValue])
    case object([String: ConfigValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([ConfigValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: ConfigValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .number(n): try c.encode(n)
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        }
    }

    var objectValue: [String: ConfigValue]? {
        if case let .object(o) = self { return o }
        return nil
    }

    /// `value` as JSON: plain numbers, strings and objects, so encoding cannot fail.
    static func encoding<T: Encodable>(_ value: T) -> ConfigValue {
        guard let data = try? JSONEncoder().encode(value),
              let tree = try? JSONDecoder().decode(ConfigValue.self, from: data) else { return .null }
        return tree
    }

    /// This value decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }

    /// This value decoded as `T`, a decoding error's path prefixed with `codingPath`, where this
    /// value lies in the file.
    func decode<T: Decodable>(_ type: T.Type, at codingPath: [CodingKey]) throws -> T {
        do {
            return try decode(type)
        } catch let DecodingError.typeMismatch(expected, context) {
            throw DecodingError.typeMismatch(expected, context.prefixed(by: codingPath))
        } catch let DecodingError.valueNotFound(expected, context) {
            throw DecodingError.valueNotFound(expected, context.prefixed(by: codingPath))
        } catch let DecodingError.keyNotFound(key, context) {
            throw DecodingError.keyNotFound(key, context.prefixed(by: codingPath))
        } catch let DecodingError.dataCorrupted(context) {
            throw DecodingError.dataCorrupted(context.prefixed(by: codingPath))
        }
    }

    /// This object without the keys of settings that are gone (`removed`: each key's last
    /// default and why it went), each given at its last default, as every saved configuration
    /// gives it. Anything but an object is returned as it is.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the path of a removed key given another value,
    ///   saying what became of the setting.
    func droppingRemoved(_ removed: [String: (lastDefault: Double, why: String)],
                         codingPath: [CodingKey]) throws -> ConfigValue {
        guard case var .object(settings) = self else { return self }
        for (key, setting) in removed.sorted(by: { $0.key < $1.key }) {
            guard let value = settings.removeValue(forKey: key) else { continue }
            if value != .number(setting.lastDefault) {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyKey(key)],
                                                        debugDescription: "no longer a setting: \(setting.why)"))
            }
        }
        return .object(settings)
    }

    /// These defaults with `given` laid over them: an object's keys one by one (each must name
    /// a default), anything else whole.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the path of a key that names no setting.
    func overlaid(by given: ConfigValue, codingPath: [CodingKey]) throws -> ConfigValue {
        guard case var .object(base) = self else { return given }
        guard case let .object(over) = given else {
            throw DecodingError.typeMismatch([String: ConfigValue].self, .init(codingPath: codingPath,
                                                                               debugDescription: "expected an object of settings"))
        }
        for (key, value) in over {
            guard let current = base[key] else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyKey(key)], debugDescription: "no such setting"))
            }
            base[key] = try current.overlaid(by: value, codingPath: codingPath + [AnyKey(key)])
        }
        return .object(base)
    }
}

extension DecodingError.Context {
    /// This context with `codingPath` in front of its own path.
    func prefixed(by codingPath: [CodingKey]) -> DecodingError.Context {
        .init(codingPath: codingPath + self.codingPath, debugDescription: debugDescription, underlyingError: underlyingError)
    }
}
