import ArgumentParser
import Dimensioning

/// `--tolerance` and `--sensor`: what a measurement is judged against (measure, verify, replay).
struct GateArguments: ParsableArguments {
    @Option(help: "Tolerance, mm: a measurement is accepted when every dimension's expanded uncertainty (k = 2, about 95 %) is within it; the confidence is the probability that all three are. Dimensioners are certified in divisions of 2, 5, 10 and 20 mm.")
    var tolerance: Double = 10

    @Option(help: ArgumentHelp("The camera's class for the uncertainty's type B priors: lidar, tof, stereo, structured-light or unknown; default: lidar for a Stray Scanner folder, unknown otherwise (accuracy: each simulated member's own).", valueName: "class"))
    var sensor: SensorClass?

    func validate() throws {
        guard tolerance.isFinite, tolerance > 0, tolerance <= 1000 else {
            throw ValidationError("--tolerance must be a length in mm between 0 and 1000, got \(tolerance)")
        }
    }

    /// Sets the tolerance (metres) and the sensor class.
    func apply(to parameters: inout PipelineParameters) {
        parameters.uncertainty.tolerance = tolerance / 1000
        parameters.uncertainty.sensorClass = sensor
    }
}

extension SensorClass: ExpressibleByArgument {}
