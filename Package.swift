// swift-tools-version:6.1
import PackageDescription

/// Where Debian 12 installs the headers of PCL 1.13 and Eigen 3.4 (`pkg-config --cflags pcl_common`).
/// `Scripts/setup.sh` installs them; the C++ target is the only one that sees them.
let pclHeaders = ["-I/usr/include/pcl-1.13", "-I/usr/include/eigen3"]

/// The C++ warnings the C++ target builds with.
let cxxWarnings = ["-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-deprecated-declarations"]

/// Optimised even in debug builds: the tests run the whole pipeline and the simulator hundreds
/// of times (-enable-testing still applies for @testable).
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"])]

let package = Package(
    name: "BoxDimensioning",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Dimensioning", targets: ["Dimensioning"]),
        .library(name: "DimensioningSimulation", targets: ["DimensioningSimulation"]),
        .library(name: "DimensioningVerification", targets: ["DimensioningVerification"]),
        .executable(name: "boxdim", targets: ["boxdim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (Scripts/docs.sh); no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Thin C++ shim over PCL, Eigen, qhull, libpng and libdeflate. Public header is C only
        // (`cpc_` prefix). Start-up cost kept low: PCL's algorithms are compiled in from its
        // template headers (cpc_pcl.hpp), so only libpcl_common is linked; the hull is qhull's own
        // (cpc_hull.cpp). PCL's io module is not used: .pcd/.ply files are read in Swift (Capture/).
        .target(
            name: "CPointCloud",
            path: "Sources/CPointCloud",
            cxxSettings: [
                // -O2 even in debug builds: PCL's templates are 10-50x slower unoptimised,
                // and the test suite runs the whole pipeline many times.
                .unsafeFlags(pclHeaders + ["-O2"] + cxxWarnings),
            ],
            linkerSettings: [
                .linkedLibrary("pcl_common"),
                // FLANN's kd-tree (header-only, inside PCL's search) refers to LZ4 for its
                // serialisation code.
                .linkedLibrary("lz4"),
                .linkedLibrary("qhull_r"),
                .linkedLibrary("png"),
                // libdeflate inflates the depth PNGs' zlib streams on the decoder's fast path
                // (about 2.4x faster than zlib inside libpng); libpng stays the fallback.
                .linkedLibrary("deflate"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // Thin C++ shim over zxing-cpp 1.4 (barcodes), FFmpeg's libavformat/libavcodec/libswscale
        // (colour video) and libpng (colour images). Public header is C only (`cbc_` prefix).
        // Kept apart from CPointCloud so that neither sees the other's libraries. FFmpeg is not
        // linked: it is opened with dlopen on first use (cbc_ffmpeg.cpp), since libavcodec's
        // hundred dependencies would add ~75 ms to every start; its headers are still needed.
        .target(
            name: "CBarcode",
            path: "Sources/CBarcode",
            cxxSettings: [
                .unsafeFlags(["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"]),
            ],
            linkerSettings: [
                .linkedLibrary("ZXing"),
                .linkedLibrary("png"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // The engine: what an app links (capture readers, geometry, native bridge, pipeline,
        // session, outputs). Depends on nothing but the C++ shims.
        .target(
            name: "Dimensioning",
            dependencies: ["CPointCloud", "CBarcode"],
            path: "Sources/Dimensioning",
            swiftSettings: optimised
        ),
        // The seeded LiDAR scene simulator: scenes, sensor and noise models, dataset writer.
        .target(
            name: "DimensioningSimulation",
            dependencies: ["Dimensioning"],
            path: "Sources/DimensioningSimulation",
            swiftSettings: optimised
        ),
        // Batch verification against ground truth: journal, summary, report, shards.
        .target(
            name: "DimensioningVerification",
            dependencies: ["Dimensioning"],
            path: "Sources/DimensioningVerification",
            swiftSettings: optimised
        ),
        // The accuracy, repeatability and speed harness behind `boxdim accuracy` and `boxdim bench`.
        .target(
            name: "DimensioningBenchmarks",
            dependencies: ["Dimensioning", "DimensioningSimulation"],
            path: "Sources/DimensioningBenchmarks",
            swiftSettings: optimised
        ),
        .executableTarget(
            name: "boxdim",
            dependencies: [
                "Dimensioning",
                "DimensioningSimulation",
                "DimensioningVerification",
                "DimensioningBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/boxdim"
        ),
        .executableTarget(
            name: "MeasureSample",
            dependencies: ["Dimensioning", "DimensioningSimulation"],
            path: "Samples/MeasureSample"
        ),
        // Helpers shared by the test targets: fixture paths (all inside the repository),
        // the built `boxdim`, small generated datasets. Public API of the modules only.
        .target(
            name: "TestSupport",
            dependencies: ["Dimensioning", "DimensioningSimulation", "DimensioningVerification"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "DimensioningTests",
            // The simulator makes the known-answer scenes; the ground-truth parser is one entry
            // point of the broken-input corpus.
            dependencies: ["Dimensioning", "DimensioningSimulation", "DimensioningVerification", "TestSupport"],
            path: "Tests/DimensioningTests"
        ),
        .testTarget(
            name: "DimensioningSimulationTests",
            dependencies: ["Dimensioning", "DimensioningSimulation", "TestSupport"],
            path: "Tests/DimensioningSimulationTests"
        ),
        .testTarget(
            name: "DimensioningVerificationTests",
            dependencies: ["Dimensioning", "DimensioningSimulation", "DimensioningVerification", "TestSupport"],
            path: "Tests/DimensioningVerificationTests"
        ),
        .testTarget(
            name: "DimensioningBenchmarksTests",
            dependencies: ["Dimensioning", "DimensioningBenchmarks", "TestSupport"],
            path: "Tests/DimensioningBenchmarksTests"
        ),
        // The built `boxdim` executable, run as a child process (exit codes, replay, kill/resume).
        .testTarget(
            name: "boxdimTests",
            dependencies: ["Dimensioning", "DimensioningVerification", "TestSupport"],
            path: "Tests/boxdimTests"
        ),
    ],
    cxxLanguageStandard: .cxx17
)
