import Dimensioning

/// PLY (the Stanford polygon format), read and written by our own code: `ascii`,
/// `binary_little_endian` and `binary_big_endian` bodies; the `vertex` element's x, y and z
/// (each of any numeric type) are the points, every other property and element (faces, lists,
/// a camera) is skipped. PCL's `obj_info num_cols` / `num_rows` lines, when their product is
/// the vertex count, make the cloud organized, as PCL's reader and writer have it.
enum PLYFile {
    struct Property {
        var name: String
        var scalar: CloudFileReader.Scalar
        var listLength: CloudFileReader.Scalar?  // a list property: the type of its length
    }

    struct Element {
        var name: String
        var count: Int
        var properties: [Property] = []
        var hasLists: Bool { properties.contains { $0.listLength != nil } }
        /// Bytes of one instance when it has no list properties.
        var stride: Int { properties.reduce(0) { $0 + $1.scalar.size } }
    }

    enum Format: String { case ascii, binaryLittleEndian = "binary_little_endian", binaryBigEndian = "binary_big_endian" }

    static func fail(_ message: String) -> NativeFailure { CloudFileReader.fail(message) }

    static func scalar(_ name: Substring) -> CloudFileReader.Scalar? {
        switch name {
        case "char", "int8": .int8
        case "uchar", "uint8": .uint8
        case "short", "int16": .int16
        case "ushort", "uint16": .uint16
        case "int", "int32": .int32
        case "uint", "uint32": .uint32
        case "float", "float32": .float32
        case "double", "float64": .float64
        default: nil
        }
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, maxPoints: Int) throws(NativeFailure) -> NativeCloud.Loaded {
        var lines = CloudFileReader.HeaderLines(bytes)
        guard let magic = try? lines.next(), magic == "ply" else { throw fail("missing 'ply' magic line") }
        var format: Format?
        var elements: [Element] = []
        var columns: Int?, rows: Int?
        header: while true {
            guard let line = try lines.next() else { throw fail("header ends before 'end_header'") }
            let n = lines.number
            let words = CloudFileReader.words(line)
            guard let key = words.first else { continue }
            switch key {
            case "comment": continue
            case "obj_info":
                if words.count >= 3, let value = CloudFileReader.wholeNumber(words[2]) {
                    if words[1] == "num_cols" { columns = value } else if words[1] == "num_rows" { rows = value }
                }
            case "format":
                guard format == nil else { throw fail("line \(n): a second format line") }
                guard words.count == 3, let kind = Format(rawValue: String(words[1])) else {
                    throw fail("line \(n): unknown format")
                }
                format = kind
            case "element":
                guard words.count == 3, let count = CloudFileReader.wholeNumber(words[2]) else {
                    throw fail("line \(n): malformed element line")
                }
                guard !elements.contains(where: { $0.name == words[1] }) else {
                    throw fail("line \(n): element '\(words[1].prefix(40))' appears twice")
                }
                elements.append(Element(name: String(words[1]), count: count))
            case "property":
                guard !elements.isEmpty else { throw fail("line \(n): property before any element") }
                let name = String(words.last!)
                guard !elements[elements.count - 1].properties.contains(where: { $0.name == name }) else {
                    throw fail("line \(n): property '\(name.prefix(40))' appears twice")
                }
                if words.count == 5 && words[1] == "list" {
                    guard let length = scalar(words[2]), let item = scalar(words[3]) else {
                        throw fail("line \(n): unknown list property type")
                    }
                    elements[elements.count - 1].properties.append(Property(name: name, scalar: item, listLength: length))
                } else if words.count == 3, let type = scalar(words[1]) {
                    elements[elements.count - 1].properties.append(Property(name: name, scalar: type, listLength: nil))
                } else {
                    throw fail("line \(n): unknown property type")
                }
            case "end_header":
                guard words.count == 1 else { throw fail("line \(n): words after end_header") }
                break header
            default:
                throw fail("line \(n): unknown header keyword '\(key.prefix(40))'")
            }
        }
        guard let format else { throw fail("no format line") }
        guard let vertexAt = elements.firstIndex(where: { $0.name == "vertex" }) else { throw fail("no vertex element") }
        let vertex = elements[vertexAt]
        var axes: [Int] = []
        for axis in ["x", "y", "z"] {
            guard let k = vertex.properties.firstIndex(where: { $0.name == axis && $0.listLength == nil }) else {
                throw fail("vertex element has no scalar '\(axis)' property")
            }
            axes.append(k)
        }
        let count = vertex.count
        guard count <= maxPoints else {
            throw NativeFailure(kind: .tooLarge, message: "declares \(count) points, more than the limit \(maxPoints)")
        }
        var (width, height) = (count, 1)
        if let columns, let rows, rows > 1, columns.multipliedReportingOverflow(by: rows) == (count, false) {
            (width, height) = (columns, rows)
        }
        if format != .ascii {
            // The least bytes the elements take (a list at least its length field): a count the
            // body cannot hold is refused before anything is read.
            var needed = 0
            for element in elements {
                let least = element.properties.reduce(0) { $0 + ($1.listLength?.size ?? $1.scalar.size) }
                let (bytes, o1) = element.count.multipliedReportingOverflow(by: least)
                let (sum, o2) = needed.addingReportingOverflow(bytes)
                guard !o1, !o2 else { throw fail("element sizes overflow") }
                needed = sum
            }
            let body = bytes.count - lines.position
            guard body >= needed else {
                throw fail("binary body holds \(body) bytes, the header promises at least \(needed)")
            }
        }
        var collector = CloudFileReader.Collector(declared: count, organized: height > 1, fileBytes: bytes.count)
        if format == .ascii {
            try readASCII(bytes, from: lines.position, elements: elements, vertexAt: vertexAt, axes: axes, into: &collector)
        } else {
            try readBinary(bytes, from: lines.position, bigEndian: format == .binaryBigEndian, elements: elements,
                           vertexAt: vertexAt, axes: axes, into: &collector)
        }
        return collector.loaded(declared: count, width: width, height: height)
    }

    static func readBinary(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool, elements: [Element],
                           vertexAt: Int, axes: [Int], into collector: inout CloudFileReader.Collector) throws(NativeFailure) {
        var position = start
        func need(_ count: Int, _ what: String) throws(NativeFailure) {
            guard count <= bytes.count - position else {
                throw fail("binary body ends inside \(what) (\(bytes.count - start) bytes after the header)")
            }
        }
        for (e, element) in elements.enumerated() {
            if !element.hasLists && e != vertexAt {
                let (total, overflow) = element.count.multipliedReportingOverflow(by: element.stride)
                guard !overflow else { throw fail("element '\(element.name.prefix(40))' is too large") }
                try need(total, "element '\(element.name.prefix(40))'")
                position += total
                continue
            }
            // Offsets of every scalar property within a list-free instance (the vertex's axes).
            for i in 0..<element.count {
                var xyz = (0.0, 0.0, 0.0)
                for (k, property) in element.properties.enumerated() {
                    if let length = property.listLength {
                        try need(length.size, "a list length of element '\(element.name.prefix(40))'")
                        let items = length.value(bytes, position, bigEndian: bigEndian)
                        position += length.size
                        guard items >= 0, items <= Double(bytes.count) else {
                            throw fail("element '\(element.name.prefix(40))' \(i): list length \(items)")
                        }
                        let (total, overflow) = Int(items).multipliedReportingOverflow(by: property.scalar.size)
                        guard !overflow else { throw fail("element '\(element.name.prefix(40))' \(i): list too long") }
                        try need(total, "a list of element '\(element.name.prefix(40))'")
                        position += total
                    } else {
                        try need(property.scalar.size, "element '\(element.name.prefix(40))' \(i)")
                        if e == vertexAt {
                            if k == axes[0] { xyz.0 = property.scalar.value(bytes, position, bigEndian: bigEndian) }
                            if k == axes[1] { xyz.1 = property.scalar.value(bytes, position, bigEndian: bigEndian) }
                            if k == axes[2] { xyz.2 = property.scalar.value(bytes, position, bigEndian: bigEndian) }
                        }
                        position += property.scalar.size
                    }
                }
                if e == vertexAt { collector.add(i, xyz.0, xyz.1, xyz.2) }
            }
        }
    }

    /// ASCII: an instance per line (blank lines skipped), a word per scalar, a list as its
    /// length and then its items.
    static func readASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, elements: [Element], vertexAt: Int,
                          axes: [Int], into collector: inout CloudFileReader.Collector) throws(NativeFailure) {
        var lines = CloudFileReader.BodyLines(bytes: bytes, position: start)
        for (e, element) in elements.enumerated() {
            for i in 0..<element.count {
                guard let words = lines.next() else {
                    throw fail("ascii body has \(i) lines for '\(element.name.prefix(40))', the header promises \(element.count)")
                }
                guard words.count >= element.properties.count else {
                    throw fail("ascii \(element.name.prefix(40)) \(i) has \(words.count) values, its properties need \(element.properties.count)")
                }
                var w = 0
                var xyz = [0.0, 0.0, 0.0]
                for (k, property) in element.properties.enumerated() {
                    guard w < words.count else {
                        throw fail("ascii \(element.name.prefix(40)) \(i) has \(words.count) values, fewer than its properties need")
                    }
                    if let length = property.listLength {
                        guard let items = length.value(text: words[w]), items >= 0, items <= Double(words.count) else {
                            throw fail("ascii \(element.name.prefix(40)) \(i): bad list length '\(words[w].prefix(40))'")
                        }
                        w += 1 + Int(items)
                        continue
                    }
                    if e == vertexAt, let a = axes.firstIndex(of: k) {
                        guard let value = property.scalar.value(text: words[w]) else {
                            throw fail("ascii vertex \(i): '\(words[w].prefix(40))' is not a number for '\(property.name)'")
                        }
                        xyz[a] = value
                    }
                    w += 1
                }
                guard w <= words.count else {
                    throw fail("ascii \(element.name.prefix(40)) \(i) has \(words.count) values, fewer than its properties need")
                }
                if e == vertexAt { collector.add(i, xyz[0], xyz[1], xyz[2]) }
            }
        }
    }

    // MARK: writing

    /// A PLY file of the points (x y z float, then red green blue uchar from `rgb` and a uint
    /// `label` when given); `width` x `height` recorded as PCL does (`obj_info num_cols/num_rows`).
    static func encode(xyz: [Float], width: Int, height: Int, rgb: [UInt32]?, labels: [Int32]?, binary: Bool) -> [UInt8] {
        let count = xyz.count / 3
        var text = "ply\nformat \(binary ? "binary_little_endian" : "ascii") 1.0\ncomment BoxDimensioning\n"
        text += "obj_info num_cols \(width)\nobj_info num_rows \(height)\n"
        text += "element vertex \(count)\nproperty float x\nproperty float y\nproperty float z\n"
        if rgb != nil { text += "property uchar red\nproperty uchar green\nproperty uchar blue\n" }
        if labels != nil { text += "property uint label\n" }
        text += "end_header\n"
        var out = Array(text.utf8)
        if binary {
            func append(_ word: UInt32) {
                out.append(UInt8(word & 0xff)); out.append(UInt8(word >> 8 & 0xff))
                out.append(UInt8(word >> 16 & 0xff)); out.append(UInt8(word >> 24))
            }
            for i in 0..<count {
                for k in 0..<3 { append(xyz[3 * i + k].bitPattern) }
                if let rgb { out += [UInt8(rgb[i] >> 16 & 0xff), UInt8(rgb[i] >> 8 & 0xff), UInt8(rgb[i] & 0xff)] }
                if let labels { append(UInt32(bitPattern: labels[i])) }
            }
        } else {
            var lines = ""
            for i in 0..<count {
                var line = "\(xyz[3 * i]) \(xyz[3 * i + 1]) \(xyz[3 * i + 2])"
                if let rgb { line += " \(rgb[i] >> 16 & 0xff) \(rgb[i] >> 8 & 0xff) \(rgb[i] & 0xff)" }
                if let labels { line += " \(UInt32(bitPattern: labels[i]))" }
                lines += line + "\n"
            }
            out += Array(lines.utf8)
        }
        return out
    }
}
