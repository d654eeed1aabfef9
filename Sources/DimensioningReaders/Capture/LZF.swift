/// LZF, the compression of PCD's `binary_compressed` body, written from the format's
/// description (liblzf's lzf_d.c header comment): a stream of chunks, each starting with a
/// control byte `c`.
/// - `c < 32`: a literal run, the next `c + 1` bytes copied as they are.
/// - otherwise a back-reference: length `c >> 5` (when 7, plus the next byte) + 2 bytes, copied
///   from `((c & 0x1f) << 8) + next byte + 1` bytes back in the output (it may overlap what it
///   writes).
enum LZF {
    /// Decompresses `input` into exactly `expectedCount` bytes; nil when the stream is damaged
    /// (a run or reference leaving the input or the output, a reference before the start) or
    /// does not produce exactly `expectedCount` bytes.
    static func decompress(_ input: UnsafeBufferPointer<UInt8>, expectedCount: Int) -> [UInt8]? {
        guard expectedCount >= 0 else { return nil }
        var output = [UInt8](repeating: 0, count: expectedCount)
        let produced = output.withUnsafeMutableBufferPointer { out -> Int? in
            var ip = 0, op = 0
            let inEnd = input.count, outEnd = out.count
            while ip < inEnd {
                let control = Int(input[ip])
                ip += 1
                if control < 32 {
                    let length = control + 1
                    guard length <= inEnd - ip, length <= outEnd - op else { return nil }
                    for k in 0..<length { out[op + k] = input[ip + k] }
                    ip += length
                    op += length
                } else {
                    var length = control >> 5
                    if length == 7 {
                        guard ip < inEnd else { return nil }
                        length += Int(input[ip])
                        ip += 1
                    }
                    guard ip < inEnd else { return nil }
                    let distance = ((control & 0x1f) << 8) + Int(input[ip]) + 1
                    ip += 1
                    length += 2
                    guard distance <= op, length <= outEnd - op else { return nil }
                    var ref = op - distance
                    for _ in 0..<length {  // byte by byte: the source may overlap the destination
                        out[op] = out[ref]
                        op += 1
                        ref += 1
                    }
                }
            }
            return op
        }
        guard produced == expectedCount else { return nil }
        return output
    }

    /// Compresses `input` (a hash of the next three bytes finds earlier occurrences within
    /// LZF's 8 KiB window). Decompresses back to `input` exactly.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        let n = input.count
        var out = [UInt8]()
        out.reserveCapacity(n + n / 32 + 16)
        var table = [Int](repeating: -1, count: 1 << 14)
        var literalStart = -1  // index in `out` of the open literal run's control byte
        var literalCount = 0
        func literal(_ byte: UInt8) {
            if literalStart < 0 {
                literalStart = out.count
                out.append(0)
            }
            out.append(byte)
            literalCount += 1
            out[literalStart] = UInt8(literalCount - 1)
            if literalCount == 32 {
                literalStart = -1
                literalCount = 0
            }
        }
        var ip = 0
        input.withUnsafeBufferPointer { bytes in
            while ip + 2 < n {
                let key = Int(bytes[ip]) << 16 | Int(bytes[ip + 1]) << 8 | Int(bytes[ip + 2])
                let hash = ((key &* 2_654_435_761) >> 10) & ((1 << 14) - 1)
                let ref = table[hash]
                table[hash] = ip
                if ref >= 0, ip - ref - 1 < 8192, bytes[ref] == bytes[ip], bytes[ref + 1] == bytes[ip + 1],
                   bytes[ref + 2] == bytes[ip + 2] {
                    let longest = min(264, n - ip)
                    var length = 3
                    while length < longest && bytes[ref + length] == bytes[ip + length] { length += 1 }
                    let distance = ip - ref - 1
                    let stored = length - 2
                    if stored < 7 {
                        out.append(UInt8(stored << 5 | distance >> 8))
                    } else {
                        out.append(UInt8(7 << 5 | distance >> 8))
                        out.append(UInt8(stored - 7))
                    }
                    out.append(UInt8(distance & 0xff))
                    literalStart = -1
                    literalCount = 0
                    ip += length
                } else {
                    literal(bytes[ip])
                    ip += 1
                }
            }
            while ip < n {
                literal(bytes[ip])
                ip += 1
            }
        }
        return out
    }
}
