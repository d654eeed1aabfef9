import Foundation

/// Units for reported lengths. Internally everything is metres; units apply at the edge.
public enum LengthUnit: String, Sendable, Codable, CaseIterable {
    case millimeters = "mm"
    case centimeters = "cm"
    case meters = "m"
    case inches = "in"

    /// Foundation's unit.
    public var unit: UnitLength {
        switch self {
        case .millimeters: .millimeters
        case .centimeters: .centimeters
        case .meters: .meters
        case .inches: .inches
        }
    }

    /// Converts metres to this unit.
    public func fromMeters(_ meters: Double) -> Double {
        Measurement(value: meters, unit: UnitLength.meters).converted(to: unit).value
    }
}
