import Dimensioning
import Foundation

/// The non-empty lines of a small CSV file, split at commas with spaces trimmed (internal).
struct CSVLines {
    struct Line: Sendable {
        /// 1-based line number in the file.
        var number: Int
        var fields: [String]
    }

    static func read(_ url: URL, maxBytes: Int) throws(DimensioningError) -> [Line] {
        parse(try CaptureFile.readText(url, maxBytes: maxBytes))
    }

    static func parse(_ text: String) -> [Line] {
        var lines: [Line] = []
        var number = 0
        // `isNewline` covers "\n", "\r" and "\r\n" (one Character in Swift, so splitting at "\n"
        // alone would miss Windows line endings).
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            lines.append(Line(number: number, fields: fields))
        }
        return lines
    }
}
