import ArgumentParser
import Dimensioning
import DimensioningReaders
import Foundation

/// `boxdim convert <capture> <out.pcd|out.ply>`: the fused cloud with its segmentation.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write the fused point cloud of a capture (metres) with a segmentation label field, through PCL's io.",
        discussion: """
        Labels: 0 other, 1 floor, 2 box, 3 the box's top face. Fields x y z rgb label; the \
        colour follows the label. When the engine refuses to measure, the cloud is still \
        written with the floor (if found) labelled, and the refusal is printed.
        """
    )

    @Argument(help: "A Stray Scanner capture folder, or a .pcd/.ply point cloud (metres).")
    var capture: String

    @Argument(help: "The output file: .pcd or .ply (binary).")
    var output: String

    @OptionGroup var input: InputArguments

    func validate() throws {
        guard !capture.isEmpty else { throw ValidationError("the capture path is empty") }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ext == "pcd" || ext == "ply" else {
            throw ValidationError("the output must end in .pcd or .ply, got \"\(output)\"")
        }
    }

    func run() throws {
        let outcome = Result { () throws(DimensioningError) -> DimensioningError? in
            let read = try CaptureReader.read(URL(fileURLWithPath: capture), options: input.options)
            return try ScenePictures.convert(read, to: URL(fileURLWithPath: output))
        }
        switch outcome {
        case let .success(refusal?):
            printError("wrote \(output) without the box (no measurement: \(refusal.description))")
        case .success(nil):
            printError("wrote \(output)")
        case let .failure(error):
            printError("boxdim convert: \(error.description)")
            throw ExitCode(error.isUnreadable ? ExitStatus.unreadable : ExitStatus.noMeasurement)
        }
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
