import Dimensioning

/// PCD, the Point Cloud Library's format (v0.7, and the older headers without VIEWPOINT,
/// COUNT or WIDTH/HEIGHT), read and written by our own code.
///
/// A text header (`FIELDS`, `SIZE`, `TYPE`, `COUNT`, `WIDTH`, `HEIGHT`, `VIEWPOINT`,
/// `POINTS`, `DATA`; `#` comments) and a body: `ascii` (a line per point, a word per value),
/// `binary` (the points one after another, each field's values in header order) or
/// `binary_compressed` (two little-endian UInt32, the compressed and the uncompressed size,
/// then LZF data which decompresses to each field's values for all points, field after field).
enum PCDFile {
    struct Field {
        var name: String
        var scalar: CloudFileReader.Scalar
        var count: Int
        var offset: Int  // bytes into a binary point
        var element: Int // words into an ascii line
    }

    enum Body: String { case ascii, binary, binaryCompressed = "binary_compressed" }

    struct Header {
        var fields: [Field]
        var width: Int
        var height: Int
        var pointBytes: Int
        var elements: Int
        var body: Body
        var bodyStart: Int
        var points: Int { width * height }
    }

    static func fail(_ message: String) -> NativeFailure { CloudFileReader.fail(message) }

    static func scalar(type: Substring, size: Int) -> CloudFileReader.Scalar? {
        switch (type, size) {
        case ("F", 4): .float32
        case ("F", 8): .float64
        case ("I", 1): .int8
        case ("I", 2): .int16
        case ("I", 4): .int32
        case ("I", 8): .int64
        case ("U", 1): .uint8
        case ("U", 2): .uint16
        case ("U", 4): .uint32
        case ("U", 8): .uint64
        default: nil
        }
    }

    static func header(_ bytes: UnsafeBufferPointer<UInt8>, maxPoints: Int) throws(NativeFailure) -> Header {
        var lines = CloudFileReader.HeaderLines(bytes)
        var names: [Substring] = [], types: [Substring] = []
        var sizes: [Int]?, counts: [Int]?
        var width: Int?, height: Int?, points: Int?
        var body: Body?
        var seen = Set<Substring>()
        while body == nil {
            guard let line = try lines.next() else { throw fail("header ends before its DATA line") }
            let n = lines.number
            // PCL skips an empty line but ends its header at a line of only blanks, before DATA:
            // it would read another header than this one.
            if !line.isEmpty && line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\u{0B}" || $0 == "\u{0C}" }) {
                throw fail("line \(n): a line of blanks, where PCL would end the header")
            }
            let words = CloudFileReader.words(line)
            guard let key = words.first, !key.hasPrefix("#") else { continue }
            guard seen.insert(key).inserted else { throw fail("line \(n): keyword '\(key.prefix(40))' appears twice") }
            let values = Array(words.dropFirst())
            func wholeNumbers() throws(NativeFailure) -> [Int] {
                var out: [Int] = []
                for value in values {
                    guard let number = CloudFileReader.wholeNumber(value) else {
                        throw fail("line \(n): \(key) values must be whole numbers")
                    }
                    out.append(number)
                }
                return out
            }
            switch key {
            case "VERSION": continue
            case "FIELDS", "COLUMNS": names = values
            case "SIZE": sizes = try wholeNumbers()
            case "TYPE": types = values
            case "COUNT": counts = try wholeNumbers()
            case "WIDTH", "HEIGHT", "POINTS":
                guard values.count == 1, let number = CloudFileReader.wholeNumber(values[0]) else {
                    throw fail("line \(n): \(key) needs one whole number")
                }
                if key == "WIDTH" { width = number } else if key == "HEIGHT" { height = number } else { points = number }
            case "VIEWPOINT":
                guard values.count == 7, values.allSatisfy({ Double($0) != nil }) else {
                    throw fail("line \(n): VIEWPOINT needs 7 numbers")
                }
            case "DATA":
                guard values.count == 1, let kind = Body(rawValue: String(values[0])) else {
                    throw fail("line \(n): unknown DATA kind")
                }
                body = kind
            default:
                throw fail("line \(n): unknown header keyword '\(key.prefix(40))'")
            }
        }
        guard !names.isEmpty else { throw fail("header has no FIELDS") }
        let sizeList = sizes ?? [], countList = counts ?? [Int](repeating: 1, count: names.count)
        guard sizeList.count == names.count, types.count == names.count, countList.count == names.count else {
            throw fail("FIELDS, SIZE, TYPE and COUNT disagree in length (\(names.count), \(sizeList.count), \(types.count), \(countList.count))")
        }
        var fields: [Field] = []
        var pointBytes = 0, elements = 0
        for i in 0..<names.count {
            guard let scalar = scalar(type: types[i], size: sizeList[i]) else {
                throw fail("field '\(names[i].prefix(40))' has unsupported TYPE \(types[i].prefix(8)) with SIZE \(sizeList[i])")
            }
            guard countList[i] >= 1, countList[i] <= 1024 else {
                throw fail("field '\(names[i].prefix(40))' has COUNT \(countList[i])")
            }
            fields.append(Field(name: String(names[i]), scalar: scalar, count: countList[i], offset: pointBytes, element: elements))
            pointBytes += scalar.size * countList[i]
            elements += countList[i]
        }
        for axis in ["x", "y", "z"] {
            guard let field = fields.first(where: { $0.name == axis }) else { throw fail("no '\(axis)' field") }
            guard field.count == 1 else { throw fail("field '\(axis)' must have COUNT 1") }
        }
        // Headers before v0.7 may give only POINTS: an unorganized cloud of that many points.
        if width == nil && height == nil, let points { (width, height) = (points, 1) }
        guard let width, let height, width > 0, height > 0 else {
            throw fail("WIDTH and HEIGHT must be positive whole numbers")
        }
        guard width <= Int(UInt32.max) / height else { throw NativeFailure(kind: .tooLarge, message: "WIDTH x HEIGHT overflows") }
        if let points, points != width * height {
            throw fail("POINTS \(points) differs from WIDTH x HEIGHT = \(width * height)")
        }
        guard width * height <= maxPoints else {
            throw NativeFailure(kind: .tooLarge, message: "declares \(width * height) points, more than the limit \(maxPoints)")
        }
        // A point's values are kept in memory in 32-bit offsets by PCL's layout: past 4 GiB of
        // points the header is refused, whatever the body holds.
        guard pointBytes <= Int(UInt32.max) / (width * height) else {
            throw NativeFailure(kind: .tooLarge, message: "\(width * height) points of \(pointBytes) bytes exceed 4 GiB")
        }
        if let keyword = keywordAfterData(bytes, from: lines.position) {
            throw fail("the bytes after the DATA line start with '\(keyword)', which PCL would read as a header line")
        }
        return Header(fields: fields, width: width, height: height, pointBytes: pointBytes, elements: elements,
                      body: body!, bodyStart: lines.position)
    }

    /// The header keyword PCL 1.13 would read from the lines after the DATA line, or nil.
    ///
    /// PCL's PCD reader, the format's reference, does not stop its header at DATA: it goes on
    /// reading lines (binary bytes included), skips empty lines and `#` comments, and applies
    /// every line whose first word merely starts with a keyword (`COLUMNS\0...` counts as
    /// COLUMNS) until one matches nothing. A body starting with such bytes is read by PCL as
    /// another header than the one above it (for `Tests/Fixtures/crashes/pcd-binary-segfault.pcd`
    /// PCL 1.13 crashed); such a file means two things, so it is refused rather than guessed.
    static func keywordAfterData(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
        let keywords = ["VERSION", "FIELDS", "COLUMNS", "SIZE", "TYPE", "COUNT", "WIDTH", "HEIGHT", "VIEWPOINT",
                        "POINTS", "DATA"].map { Array($0.utf8) }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0b || c == 0x0c || c == 0x0d }
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0a { i += 1; continue }  // an empty line: PCL reads the next one
            while i < bytes.count && bytes[i] != 0x0a && isSpace(bytes[i]) { i += 1 }
            var word: [UInt8] = []
            while i < bytes.count && bytes[i] != 0x0a && !isSpace(bytes[i]) && word.count < 16 {
                word.append(bytes[i])
                i += 1
            }
            guard let first = word.first else { return nil }  // a line of blanks ends PCL's header
            guard first == UInt8(ascii: "#") else {
                return keywords.first { word.starts(with: $0) }.map { String(decoding: $0, as: UTF8.self) }
            }
            while i < bytes.count && bytes[i] != 0x0a { i += 1 }  // a comment: PCL skips the line
        }
        return nil
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, maxPoints: Int) throws(NativeFailure) -> NativeCloud.Loaded {
        let header = try header(bytes, maxPoints: maxPoints)
        let n = header.points
        let axes = ["x", "y", "z"].map { name in header.fields.first { $0.name == name }! }
        var collector = CloudFileReader.Collector(declared: n, organized: header.height > 1, fileBytes: bytes.count)
        let bodyBytes = header.bodyStart < bytes.count ? bytes.count - header.bodyStart : 0
        switch header.body {
        case .binary:
            guard bodyBytes / header.pointBytes >= n else {
                throw fail("binary body holds \(bodyBytes) bytes, the header promises \(n) points of \(header.pointBytes) bytes")
            }
            let (ox, oy, oz) = (axes[0].offset, axes[1].offset, axes[2].offset)
            let (sx, sy, sz) = (axes[0].scalar, axes[1].scalar, axes[2].scalar)
            for i in 0..<n {
                let base = header.bodyStart + i * header.pointBytes
                collector.add(i, sx.value(bytes, base + ox), sy.value(bytes, base + oy), sz.value(bytes, base + oz))
            }
        case .binaryCompressed:
            guard bodyBytes >= 8 else { throw fail("binary_compressed body too short for its size fields") }
            let sizes = CloudFileReader.Scalar.uint32
            let compressed = Int(sizes.value(bytes, header.bodyStart)), uncompressed = Int(sizes.value(bytes, header.bodyStart + 4))
            guard compressed <= bodyBytes - 8 else {
                throw fail("compressed size \(compressed) exceeds the \(bodyBytes - 8) bytes present")
            }
            guard uncompressed == n * header.pointBytes else {
                throw fail("uncompressed size \(uncompressed) differs from \(n) points of \(header.pointBytes) bytes")
            }
            // A back-reference writes at most 264 bytes for 3 read: a larger claim is a lie.
            guard uncompressed <= compressed * 88 else {
                throw fail("\(compressed) compressed bytes cannot hold \(uncompressed) uncompressed bytes")
            }
            let stream = UnsafeBufferPointer(rebasing: bytes[(header.bodyStart + 8)..<(header.bodyStart + 8 + compressed)])
            guard let plain = LZF.decompress(stream, expectedCount: uncompressed) else {
                throw fail("the LZF data does not decompress to the \(uncompressed) bytes the header promises")
            }
            plain.withUnsafeBufferPointer { columns in
                // Field f's values for all points start at f's point offset times the point count.
                let (bx, by, bz) = (axes[0].offset * n, axes[1].offset * n, axes[2].offset * n)
                let (sx, sy, sz) = (axes[0].scalar, axes[1].scalar, axes[2].scalar)
                for i in 0..<n {
                    collector.add(i, sx.value(columns, bx + i * sx.size), sy.value(columns, by + i * sy.size),
                                  sz.value(columns, bz + i * sz.size))
                }
            }
        case .ascii:
            var lines = CloudFileReader.BodyLines(bytes: bytes, position: header.bodyStart)
            for i in 0..<n {
                guard let words = lines.next() else {
                    throw fail("ascii body has \(i) points, the header promises \(n)")
                }
                guard words.count >= header.elements else {
                    throw fail("ascii point \(i) has \(words.count) values, the fields need \(header.elements)")
                }
                var xyz = [Double](repeating: 0, count: 3)
                for (a, axis) in axes.enumerated() {
                    guard let value = axis.scalar.value(text: words[axis.element]) else {
                        throw fail("ascii point \(i): '\(words[axis.element].prefix(40))' is not a number for field '\(axis.name)'")
                    }
                    xyz[a] = value
                }
                collector.add(i, xyz[0], xyz[1], xyz[2])
            }
        }
        return collector.loaded(declared: n, width: header.width, height: header.height)
    }

    // MARK: writing

    /// A PCD file of `count` points (x y z Float32, then `rgb` as PCL's packed Float32 field and
    /// `label` as UInt32 when given), `width` x `height` (organized when height > 1).
    static func encode(xyz: [Float], width: Int, height: Int, rgb: [UInt32]?, labels: [Int32]?,
                       body: Body) -> [UInt8] {
        let count = xyz.count / 3
        var names = ["x", "y", "z"], sizes = ["4", "4", "4"], types = ["F", "F", "F"]
        if rgb != nil { names.append("rgb"); sizes.append("4"); types.append("F") }
        if labels != nil { names.append("label"); sizes.append("4"); types.append("U") }
        var text = "# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\n"
        text += "FIELDS \(names.joined(separator: " "))\nSIZE \(sizes.joined(separator: " "))\n"
        text += "TYPE \(types.joined(separator: " "))\nCOUNT \(names.map { _ in "1" }.joined(separator: " "))\n"
        text += "WIDTH \(width)\nHEIGHT \(height)\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS \(count)\nDATA \(body.rawValue)\n"
        var out = Array(text.utf8)
        // Each field's 4-byte words for point i.
        func words(_ i: Int) -> [UInt32] {
            var w = [xyz[3 * i].bitPattern, xyz[3 * i + 1].bitPattern, xyz[3 * i + 2].bitPattern]
            if let rgb { w.append(rgb[i]) }
            if let labels { w.append(UInt32(bitPattern: labels[i])) }
            return w
        }
        func append(_ word: UInt32, to bytes: inout [UInt8]) {
            bytes.append(UInt8(word & 0xff)); bytes.append(UInt8(word >> 8 & 0xff))
            bytes.append(UInt8(word >> 16 & 0xff)); bytes.append(UInt8(word >> 24))
        }
        switch body {
        case .ascii:
            var lines = ""
            for i in 0..<count {
                var line = "\(xyz[3 * i]) \(xyz[3 * i + 1]) \(xyz[3 * i + 2])"
                // PCL writes the packed colour of a Float32 rgb field as its 32-bit integer.
                if let rgb { line += " \(rgb[i])" }
                if let labels { line += " \(UInt32(bitPattern: labels[i]))" }
                lines += line + "\n"
            }
            out += Array(lines.utf8)
        case .binary:
            out.reserveCapacity(out.count + count * 4 * names.count)
            for i in 0..<count { for word in words(i) { append(word, to: &out) } }
        case .binaryCompressed:
            var columns = [UInt8]()
            columns.reserveCapacity(count * 4 * names.count)
            for f in 0..<names.count {
                for i in 0..<count {
                    let word: UInt32 = f < 3 ? xyz[3 * i + f].bitPattern
                        : (f == 3 && rgb != nil) ? rgb![i] : UInt32(bitPattern: labels![i])
                    append(word, to: &columns)
                }
            }
            let packed = LZF.compress(columns)
            append(UInt32(packed.count), to: &out)
            append(UInt32(columns.count), to: &out)
            out += packed
        }
        return out
    }
}
