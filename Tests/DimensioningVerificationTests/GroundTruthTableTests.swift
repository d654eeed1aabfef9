import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningVerification

@Suite struct GroundTruthTableTests {
    let csv = URL(fileURLWithPath: "/data/set/ground_truth.csv")

    func failure(_ text: String, csv: URL? = nil) -> String? {
        do {
            _ = try GroundTruthTable.parse(text, csv: csv ?? self.csv)
            return nil
        } catch {
            guard case let .unreadableCapture(file, reason) = error else { return "wrong error \(error)" }
            #expect(file.hasSuffix("ground_truth.csv"))
            return reason
        }
    }

    @Test func parsesRowsExtrasQuotesAndSortsByCapture() throws {
        let text = "\u{FEFF}width_mm,capture,length_mm,height_mm,note,site\r\n200,b/box,300,100,\"a, \"\"quoted\"\" note\",x\r\n\n0,a/empty,0,0,,y\n"
        let table = try GroundTruthTable.parse(text, csv: csv)
        #expect(table.extraColumns == ["note", "site"])
        #expect(table.rows.map(\.capture) == ["a/empty", "b/box"])
        let box = table.rows[1]
        #expect(box.line == 2 && box.lengthMM == 300 && box.widthMM == 200 && box.heightMM == 100)
        #expect(box.extras == ["a, \"quoted\" note", "x"])
        #expect(table.rows[0].isNegative && table.rows[0].line == 4)
        #expect(table.url(of: box).path == "/data/set/b/box")
    }

    @Test func everyErrorNamesTheFileAndLine() {
        let header = "capture,length_mm,width_mm,height_mm\n"
        let cases: [(String, String)] = [
            ("", "line 1: the file is empty"),
            ("capture,length_mm,width_mm\na,1,2\n", "line 1: missing column height_mm"),
            (header + "a,1,2\n", "line 2: 3 fields, the header has 4"),
            (header + "a,1,2,x\n", "line 2: height_mm \"x\" is not a number"),
            (header + "a,1,nan,3\n", "line 2: width_mm \"nan\" is not a number"),
            (header + "a,-1,2,3\n", "line 2: length_mm is negative"),
            (header + "a,0,2,3\n", "line 2: sizes must be all positive"),
            (header + "a,1,2,3\n./a,1,2,3\n", "line 3: capture \"./a\" is listed twice (also on line 2)"),
            (header + "../a,1,2,3\n", "line 2: capture \"../a\" uses \"..\""),
            (header + "/etc/passwd,1,2,3\n", "line 2: capture \"/etc/passwd\" is absolute"),
            (header + ",1,2,3\n", "line 2: the capture path is empty"),
            (header, "line 1: no captures listed"),
            (header + "\"a,1,2,3\n", "line 2: a quoted field is not closed"),
        ]
        for (text, expected) in cases {
            let reason = failure(text)
            #expect(reason?.hasPrefix(expected) == true, "\(expected) ← \(reason ?? "parsed")")
        }
    }

    /// `x_mm,y_mm,z_mm` name cartons of a scene: a capture may then be listed once per carton;
    /// the columns are not extras; empty cells mean a capture measured whole.
    @Test func positionsNameCartonsOfAScene() throws {
        let text = "capture,length_mm,width_mm,height_mm,x_mm,y_mm,z_mm,label\n"
            + "pallet,255,155,100,-100,440,1590,left\npallet,340,250,95,-375,330,1525,large\nlone,300,200,100,,,,single\n"
        let table = try GroundTruthTable.parse(text, csv: csv)
        #expect(table.extraColumns == ["label"])
        #expect(table.captures == ["lone", "pallet"])
        #expect(table.rows.map(\.line) == [4, 2, 3])
        #expect(table.rows[1].positionMM == SIMD3(-100, 440, 1590) && table.rows[1].isCartonInScene)
        #expect(table.rows[0].positionMM == nil && !table.rows[0].isCartonInScene)
        #expect(table.rows[2].extras == ["large"])

        let header = "capture,length_mm,width_mm,height_mm,x_mm,y_mm,z_mm\n"
        let cases: [(String, String)] = [
            ("capture,length_mm,width_mm,height_mm,x_mm,y_mm\na,1,2,3,4,5\n", "line 1: a carton's position needs all three columns x_mm,y_mm,z_mm"),
            ("barcode,length_mm,width_mm,height_mm,x_mm,y_mm,z_mm\nX1,1,2,3,4,5,6\n", "line 1: cartons located by x_mm,y_mm,z_mm need a capture column"),
            (header + "a,1,2,3,4,,6\n", "line 2: y_mm is empty"),
            (header + "a,1,2,3,4,east,6\n", "line 2: y_mm \"east\" is not a number"),
            (header + "a,1,2,3,4,5,inf\n", "line 2: z_mm \"inf\" is not a number"),
            (header + "a,0,0,0,4,5,6\n", "line 2: a carton located by its position needs its size"),
            (header + "a,1,2,3,,,\na,1,2,3,4,5,6\n", "line 3: capture \"a\" is listed twice (also on line 2); to list several cartons"),
            (header + "a,1,2,3,4,5,6\na,1,2,3,,,\n", "line 3: capture \"a\" is listed twice (also on line 2); to list several cartons"),
        ]
        for (text, expected) in cases {
            let reason = failure(text)
            #expect(reason?.hasPrefix(expected) == true, "\(expected) ← \(reason ?? "parsed")")
        }
    }

    @Test func symbolicLinkOutOfTheDatasetIsRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-gt-\(UUID().uuidString)")
        let dataset = root.appendingPathComponent("dataset"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: dataset, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(at: dataset.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createDirectory(at: dataset.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let csv = dataset.appendingPathComponent("ground_truth.csv")
        let reason = failure("capture,length_mm,width_mm,height_mm\nlink/cap,1,2,3\n", csv: csv)
        #expect(reason?.contains("outside the dataset folder") == true)
        #expect(failure("capture,length_mm,width_mm,height_mm\ninside,1,2,3\n", csv: csv) == nil)
    }

    @Test func missingDatasetOrCSVIsUnreadable() {
        let missing = URL(fileURLWithPath: "/nonexistent/boxdim-dataset")
        #expect(throws: DimensioningError.self) { _ = try GroundTruthTable.load(dataset: missing) }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-empty-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        do {
            _ = try GroundTruthTable.load(dataset: empty)
            Issue.record("loaded a dataset without a CSV")
        } catch {
            #expect(error.description.contains("ground_truth.csv"))
        }
    }

    @Test func shardsPartitionTheRows() throws {
        var text = "capture,length_mm,width_mm,height_mm\n"
        for i in 0..<10 { text += "c\(i),1,1,1\n" }
        let table = try GroundTruthTable.parse(text, csv: csv)
        let shards = (0..<3).map { table.shard($0, of: 3).map(\.capture) }
        #expect(Set(shards.flatMap { $0 }).count == 10)
        #expect(shards.map(\.count) == [4, 3, 3])
    }
}
