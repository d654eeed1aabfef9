import Dimensioning
import Foundation

extension StrayScannerReader {
    /// One row of `odometry.csv`.
    struct OdometryRow: Sendable, Equatable {
        /// 1-based line number in the file.
        var line: Int
        /// Seconds (the app's clock); nil in the header-less variant.
        var timestamp: Double?
        /// The depth frame number this row belongs to; nil in the header-less variant.
        var frame: Int?
        /// Camera pose in ARKit's world (y up, gravity along -y), OpenCV camera axes; metres.
        var arkitWorldFromCamera: RigidTransform
    }

    /// How far a quaternion's norm may be from 1 before the row is refused.
    static let quaternionNormTolerance = 0.01

    /// Reads `odometry.csv` in either variant:
    /// - with the header `timestamp, frame, x, y, z, qx, qy, qz, qw` (columns found by name;
    ///   `timestamp` and `frame` may be absent, the other seven are required);
    /// - the old header-less variant, 7 values a row: `x, y, z, qx, qy, qz, qw`.
    ///
    /// Position in metres and orientation as a unit quaternion (x, y, z, w), giving the
    /// camera (OpenCV axes) in ARKit's world, where gravity points along -y. Refused, naming
    /// the file and line: a wrong number of values, a value that is not a finite number, a
    /// non-integral frame number, a quaternion whose norm differs from 1 by more than 0.01.
    static func readOdometry(_ url: URL, limits: CaptureLimits) throws(DimensioningError) -> [OdometryRow] {
        let file = url.path
        func fail(_ line: Int, _ reason: String) -> DimensioningError {
            .unreadableCapture(file: file, reason: "line \(line): \(reason)")
        }
        var lines = try CSVLines.read(url, maxBytes: limits.maxFileBytes)
        guard let first = lines.first else {
            throw .unreadableCapture(file: file, reason: "no rows (the file holds only blank lines)")
        }
        let required = ["x", "y", "z", "qx", "qy", "qz", "qw"]
        let known = Set(required + ["timestamp", "frame"])
        var columns: [String: Int]
        // A header starts with a column name; every data row starts with a number.
        let hasHeader = Double(first.fields[0]) == nil
        if hasHeader {
            columns = [:]
            for (i, name) in first.fields.enumerated() {
                let key = name.lowercased()
                guard known.contains(key) else { throw fail(first.number, "unknown column '\(name)' in the header") }
                guard columns[key] == nil else { throw fail(first.number, "column '\(name)' appears twice") }
                columns[key] = i
            }
            for name in required where columns[name] == nil {
                throw fail(first.number, "the header has no '\(name)' column")
            }
            lines.removeFirst()
        } else {
            columns = Dictionary(uniqueKeysWithValues: required.enumerated().map { ($1, $0) })
        }
        let width = hasHeader ? first.fields.count : required.count
        guard lines.count <= limits.maxFrameCount else {
            throw .unreadableCapture(file: file, reason: "\(lines.count) rows, more than the limit of \(limits.maxFrameCount) frames")
        }

        var rows: [OdometryRow] = []
        rows.reserveCapacity(lines.count)
        for line in lines {
            guard line.fields.count == width else {
                throw fail(line.number, "expected \(width) values, found \(line.fields.count)")
            }
            func value(_ name: String) throws(DimensioningError) -> Double {
                let field = line.fields[columns[name]!]
                guard let v = Double(field) else { throw fail(line.number, "\(name) '\(field)' is not a number") }
                guard v.isFinite else { throw fail(line.number, "\(name) is \(field), not a finite number") }
                return v
            }
            let position = SIMD3(try value("x"), try value("y"), try value("z"))
            let q = SIMD4(try value("qx"), try value("qy"), try value("qz"), try value("qw"))
            let norm = (q * q).sum().squareRoot()
            guard abs(norm - 1) <= quaternionNormTolerance else {
                throw fail(line.number, "quaternion (qx, qy, qz, qw) has norm \(norm), not 1 (tolerance \(quaternionNormTolerance))")
            }
            var frame: Int?
            if columns["frame"] != nil {
                let f = try value("frame")
                guard f >= 0, f == f.rounded(), f < 1e9 else {
                    throw fail(line.number, "frame \(f) is not a frame number (a non-negative integer)")
                }
                frame = Int(f)
            }
            let timestamp = columns["timestamp"] != nil ? try value("timestamp") : nil
            rows.append(OdometryRow(line: line.number, timestamp: timestamp, frame: frame,
                                    arkitWorldFromCamera: RigidTransform(quaternion: q, translation: position)))
        }
        return rows
    }
}
