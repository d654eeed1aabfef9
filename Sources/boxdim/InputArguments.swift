import ArgumentParser
import Dimensioning

/// `--axes` and `--input-units`: how to read a point cloud's coordinates (the commands that
/// read captures: measure, verify, replay, convert). `auto` finds them from the data.
struct InputArguments: ParsableArguments {
    @Option(help: "Axes of a .pcd/.ply: opencv, opengl, ros-body (camera frames, sensor at the origin), z-up, y-up (world frames), or auto (found from the floor and where a sensor could be).")
    var axes: String = "auto"

    @Option(help: "Unit of a .pcd/.ply: m, mm, or auto (millimetres when the cloud spans more than 40 units).")
    var inputUnits: String = "auto"

    func validate() throws {
        guard axes == "auto" || AxesConvention(rawValue: axes) != nil, axes != AxesConvention.world.rawValue else {
            throw ValidationError("--axes must be auto, opencv, opengl, ros-body, z-up or y-up, got '\(axes)'")
        }
        guard inputUnits == "auto" || InputUnits(rawValue: inputUnits) != nil else {
            throw ValidationError("--input-units must be auto, m or mm, got '\(inputUnits)'")
        }
    }

    /// The reader options (nil fields: found from the data).
    var options: InputOptions {
        InputOptions(axes: axes == "auto" ? nil : AxesConvention(rawValue: axes),
                     units: inputUnits == "auto" ? nil : InputUnits(rawValue: inputUnits))
    }
}
