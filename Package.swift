// swift-tools-version:6.1
import PackageDescription

// Builds on Linux only (Debian 12 with Swift 6.3 is what it is tested on): the C++ shims need
// PCL 1.13, Eigen 3.4, qhull, libpng, libdeflate, zxing-cpp and FFmpeg's headers as Debian
// installs them (Scripts/setup.sh). No `platforms:` line, since no Apple platform is supported.
//
// No target sets `.unsafeFlags`: SwiftPM refuses a package with unsafe flags as a versioned
// dependency, and an app depends on this one by URL and version (Samples/ConsumerApp,
// Scripts/consumer-check.sh). Header paths come from pkg-config through the system-library
// targets below; speed comes from release builds (`swift build -c release`; Scripts/test.sh
// builds and runs the tests in release too).

let package = Package(
    name: "BoxDimensioning",
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
        // PCL 1.13's and Eigen 3.4's headers and libpcl_common, found with pkg-config
        // (`pkg-config --cflags --libs pcl_common`; its .pc requires eigen3). Only CPointCloud
        // depends on it.
        .systemLibrary(
            name: "CPCLSystem",
            path: "Sources/SystemLibraries/CPCLSystem",
            pkgConfig: "pcl_common",
            providers: [.apt(["libpcl-dev", "libeigen3-dev"])]
        ),
        // Thin C++ shim over PCL, Eigen, qhull, libpng and libdeflate. Public header is C only
        // (`cpc_` prefix). Start-up cost kept low: PCL's algorithms are compiled in from its
        // template headers (cpc_pcl.hpp), so only libpcl_common is linked; the hull is qhull's own
        // (cpc_hull.cpp). PCL's io module is not used: .pcd/.ply files are read in Swift (Capture/).
        .target(
            name: "CPointCloud",
            dependencies: ["CPCLSystem"],
            path: "Sources/CPointCloud",
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
            path: "Sources/Dimensioning"
        ),
        // The seeded LiDAR scene simulator: scenes, sensor and noise models, dataset writer.
        .target(
            name: "DimensioningSimulation",
            dependencies: ["Dimensioning"],
            path: "Sources/DimensioningSimulation"
        ),
        // Batch verification against ground truth: journal, summary, report, shards.
        .target(
            name: "DimensioningVerification",
            dependencies: ["Dimensioning"],
            path: "Sources/DimensioningVerification"
        ),
        // The accuracy, repeatability and speed harness behind `boxdim accuracy` and `boxdim bench`.
        .target(
            name: "DimensioningBenchmarks",
            dependencies: ["Dimensioning", "DimensioningSimulation"],
            path: "Sources/DimensioningBenchmarks"
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
