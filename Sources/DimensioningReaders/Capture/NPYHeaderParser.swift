import Dimensioning

/// Parses the Python dictionary literal in an `.npy` header, e.g.
/// `{'descr': '<f4', 'fortran_order': False, 'shape': (192, 256), }` (internal).
///
/// Only what NumPy writes is accepted: string keys, and values that are strings, `True`/`False`
/// or tuples of non-negative integers. Trailing spaces and the final newline are allowed.
enum NPYHeaderParser {
    enum Value: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        case tuple([Int])
    }

    static func parse(_ text: String, file: String) throws(DimensioningError) -> [String: Value] {
        var scanner = Scanner(chars: Array(text.unicodeScalars), file: file)
        return try scanner.dictionary()
    }

    private struct Scanner {
        var chars: [Unicode.Scalar]
        var file: String
        var at = 0

        func fail(_ reason: String) -> DimensioningError {
            .unreadableCapture(file: file, reason: "NPY header: \(reason) at character \(at)")
        }

        mutating func skipSpaces() {
            while at < chars.count, chars[at] == " " || chars[at] == "\n" || chars[at] == "\t" || chars[at] == "\r" {
                at += 1
            }
        }

        mutating func expect(_ c: Unicode.Scalar) throws(DimensioningError) {
            skipSpaces()
            guard at < chars.count, chars[at] == c else { throw fail("expected '\(c)'") }
            at += 1
        }

        /// True (and consumes it) when the next non-space character is `c`.
        mutating func accept(_ c: Unicode.Scalar) -> Bool {
            skipSpaces()
            if at < chars.count, chars[at] == c { at += 1; return true }
            return false
        }

        mutating func dictionary() throws(DimensioningError) -> [String: Value] {
            try expect("{")
            var result: [String: Value] = [:]
            while !accept("}") {
                let key = try string()
                try expect(":")
                guard result[key] == nil else { throw fail("duplicate key '\(key)'") }
                result[key] = try value()
                if !accept(",") { try expect("}"); break }
            }
            skipSpaces()
            guard at == chars.count else { throw fail("unexpected text after the dictionary") }
            return result
        }

        mutating func string() throws(DimensioningError) -> String {
            skipSpaces()
            guard at < chars.count, chars[at] == "'" || chars[at] == "\"" else { throw fail("expected a quoted string") }
            let quote = chars[at]
            at += 1
            var out = String.UnicodeScalarView()
            while at < chars.count, chars[at] != quote {
                guard chars[at] != "\\" else { throw fail("escapes in strings are not supported") }
                out.append(chars[at]); at += 1
            }
            guard at < chars.count else { throw fail("unterminated string") }
            at += 1
            return String(out)
        }

        mutating func value() throws(DimensioningError) -> Value {
            skipSpaces()
            guard at < chars.count else { throw fail("missing value") }
            switch chars[at] {
            case "'", "\"": return .string(try string())
            case "(": return .tuple(try tuple())
            default:
                let word = identifier()
                switch word {
                case "True": return .bool(true)
                case "False": return .bool(false)
                default: throw fail("unsupported value '\(word)'")
                }
            }
        }

        mutating func identifier() -> String {
            var out = String.UnicodeScalarView()
            while at < chars.count, chars[at].properties.isAlphabetic || chars[at] == "_" { out.append(chars[at]); at += 1 }
            return String(out)
        }

        mutating func tuple() throws(DimensioningError) -> [Int] {
            try expect("(")
            var items: [Int] = []
            while !accept(")") {
                items.append(try integer())
                if !accept(",") { try expect(")"); break }
            }
            return items
        }

        mutating func integer() throws(DimensioningError) -> Int {
            skipSpaces()
            var digits = ""
            while at < chars.count, ("0"..."9").contains(chars[at]) { digits.unicodeScalars.append(chars[at]); at += 1 }
            if at < chars.count, chars[at] == "L" { at += 1 }  // Python 2 long suffix
            guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else { throw fail("expected a dimension (0..999999999)") }
            return n
        }
    }
}
