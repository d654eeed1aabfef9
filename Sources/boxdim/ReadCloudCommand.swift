import ArgumentParser
import Dimensioning
import Foundation

/// `boxdim read-cloud FILE OUT LIMITS_JSON` (hidden): the child process `verify` reads each
/// `.pcd`/`.ply` capture in (`IsolatedCloudReader`), so a crash in PCL's reader ends this
/// process, not the batch. Writes the points or the reason to OUT; exits 0 or 5.
struct ReadCloudCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: IsolatedCloudReader.subcommand,
        abstract: "Internal: read one point-cloud file for verify's crash isolation.",
        shouldDisplay: false
    )

    @Argument(parsing: .captureForPassthrough, help: "FILE OUT LIMITS_JSON")
    var arguments: [String] = []

    func run() throws {
        let code = IsolatedCloudReader.childMain(arguments: arguments)
        if code != 0 { throw ExitCode(code) }
    }
}
