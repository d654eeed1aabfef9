import Foundation
import Testing
import TestSupport

/// Issue 15: what the dynamic loader maps. No run maps VTK or PCL's io module (issue 37: .pcd and
/// .ply are read by our own Swift readers), nor PCL's precompiled algorithm libraries (compiled
/// into the shim); a point-cloud measurement reads the file with nothing loaded on demand.
@Suite struct StartupLibrariesTests {
    /// The shared objects a `boxdim arguments` run maps (file names), from glibc's
    /// `LD_DEBUG=files` report, written to a scratch folder (`LD_DEBUG_OUTPUT`).
    func mappedLibraries(_ arguments: [String]) throws -> (status: Int32, libraries: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-ld-debug-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BoxDimBinary.run(arguments, environment: [
            "LD_DEBUG": "files", "LD_DEBUG_OUTPUT": folder.appendingPathComponent("ld").path,
        ])
        var libraries: [String] = []
        // glibc writes the report to LD_DEBUG_OUTPUT.<pid>.
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("generating link map") {
                guard let start = line.range(of: "file=") else { continue }
                let rest = line[start.upperBound...]
                let path = rest.range(of: " [").map { String(rest[..<$0.lowerBound]) } ?? String(rest)
                libraries.append((path as NSString).lastPathComponent)
            }
        }
        return (outcome.status, libraries)
    }

    /// Libraries no start-up and no Stray Scanner measurement may map.
    func heavy(_ libraries: [String]) -> [String] {
        libraries.filter {
            $0.hasPrefix("libvtk") || $0.hasPrefix("libpcl_io") || $0.hasPrefix("libpcl_surface")
                || $0.hasPrefix("libpcl_features") || $0.hasPrefix("libpcl_segmentation") || $0.hasPrefix("libboost")
                || $0 == "libCPointCloudIO.so"
        }
    }

    @Test func helpMapsNeitherVTKNorPCLIO() throws {
        let run = try mappedLibraries(["--help"])
        #expect(run.status == 0)
        #expect(run.libraries.contains { $0.hasPrefix("libswiftCore") }, "the LD_DEBUG report was read")
        #expect(heavy(run.libraries) == [])
    }

    @Test func strayScannerMeasurementMapsNeitherVTKNorPCLIO() throws {
        let sample = TestPaths.repository.appendingPathComponent("Samples/captures/box-400x300x250")
        let run = try mappedLibraries(["measure", sample.path, "--json"])
        #expect(run.status == 0)
        #expect(run.libraries.contains { $0.hasPrefix("libpcl_common") })
        #expect(heavy(run.libraries) == [])
    }

    @Test func pointCloudMeasurementMapsNeitherVTKNorPCLIO() throws {
        let cloud = try TestPaths.cartonFrames[0]
        let run = try mappedLibraries(["measure", cloud.path, "--json"])
        // Measured or refused with a reason, not unreadable (5).
        #expect(run.status != 5)
        #expect(run.libraries.contains { $0.hasPrefix("libpcl_common") }, "the LD_DEBUG report was read")
        #expect(heavy(run.libraries) == [])
    }
}
