import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
@testable import DimensioningVerification
import TestSupport

/// Every case of the generated broken-input corpus (issue 7) gets its typed error, naming the
/// file and the reason, through the library and through the built `boxdim` (exit 5 unreadable,
/// 4 refused, the error code in the JSON).
@Suite struct BrokenInputCorpusTests {
    static let runningAsRoot = getuid() == 0
    static var cases: [BrokenInputCase] { BrokenInputCorpus.all.filter { !$0.requiresNonRoot } }
    static var nonRootCases: [BrokenInputCase] { BrokenInputCorpus.all.filter(\.requiresNonRoot) }

    /// Builds the case in a fresh folder; returns the folder (caller removes it with `cleanUp`;
    /// removed here if building fails).
    static func materialize(_ c: BrokenInputCase) throws -> URL {
        let root = TestPaths.temporaryFolder("corpus-\(c.name)")
        do {
            try c.build(root)
        } catch {
            cleanUp(root)
            throw error
        }
        return root
    }

    static func cleanUp(_ root: URL) {
        // Give chmod-000 files their permissions back so the folder can be removed.
        if let walker = FileManager.default.enumerator(atPath: root.path) {
            while let name = walker.nextObject() as? String { chmod(root.appendingPathComponent(name).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs the library on the case: the error it throws, or nil when it measured.
    static func libraryError(_ c: BrokenInputCase, root: URL) -> DimensioningError? {
        let url = root.appendingPathComponent(c.path)
        do throws(DimensioningError) {
            switch c.entry {
            case .dataset:
                _ = try GroundTruthTable.load(dataset: url)
            case .capture:
                _ = try runPipeline(try CaptureReader.read(url))
            }
            return nil
        } catch {
            return error
        }
    }

    static func check(_ c: BrokenInputCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = try materialize(c)
        defer { cleanUp(root) }
        let error = try #require(libraryError(c, root: root), "\(c.name): no error", sourceLocation: sourceLocation)
        switch c.expectation {
        case let .unreadable(file, reasons):
            guard case let .unreadableCapture(named, reason) = error else {
                Issue.record("\(c.name): expected unreadable_capture, got \(error.code): \(error)", sourceLocation: sourceLocation)
                return
            }
            let expected = root.appendingPathComponent(file).path
            #expect(named == expected, "\(c.name): names \(named), expected \(expected)", sourceLocation: sourceLocation)
            for part in reasons {
                #expect(reason.lowercased().contains(part.lowercased()), "\(c.name): reason '\(reason)' lacks '\(part)'",
                        sourceLocation: sourceLocation)
            }
        case let .refused(codes):
            #expect(codes.contains(error.code), "\(c.name): refused with \(error.code) (\(error)), expected one of \(codes)",
                    sourceLocation: sourceLocation)
        }
        if BoxDimBinary.url != nil { try checkCLI(c, root: root, libraryError: error, sourceLocation: sourceLocation) }
    }

    /// `boxdim measure <case> --json` (or `boxdim verify <dataset>`) exits 5 or 4 and reports
    /// the same error the library gave.
    static func checkCLI(_ c: BrokenInputCase, root: URL, libraryError: DimensioningError,
                         sourceLocation: SourceLocation) throws {
        let path = root.appendingPathComponent(c.path).path
        let expectedStatus: Int32 = libraryError.isUnreadable ? 5 : 4
        switch c.entry {
        case .dataset:
            let out = root.appendingPathComponent("verify-out").path
            let r = try BoxDimBinary.run(["verify", path, "--out", out, "--quiet"])
            #expect(r.status == expectedStatus, "\(c.name): verify exited \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
            #expect(r.stderr.contains(libraryError.description), "\(c.name): stderr '\(r.stderr)'", sourceLocation: sourceLocation)
        case .capture:
            let r = try BoxDimBinary.run(["measure", path, "--json"])
            #expect(r.status == expectedStatus, "\(c.name): measure exited \(r.status): \(r.stdout) \(r.stderr)",
                    sourceLocation: sourceLocation)
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let errorObject = try #require(object?["error"] as? [String: Any], "\(c.name): no error in \(r.stdout)",
                                           sourceLocation: sourceLocation)
            #expect(errorObject["code"] as? String == libraryError.code, sourceLocation: sourceLocation)
            #expect(errorObject["message"] as? String == libraryError.description, sourceLocation: sourceLocation)
            #expect(object?["status"] as? String == (libraryError.isUnreadable ? "unreadable" : "no_measurement"),
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: cases)
    func brokenInputGetsItsTypedError(_ c: BrokenInputCase) throws {
        try Self.check(c)
    }

    /// chmod 000 does not stop root from reading, so these cases mean nothing as root.
    @Test(.enabled(if: !runningAsRoot, "running as root: chmod 000 does not stop root from reading, so the unreadable-file case is skipped"),
          arguments: nonRootCases)
    func unreadableFileGetsItsTypedError(_ c: BrokenInputCase) throws {
        try Self.check(c)
    }

    /// Inputs the fuzz targets crashed on (Tests/Fuzz/regressions), replayed through the same
    /// entry points the targets use. Each must now return, crash-free.
    @Test func fuzzRegressionsDoNotCrash() throws {
        // csv-crash-f81449ba: NSString.lastPathComponent trapped on ".//\u{FFFD}" (DatasetPathResolver).
        let folder = TestPaths.temporaryFolder("fuzz-regression")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "capture,length_mm,width_mm,height_mm\na,300,200,100\n.//\u{FFFD},300,200,101\n"
        let table = try GroundTruthTable.parse(text, csv: folder.appendingPathComponent("ground_truth.csv"))
        #expect(table.rows.count == 2)
        let regressions = TestPaths.repository.appendingPathComponent("Tests/Fuzz/regressions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []
        #expect(!names.isEmpty, "Tests/Fuzz/regressions is empty")
        // cloud-crash-ef83037c: a PCD with double x beyond float's range gave +-inf points.
        for name in names where name.hasPrefix("cloud-") {
            let bytes = [UInt8](try Data(contentsOf: regressions.appendingPathComponent(name)))
            guard let selector = bytes.first else { continue }
            let file = folder.appendingPathComponent(selector % 2 == 0 ? "\(name).pcd" : "\(name).ply")
            try Data(bytes.dropFirst()).write(to: file)
            if let cloud = (try? PointCloudReader.read(file: file))?.cloud {
                let finite = cloud.pointsInCamera.xyz.allSatisfy { $0.isFinite }
                #expect(finite, "\(name): a non-finite point passed through")
            }
        }
        // csv-crash-335e61f1: a table keyed by barcode, whose rows name no capture; the fuzz
        // target's own check took the empty path for one naming the dataset folder. The same
        // checks as the target's, on every ground-truth input.
        for name in names where name.hasPrefix("csv-") {
            let bytes = [UInt8](try Data(contentsOf: regressions.appendingPathComponent(name)))
            guard let selector = bytes.first, selector % 3 == 2,
                  let table = try? GroundTruthTable.parse(String(decoding: bytes.dropFirst(), as: UTF8.self),
                                                          csv: folder.appendingPathComponent("ground_truth.csv"))
            else { continue }
            for row in table.rows {
                if table.keyedByBarcode {
                    #expect(row.capture.isEmpty && row.barcode(extraColumns: table.extraColumns) != nil, "\(name): \(row)")
                } else {
                    #expect(DatasetPathResolver(folder: folder).escapeReason(row.capture) == nil, "\(name): \(row.capture)")
                }
                #expect(row.lengthMM >= 0 && row.widthMM >= 0 && row.heightMM >= 0, "\(name): \(row)")
            }
        }
    }

    @Test func corpusCoversEveryKindTheIssueLists() {
        let names = BrokenInputCorpus.all.map(\.name)
        #expect(Set(names).count == names.count, "case names must be unique")
        for needle in ["png-zero-byte", "png-truncated", "png-8-bit", "100000x100000", "sizes-differ", "camera-matrix-missing",
                       "camera-matrix-nan", "camera-matrix-inf", "negative-focal", "odometry-fewer", "odometry-more",
                       "non-unit-quaternion", "nan-quaternion", "unparseable", "all-zero", "all-nan", "single",
                       "pcd-more-points", "unknown-field-type", "binary-compressed-bad-length", "symlink-loop", "chmod-000",
                       "non-utf8", "missing-columns", "negative-size", "duplicate-rows", "escapes"] {
            #expect(names.contains { $0.contains(needle) }, "no corpus case for \(needle)")
        }
    }
}
