import Dimensioning
import DimensioningSimulation

extension Array where Element == SimulatedBox {
    /// The simulated box whose centre is nearest `centre` (world, metres), seen from above; nil
    /// for no boxes.
    public func nearest(to centre: SIMD3<Double>) -> SimulatedBox? {
        let point = SIMD2(centre.x, centre.y)
        return self.min { length($0.center - point) < length($1.center - point) }
    }
}

extension SimulatedBox {
    /// Its size as a measurement states it: length (the longer side), width, height, metres.
    public var measuredOrder: [Double] { [Swift.max(length, width), Swift.min(length, width), height] }
}

extension SceneBoxMeasurement {
    /// Its length, width and height less `truth`'s (`SimulatedBox.measuredOrder`), metres.
    public func errors(against truth: SimulatedBox) -> [Double] {
        zip([length, width, height], truth.measuredOrder).map { $0 - $1 }
    }
}
