import Dimensioning
import Foundation

extension StrayScannerReader {
    /// The RGB resolution Stray Scanner's `camera_matrix.csv` belongs to (current iPhones and
    /// iPads), in pixels.
    public static let rgbWidth = 1920
    public static let rgbHeight = 1440

    /// Reads `camera_matrix.csv`: three rows of three comma-separated numbers, the pinhole
    /// matrix `[[fx, 0, cx], [0, fy, cy], [0, 0, 1]]` in pixels for the 1920x1440 RGB image.
    ///
    /// Refused (naming the file and the row/column): a missing or 0-byte file, a row count
    /// other than 3, a row with other than 3 values, a value that is not a number or not
    /// finite, a focal length that is not positive, non-zero skew or a last row other than
    /// (0, 0, 1).
    static func readCameraMatrix(_ url: URL, limits: CaptureLimits) throws(DimensioningError) -> CameraIntrinsics {
        let file = url.path
        func fail(_ reason: String) -> DimensioningError { .unreadableCapture(file: file, reason: reason) }
        let lines = try CSVLines.read(url, maxBytes: limits.maxFileBytes)
        guard lines.count == 3 else {
            throw fail("expected 3 rows of 3 values, found \(lines.count) rows")
        }
        var k: [[Double]] = []
        for (row, line) in lines.enumerated() {
            guard line.fields.count == 3 else {
                throw fail("row \(row + 1) (line \(line.number)): expected 3 values, found \(line.fields.count)")
            }
            var values: [Double] = []
            for (column, field) in line.fields.enumerated() {
                let place = "row \(row + 1), column \(column + 1)"
                guard let v = Double(field) else { throw fail("\(place): '\(field)' is not a number") }
                guard v.isFinite else { throw fail("\(place): \(field) is not a finite number") }
                values.append(v)
            }
            k.append(values)
        }
        let fx = k[0][0], fy = k[1][1], cx = k[0][2], cy = k[1][2]
        guard fx > 0 else { throw fail("row 1, column 1: focal length fx = \(fx) is not positive") }
        guard fy > 0 else { throw fail("row 2, column 2: focal length fy = \(fy) is not positive") }
        guard abs(k[0][1]) <= 1e-6 * fx else { throw fail("row 1, column 2: skew \(k[0][1]) is not supported (must be 0)") }
        guard k[1][0] == 0 else { throw fail("row 2, column 1: expected 0, found \(k[1][0])") }
        guard k[2][0] == 0, k[2][1] == 0, abs(k[2][2] - 1) <= 1e-9 else {
            throw fail("row 3: expected 0, 0, 1, found \(k[2].map { "\($0)" }.joined(separator: ", "))")
        }
        return CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy, width: rgbWidth, height: rgbHeight)
    }
}
