// Writes the fuzz targets' seed corpora from the broken-input corpus generator
// (Tests/DimensioningTests/Support/BrokenInputCorpus.swift, compiled in by Scripts/fuzz.sh)
// plus small valid files: `seed-corpus OUT [REAL_PCD]` fills OUT/depth, OUT/csv, OUT/cloud and OUT/folder.
// A real PCD (Tests/Fixtures/real) contributes its header and the first 4 KiB of its body.
import Foundation

@main
enum SeedCorpus {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: seed-corpus OUT [REAL_PCD]\n".utf8))
            exit(2)
        }
        let out = URL(fileURLWithPath: arguments[1])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-seeds-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for target in ["depth", "csv", "cloud", "folder"] {
            try FileManager.default.createDirectory(at: out.appendingPathComponent(target), withIntermediateDirectories: true)
        }
        var count = 0
        func seed(_ target: String, _ name: String, _ bytes: [UInt8]) throws {
            guard bytes.count <= 64 << 10 else { return }
            try Data(bytes).write(to: out.appendingPathComponent(target).appendingPathComponent(name))
            count += 1
        }
        for c in BrokenInputCorpus.all {
            let root = scratch.appendingPathComponent(c.name)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try c.build(root)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker {
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                let bytes = [UInt8](data), name = "\(c.name)-\(url.lastPathComponent)"
                switch url.pathExtension.lowercased() {
                case "png", "npy":
                    try seed("depth", name, bytes)
                    if url.pathExtension.lowercased() == "png" { try seed("folder", name, [1] + bytes) }
                case "pcd":
                    try seed("cloud", name, [0] + bytes)
                    try seed("folder", name, [3] + bytes)
                case "ply":
                    try seed("cloud", name, [1] + bytes)
                    try seed("folder", name, [7] + bytes)
                case "csv":
                    switch url.lastPathComponent {
                    case "camera_matrix.csv": try seed("csv", name, [0] + bytes)
                    case "odometry.csv": try seed("csv", name, [1] + bytes)
                    default: try seed("csv", name, [2] + bytes)
                    }
                default: continue
                }
            }
        }
        // Valid clouds of every kind PCL reads.
        var points: [Float] = []
        for i in 0..<12 { points += [Float(i % 4) / 10, Float(i / 4) / 10, 1] }
        let pcd = BrokenFileBytes.pcdHeader
        try seed("cloud", "valid-ascii.pcd", [0] + Array((pcd(12, nil, "ascii", "F F F", "4 4 4") + BrokenFileBytes.asciiPoints(12)).utf8))
        let binary = points.flatMap { BrokenFileBytes.littleEndian32($0.bitPattern) }
        try seed("cloud", "valid-binary.pcd", [0] + Array(pcd(12, nil, "binary", "F F F", "4 4 4").utf8) + binary)
        // binary_compressed: LZF made only of literal runs (control byte n-1, then n bytes), fields
        // stored one after the other (all x, then all y, then all z).
        let planar = (0..<3).flatMap { axis in (0..<12).flatMap { BrokenFileBytes.littleEndian32(points[3 * $0 + axis].bitPattern) } }
        var lzf: [UInt8] = []
        for start in stride(from: 0, to: planar.count, by: 32) {
            let run = planar[start..<min(start + 32, planar.count)]
            lzf += [UInt8(run.count - 1)] + run
        }
        try seed("cloud", "valid-compressed.pcd", [0] + Array(pcd(12, nil, "binary_compressed", "F F F", "4 4 4").utf8)
                 + BrokenFileBytes.littleEndian32(UInt32(lzf.count)) + BrokenFileBytes.littleEndian32(UInt32(planar.count)) + lzf)
        try seed("cloud", "valid-ascii.ply", [1] + Array((BrokenFileBytes.plyHeader(vertices: 12) + BrokenFileBytes.asciiPoints(12)).utf8))
        try seed("cloud", "valid-binary.ply", [1] + Array(BrokenFileBytes.plyHeader(vertices: 12, format: "binary_little_endian").utf8) + binary)
        try seed("cloud", "valid-double.ply", [1] + Array((BrokenFileBytes.plyHeader(vertices: 1, type: "double") + "0.5 0.25 1.5\n").utf8))
        if arguments.count >= 3, let real = FileManager.default.contents(atPath: arguments[2]) {
            let bytes = [UInt8](real)
            if let end = findDataLineEnd(bytes) { try seed("cloud", "real-head.pcd", [0] + Array(bytes.prefix(end + 4096))) }
        }
        try seed("csv", "valid-ground-truth.csv", [2] + Array("capture,length_mm,width_mm,height_mm,note\na,300,200,100,\"x, y\"\nb,0,0,0,neg\n".utf8))
        try seed("folder", "valid-intrinsics.json", [0] + Array(#"{"fx": 20, "fy": 20, "cx": 8, "cy": 6, "width": 16, "height": 12, "depth_scale": 0.001}"#.utf8))
        try seed("folder", "nested-intrinsics.json", [0] + Array(#"{"depth": {"fx": 20.5, "fy": 20, "cx": 8, "cy": 6}}"#.utf8))
        try seed("folder", "valid-frame.xml", [2] + Array("<rgb><focal_length_x>20</focal_length_x></rgb><depth><focal_length_x>20</focal_length_x><focal_length_y>20</focal_length_y><principal_point_x>8</principal_point_x><principal_point_y>6</principal_point_y></depth>".utf8))
        try seed("csv", "valid-odometry-headerless.csv", [1] + Array("0.0, 1.5, 0.0, 0.0, 0.0, 0.0, 1.0\n".utf8))
        print("seed-corpus: wrote \(count) seeds into \(out.path)")
    }

    /// The offset just past the "DATA ..." line of a PCD header.
    static func findDataLineEnd(_ bytes: [UInt8]) -> Int? {
        var lineStart = 0
        for i in bytes.indices.prefix(64 << 10) where bytes[i] == 0x0A {
            if bytes[lineStart..<i].starts(with: Array("DATA".utf8)) { return i + 1 }
            lineStart = i + 1
        }
        return nil
    }
}
