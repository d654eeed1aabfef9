import Foundation
import Dimensioning

/// One row of a dataset's `ground_truth.csv`: a capture (or a parcel's barcode) and its
/// tape-measured size.
///
/// Sizes are millimetres as written in the file. A row of three zeros means "no measurable box
/// expected" (a negative): the engine should refuse it.
public struct GroundTruthRow: Sendable, Equatable, Codable {
    /// The capture path exactly as written in the CSV (relative to the CSV's folder); in a table
    /// keyed by barcode, empty until a capture is matched to the row.
    public var capture: String
    /// 1-based line of the row in the CSV.
    public var line: Int
    public var lengthMM: Double
    public var widthMM: Double
    public var heightMM: Double
    /// Values of the extra columns, parallel to `GroundTruthTable.extraColumns`.
    public var extras: [String]
    /// Where the carton stands, for a row naming one carton of a scene: a point on its vertical
    /// axis (its centre, or its top's centre) in the capture's own coordinates, millimetres
    /// (`x_mm,y_mm,z_mm`). Nil for a row measured as the capture's one box.
    public var positionMM: SIMD3<Double>?

    public init(capture: String, line: Int, lengthMM: Double, widthMM: Double, heightMM: Double, extras: [String] = [],
                positionMM: SIMD3<Double>? = nil) {
        self.capture = capture
        self.line = line
        self.lengthMM = lengthMM
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.extras = extras
        self.positionMM = positionMM
    }

    /// True for a row naming one carton of a scene by its position (`positionMM`): its capture is
    /// measured carton by carton (`measureAllBoxes`).
    public var isCartonInScene: Bool { positionMM != nil }

    /// The `barcode` cell, trimmed, when the table has a `barcode` column and the cell is not
    /// empty.
    public func barcode(extraColumns: [String]) -> String? {
        guard let i = extraColumns.firstIndex(of: GroundTruthTable.barcodeColumn), i < extras.count else { return nil }
        let text = extras[i].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// True for a row of zeros: no measurable box is expected.
    public var isNegative: Bool { lengthMM == 0 && widthMM == 0 && heightMM == 0 }

    /// The truth as the engine reports sizes: footprint sides sorted so length >= width.
    public var normalized: (length: Double, width: Double, height: Double) {
        (max(lengthMM, widthMM), min(lengthMM, widthMM), heightMM)
    }
}

/// A parsed `ground_truth.csv`: required columns `capture,length_mm,width_mm,height_mm` (any
/// order), extra columns kept in file order. RFC 4180 quoting, UTF-8 (a BOM is skipped), LF or
/// CRLF line ends, blank lines ignored.
///
/// Keyed by barcode: a header with `barcode` and no `capture` column
/// (`barcode,length_mm,width_mm,height_mm`) lists parcels by the text of their code; each
/// capture found in the dataset folder is then matched to its row by the codes read from its
/// colour images (`BarcodeKeyMatch`). Every row's code must be present and unique.
///
/// Cartons of a scene: with the columns `x_mm,y_mm,z_mm` (all three), a row whose three cells
/// hold numbers names one carton of its capture by where it stands: a point on the carton's
/// vertical axis in the capture's own coordinates, millimetres (the frame of `measure --json`'s
/// `pose.center_m`). Such a capture is measured carton by carton (`measure --all`) and each row is
/// judged against the carton standing there (`SceneCartonMatch`). A capture may be listed on
/// several rows only this way; rows with the cells empty are measured as the capture's one box.
///
/// Every problem is `DimensioningError.unreadableCapture(file:reason:)` naming the CSV and the
/// line: missing columns, wrong field counts, unparseable, negative or non-finite sizes, rows
/// partly zero, duplicate captures or codes, empty codes in a table keyed by barcode, and
/// capture paths that escape the dataset folder.
public struct GroundTruthTable: Sendable, Equatable {
    public static let fileName = "ground_truth.csv"
    public static let requiredColumns = ["capture", "length_mm", "width_mm", "height_mm"]
    /// The size columns, required in both layouts.
    public static let sizeColumns = ["length_mm", "width_mm", "height_mm"]
    /// Optional columns, all three or none: a carton's position in its scene (`GroundTruthRow.positionMM`).
    public static let positionColumns = ["x_mm", "y_mm", "z_mm"]
    /// An extra column: the text of the parcel's barcode. Beside `capture`, verify checks that
    /// the capture's colour images read it (`VerificationResult.barcodeMatch`); instead of
    /// `capture`, it is the key captures are matched by (`keyedByBarcode`). The report shows it.
    public static let barcodeColumn = "barcode"
    /// Largest CSV read (bytes), checked before reading.
    public static let maximumBytes = 256 << 20

    /// The dataset folder (the CSV's folder).
    public var folder: URL
    /// Names of the columns beyond the required four, in file order.
    public var extraColumns: [String]
    /// Rows sorted by capture path (byte order), which fixes the order of results and shards;
    /// keyed by barcode, in file order (their `capture` is empty).
    public var rows: [GroundTruthRow]
    /// True when the table has a `barcode` column and no `capture` column: captures are found in
    /// the dataset folder (`DatasetCaptures`) and matched to rows by the codes they read.
    public var keyedByBarcode: Bool

    public init(folder: URL, extraColumns: [String], rows: [GroundTruthRow], keyedByBarcode: Bool = false) {
        self.folder = folder
        self.extraColumns = extraColumns
        self.keyedByBarcode = keyedByBarcode
        self.rows = keyedByBarcode ? rows.sorted { $0.line < $1.line }
            : rows.sorted { $0.capture == $1.capture ? $0.line < $1.line : $0.capture.utf8.lexicographicallyPrecedes($1.capture.utf8) }
    }

    /// The CSV file of this dataset.
    public var csvURL: URL { folder.appendingPathComponent(Self.fileName) }

    /// Reads `dataset/ground_truth.csv` (`dataset` may also be the CSV itself).
    public static func load(dataset: URL) throws(DimensioningError) -> GroundTruthTable {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dataset.path, isDirectory: &isFolder) else {
            throw .unreadableCapture(file: dataset.path, reason: "no such dataset folder")
        }
        let csv = isFolder.boolValue ? dataset.appendingPathComponent(fileName) : dataset
        let bytes = try CaptureFile.readBytes(csv, maxBytes: maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableCapture(file: csv.path, reason: invalidUTF8Reason(bytes))
        }
        return try parse(text, csv: csv)
    }

    /// Parses CSV text; `csv` names the file in errors and fixes the dataset folder.
    public static func parse(_ text: String, csv: URL) throws(DimensioningError) -> GroundTruthTable {
        let folder = csv.deletingLastPathComponent()
        func fail(_ line: Int, _ reason: String) -> DimensioningError {
            .unreadableCapture(file: csv.path, reason: "line \(line): \(reason)")
        }
        let records = try CSVRecords.split(text, fail: fail)
        guard let header = records.first else { throw fail(1, "the file is empty; expected the header \(requiredColumns.joined(separator: ","))") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var position: [String: Int] = [:]
        for (i, name) in names.enumerated() {
            if position[name] != nil { throw fail(header.line, "column \"\(name)\" appears twice") }
            position[name] = i
        }
        let byBarcode = position["capture"] == nil && position[barcodeColumn] != nil
        let required = byBarcode ? sizeColumns : requiredColumns
        let missing = required.filter { position[$0] == nil }
        if !missing.isEmpty {
            throw fail(header.line, "missing column\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) (the header must hold \(requiredColumns.joined(separator: ",")), or \(barcodeColumn),\(sizeColumns.joined(separator: ",")) to match captures by their barcode)")
        }
        let positioned = positionColumns.filter { position[$0] != nil }
        if !positioned.isEmpty && positioned.count != 3 {
            throw fail(header.line, "a carton's position needs all three columns \(positionColumns.joined(separator: ",")); this header has only \(positioned.joined(separator: ","))")
        }
        if byBarcode && !positioned.isEmpty {
            throw fail(header.line, "cartons located by \(positionColumns.joined(separator: ",")) need a capture column (a table keyed by barcode finds its captures by their codes)")
        }
        let consumed = required + positioned
        let extraIndices = names.indices.filter { !consumed.contains(names[$0]) }
        let resolver = DatasetPathResolver(folder: folder)
        var rows: [GroundTruthRow] = []
        var seen: [String: Int] = [:]
        // Whether a capture's first row names a carton by position: only such rows may repeat it.
        var firstPositioned: [String: Bool] = [:]
        for record in records.dropFirst() {
            guard record.fields.count == names.count else {
                throw fail(record.line, "\(record.fields.count) fields, the header has \(names.count)")
            }
            var capture = ""
            if byBarcode {
                let code = record.fields[position[barcodeColumn]!].trimmingCharacters(in: .whitespaces)
                guard !code.isEmpty else { throw fail(record.line, "the barcode is empty (the table is keyed by barcode: every row needs one)") }
                if let first = seen[code] { throw fail(record.line, "barcode \"\(code)\" is listed twice (also on line \(first))") }
                seen[code] = record.line
            } else {
                capture = record.fields[position["capture"]!].trimmingCharacters(in: .whitespaces)
                guard !capture.isEmpty else { throw fail(record.line, "the capture path is empty") }
                if let reason = resolver.escapeReason(capture) { throw fail(record.line, "capture \"\(capture)\" \(reason)") }
            }
            var sizes: [Double] = []
            for column in sizeColumns {
                let raw = record.fields[position[column]!].trimmingCharacters(in: .whitespaces)
                guard let value = Double(raw), value.isFinite else {
                    throw fail(record.line, "\(column) \"\(raw)\" is not a number")
                }
                guard value >= 0 else { throw fail(record.line, "\(column) is negative (\(raw))") }
                sizes.append(value)
            }
            let zeros = sizes.filter { $0 == 0 }.count
            if zeros != 0 && zeros != 3 {
                throw fail(record.line, "sizes must be all positive, or all zero for \"no box expected\"")
            }
            let place = try cartonPosition(record, columns: positioned.isEmpty ? [] : positionColumns.map { position[$0]! }, fail: fail)
            if place != nil && zeros == 3 {
                throw fail(record.line, "a carton located by its position needs its size (a row of zeros means no box in the whole capture)")
            }
            if !byBarcode {
                let key = resolver.normalized(capture)
                if let first = seen[key] {
                    guard place != nil, firstPositioned[key] == true else {
                        throw fail(record.line, "capture \"\(capture)\" is listed twice (also on line \(first)); to list several cartons of one scene, give each of its rows \(positionColumns.joined(separator: ","))")
                    }
                } else {
                    seen[key] = record.line
                    firstPositioned[key] = place != nil
                }
            }
            rows.append(GroundTruthRow(capture: capture, line: record.line, lengthMM: sizes[0], widthMM: sizes[1],
                                       heightMM: sizes[2], extras: extraIndices.map { record.fields[$0] }, positionMM: place))
        }
        if rows.isEmpty { throw fail(header.line, "no captures listed") }
        return GroundTruthTable(folder: folder, extraColumns: extraIndices.map { names[$0] }, rows: rows, keyedByBarcode: byBarcode)
    }

    /// A row's position cells (`positionColumns`' indices): nil when the table has no such columns
    /// or all three cells are empty; an error when only some are filled or one is not a number.
    static func cartonPosition(_ record: CSVRecords.Record, columns: [Int],
                               fail: (Int, String) -> DimensioningError) throws(DimensioningError) -> SIMD3<Double>? {
        guard !columns.isEmpty else { return nil }
        let cells = columns.map { record.fields[$0].trimmingCharacters(in: .whitespaces) }
        if cells.allSatisfy(\.isEmpty) { return nil }
        var values: [Double] = []
        for (name, cell) in zip(positionColumns, cells) {
            guard let value = Double(cell), value.isFinite else {
                throw fail(record.line, cell.isEmpty ? "\(name) is empty: give all three of \(positionColumns.joined(separator: ",")), or none"
                                                     : "\(name) \"\(cell)\" is not a number")
            }
            values.append(value)
        }
        return SIMD3(values[0], values[1], values[2])
    }

    /// Which line is not UTF-8: capture paths must name files exactly, and the replacement
    /// character a lenient decoder would put in cannot.
    static func invalidUTF8Reason(_ bytes: [UInt8]) -> String {
        for (i, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where String(validating: line, as: UTF8.self) == nil {
            return "line \(i + 1): not valid UTF-8 (the file must be UTF-8)"
        }
        return "not valid UTF-8 (the file must be UTF-8)"
    }

    /// The capture's location inside the dataset.
    public func url(of row: GroundTruthRow) -> URL {
        folder.appendingPathComponent(row.capture)
    }

    /// The `barcode` cell of `row` (trimmed), nil without one.
    public func barcode(of row: GroundTruthRow) -> String? { row.barcode(extraColumns: extraColumns) }

    /// The rows of shard `index` of `count` (0-based): every `count`-th row of the sorted list.
    public func shard(_ index: Int, of count: Int) -> [GroundTruthRow] {
        rows.enumerated().filter { $0.offset % count == index }.map(\.element)
    }

    /// The captures the rows name, each once, in row order (byte order of their paths).
    public var captures: [String] {
        var seen = Set<String>()
        return rows.map(\.capture).filter { seen.insert($0).inserted }
    }
}
