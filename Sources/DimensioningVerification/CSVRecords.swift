import Dimensioning

/// A small RFC 4180 reader (internal): fields split on commas, double quotes around fields
/// that hold commas, quotes (doubled) or line breaks.
enum CSVRecords {
    struct Record: Sendable, Equatable {
        /// 1-based line where the record starts.
        var line: Int
        var fields: [String]
    }

    /// Splits `text` into records, skipping blank lines; `fail(line, reason)` makes the error.
    static func split<E: Error>(_ text: String, fail: (Int, String) -> E) throws(E) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1, recordLine = 1
        var inQuotes = false, quotedField = false, afterQuote = false
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []; field = ""; quotedField = false; afterQuote = false
        }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < scalars.count && scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 }
                    else { inQuotes = false; afterQuote = true }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else {
                switch c {
                case ",":
                    fields.append(field); field = ""; quotedField = false; afterQuote = false
                case "\r" where i + 1 < scalars.count && scalars[i + 1] == "\n":
                    break
                case "\n":
                    endRecord(); line += 1; recordLine = line
                case "\"" where field.isEmpty && !quotedField:
                    inQuotes = true; quotedField = true
                default:
                    if afterQuote { throw fail(line, "text after a closing quote") }
                    if c == "\"" { throw fail(line, "a quote inside an unquoted field") }
                    field.unicodeScalars.append(c)
                }
            }
            i += 1
        }
        if inQuotes { throw fail(recordLine, "a quoted field is not closed") }
        endRecord()
        return records
    }
}
