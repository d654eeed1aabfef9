import ArgumentParser
import Dimensioning
import DimensioningBenchmarks
import Foundation

/// `boxdim bench barcodes`: read rate, wrong texts and module-size accuracy on simulated
/// captures with a code on the box's top face at 0.4-1.0 m, and what barcode reading adds to
/// `measure` on a 30-frame capture with video. Use a release build.
struct BenchBarcodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcodes",
        abstract: "Benchmark barcode reading: read rate, wrong texts, module size, added time.",
        discussion: """
        Simulated Stray Scanner captures (depth, odometry, a 1920x1440 rgb.mp4) with one code on \
        the top face (default QR 2 mm modules; Code 128 1.2 mm, Data Matrix 2 mm with --symbologies), the camera \
        0.4-1.0 m from it looking down 45-80 degrees; each is written, read back and measured. \
        Targets: read rate >= 95 %, no wrong text, module size within 10 %, and reading adds at \
        most 20 % to measuring a 30-frame capture with video.
        """
    )

    @Option(help: "Simulated captures for the read rate.")
    var captures = 30

    @Option(help: "Frames per read-rate capture.")
    var frames = 4

    @Option(help: "Timed runs of the 30-frame capture, each with and without barcodes.")
    var timingRuns = 7

    @Option(help: "Symbologies painted, cycled over the captures (comma-separated: qr_code, code128, data_matrix, ...).")
    var symbologies = "qr_code"

    @Option(help: "Scenario seed.")
    var seed: UInt64 = 2026

    @Option(help: "Folder for the generated captures, kept (default: a new temporary folder, removed afterwards).")
    var keepDir: String?

    var symbologyList: [BarcodeSymbology] {
        symbologies.split(separator: ",").compactMap { BarcodeSymbology(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
    }

    func validate() throws {
        guard !symbologyList.isEmpty, symbologyList.count == symbologies.split(separator: ",").count else {
            throw ValidationError("--symbologies: unknown name in '\(symbologies)' (known: \(BarcodeSymbology.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard captures > 0, timingRuns > 0, (1...60).contains(frames) else {
            throw ValidationError("--captures and --timing-runs must be positive, --frames 1...60")
        }
    }

    func run() throws {
        let fm = FileManager.default
        let work = keepDir.map { URL(fileURLWithPath: $0) }
            ?? fm.temporaryDirectory.appendingPathComponent("boxdim-bench-barcodes-\(ProcessInfo.processInfo.processIdentifier)")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        defer { if keepDir == nil { try? fm.removeItem(at: work) } }

        let cases = try BarcodeBench.readRate(count: captures, seed: seed, frames: frames, symbologies: symbologyList, folder: work, keep: keepDir != nil) { done in
            FileHandle.standardError.write(Data("\rcaptures: \(done)/\(captures)".utf8))
        }
        FileHandle.standardError.write(Data("\n".utf8))
        print("read rate (top-face code, camera 0.4-1.0 m, \(frames) frames, \(symbologies), seed \(seed)):")
        func line(_ name: String, _ subset: [BarcodeBench.Case]) {
            guard !subset.isEmpty else { return }
            let read = subset.filter(\.read).count
            let wrong = subset.reduce(0) { $0 + $1.wrongTexts.count }
            let errors = subset.compactMap(\.moduleError)
            let within = errors.filter { $0 <= 0.10 }.count
            let worst = errors.max().map { String(format: "%.1f %%", $0 * 100) } ?? "-"
            let top = subset.filter { $0.face == .top }.count
            print(String(format: "  %-14@ %3d/%3d read (%5.1f %%), %d wrong texts, module within 10 %%: %d/%d (worst %@), face top: %d/%d",
                         name as NSString, read, subset.count, 100 * Double(read) / Double(subset.count), wrong, within,
                         errors.count, worst as NSString, top, read))
        }
        line("all", cases)
        for symbology in [BarcodeSymbology.qrCode, .code128, .dataMatrix] { line(symbology.rawValue, cases.filter { $0.symbology == symbology }) }
        for (low, high) in [(0.4, 0.6), (0.6, 0.8), (0.8, 1.0)] {
            line(String(format: "%.1f-%.1f m", low, high), cases.filter { $0.distance >= low && $0.distance < high })
        }
        let elsewhere = cases.filter { $0.read && $0.face != .top }
        if !elsewhere.isEmpty {
            print("  read, face not top: " + elsewhere.map { String(format: "#%d %@ (%@)", $0.index, ($0.face?.rawValue ?? "?") as NSString,
                                                                     ($0.measured ? "measured" : "box not measured") as NSString) }
                .joined(separator: ", "))
        }
        let missed = cases.filter { !$0.read }
        if !missed.isEmpty {
            print("  not read: " + missed.map { String(format: "#%d %@ %.2f m", $0.index, $0.symbology.rawValue as NSString, $0.distance) }
                .joined(separator: ", "))
        }

        let t = try BarcodeBench.timing(folder: work, repeats: timingRuns, seed: seed)
        let added = (t.withBarcodes.median - t.without.median) / t.without.median * 100
        print("time (30-frame capture with a 1920x1440 rgb.mp4, read from disk and measured):")
        print("  without barcodes: \(t.without.text)")
        print("  with barcodes:    \(t.withBarcodes.text), \(t.codesRead) code(s) read")
        print(String(format: "  added: %.1f %% of measure (target <= 20 %%)", added))
    }
}
