// libFuzzer target: the CSV parsers (camera_matrix.csv, odometry.csv, ground_truth.csv).
// The first byte chooses the parser; the rest is the file. Camera matrix and odometry are read
// from a file (as the reader does, through CaptureFile's size checks); ground truth is parsed
// from text against a scratch dataset folder. Built by Scripts/fuzz.sh.
@testable import Dimensioning
@testable import DimensioningReaders
@testable import DimensioningVerification
import Foundation

let csvLimits = CaptureLimits(maxFrameCount: 64, maxFileBytes: 1 << 20)
/// This process's scratch folder, removed when libFuzzer ends the run with exit(); a crash, a
/// timeout or running out of memory ends it with _Exit instead, which leaves the folder.
let csvFolder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-fuzz-csv-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: csvFolder) }
    return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size >= 1, let data else { return 0 }
    let selector = data[0] % 3
    let body = Data(bytes: data + 1, count: size - 1)
    switch selector {
    case 0:
        let url = csvFolder.appendingPathComponent("camera_matrix.csv")
        guard (try? body.write(to: url)) != nil else { return 0 }
        if let k = try? StrayScannerReader.readCameraMatrix(url, limits: csvLimits) {
            precondition(k.fx > 0 && k.fy > 0 && k.fx.isFinite && k.fy.isFinite && k.cx.isFinite && k.cy.isFinite,
                         "accepted a bad camera matrix")
        }
    case 1:
        let url = csvFolder.appendingPathComponent("odometry.csv")
        guard (try? body.write(to: url)) != nil else { return 0 }
        if let rows = try? StrayScannerReader.readOdometry(url, limits: csvLimits) {
            precondition(rows.count <= csvLimits.maxFrameCount, "frame limit not enforced")
            let frames = (0..<rows.count).map {
                StrayScannerReader.FrameFile(number: $0, name: String(format: "%06d", $0), url: csvFolder.appendingPathComponent("\($0).png"))
            }
            _ = try? StrayScannerReader.matchOdometry(rows, to: frames, file: url.path)
        }
    default:
        let text = String(decoding: body, as: UTF8.self)
        if let table = try? GroundTruthTable.parse(text, csv: csvFolder.appendingPathComponent("ground_truth.csv")) {
            for row in table.rows {
                // A table keyed by barcode names no capture: its rows' paths are empty until a
                // capture's code matches (csv-crash-335e61f1: the harness, not the parser, was wrong).
                if table.keyedByBarcode {
                    precondition(row.capture.isEmpty && row.barcode(extraColumns: table.extraColumns) != nil,
                                 "a row keyed by barcode without its code")
                } else {
                    precondition(DatasetPathResolver(folder: csvFolder).escapeReason(row.capture) == nil, "an escaping path was accepted")
                }
                precondition(row.lengthMM >= 0 && row.widthMM >= 0 && row.heightMM >= 0, "a negative size was accepted")
            }
        }
    }
    return 0
}
