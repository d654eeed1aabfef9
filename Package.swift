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
        // An app picks what it links: the engine alone (frames from its own camera), plus the
        // file formats to measure recorded captures, plus barcodes (zxing-cpp, FFmpeg).
        .library(name: "Dimensioning", targets: ["Dimensioning"]),
        .library(name: "DimensioningReaders", targets: ["DimensioningReaders"]),
        .library(name: "DimensioningBarcodes", targets: ["DimensioningBarcodes"]),
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
        // (cpc_hull.cpp). PCL's io module is not used: .pcd/.ply files are read in Swift
        // (DimensioningReaders).
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
        // The core engine, what an app measuring boxes links: the capture model (DepthCapture,
        // DepthFrame, CameraIntrinsics, input conventions, limits), geometry, the native PCL
        // bridge, the pipeline, uncertainty, the live session and the outputs (records, overlay
        // images in memory), plus the barcode value types results carry and the `BarcodeReader`
        // slot a session reads colour frames with. Reads no capture file, links no barcode or
        // video library and spawns no process. Depends on CPointCloud only.
        .target(
            name: "Dimensioning",
            dependencies: ["CPointCloud"],
            path: "Sources/Dimensioning",
            // The sensor classes' type B priors are data (`SensorClassPriors.table`), compiled
            // into the library so that no file has to ship beside an app or the CLI.
            resources: [.embedInCode("Resources/sensor-classes.json")]
        ),
        // The file formats: readers and writers of .pcd/.ply files, Stray Scanner folders,
        // folders of .pcd/.ply frames and depth-image folders (CaptureReader), the point-cloud
        // conventions guessed from the data, `measureCapture(at:)`, and the scene files
        // `boxdim measure --overlay/--ply` and `convert` write (ScenePictures). Pure Swift over
        // the core (PCL's algorithms through CPointCloud orient clouds; PCL's io is not used).
        .target(
            name: "DimensioningReaders",
            dependencies: ["Dimensioning", "CPointCloud"],
            path: "Sources/DimensioningReaders"
        ),
        // Barcodes: reading colour frames and videos (zxing-cpp, FFmpeg through CBarcode),
        // `readBarcodes`, `measureWithBarcodes`, `ZXingBarcodeReader` for a session, and the
        // encoder and video writer the simulator paints labels with.
        .target(
            name: "DimensioningBarcodes",
            dependencies: ["Dimensioning", "CBarcode"],
            path: "Sources/DimensioningBarcodes"
        ),
        // The seeded LiDAR scene simulator: scenes, sensor and noise models, dataset writer
        // (Stray Scanner and fixed-camera folders, colour videos with painted barcodes).
        .target(
            name: "DimensioningSimulation",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningBarcodes"],
            path: "Sources/DimensioningSimulation"
        ),
        // Batch verification against ground truth: journal, summary, report, shards. Reads
        // every capture format and its barcodes.
        .target(
            name: "DimensioningVerification",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningBarcodes"],
            path: "Sources/DimensioningVerification"
        ),
        // The accuracy, repeatability and speed harness behind `boxdim accuracy` and `boxdim bench`.
        .target(
            name: "DimensioningBenchmarks",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningBarcodes", "DimensioningSimulation"],
            path: "Sources/DimensioningBenchmarks"
        ),
        // The command-line tool: every module.
        .executableTarget(
            name: "boxdim",
            dependencies: [
                "Dimensioning",
                "DimensioningReaders",
                "DimensioningBarcodes",
                "DimensioningSimulation",
                "DimensioningVerification",
                "DimensioningBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/boxdim"
        ),
        // The session API in a few lines (`swift run MeasureSample`): reads a recorded capture.
        .executableTarget(
            name: "MeasureSample",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningSimulation"],
            path: "Samples/MeasureSample"
        ),
        // Helpers shared by the test targets: fixture paths (all inside the repository),
        // the built `boxdim`, small generated datasets. Public API of the modules only.
        .target(
            name: "TestSupport",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningSimulation", "DimensioningVerification"],
            path: "Tests/TestSupport"
        ),
        // The engine, the readers and barcodes. The simulator makes the known-answer scenes;
        // the ground-truth parser is one entry point of the broken-input corpus.
        .testTarget(
            name: "DimensioningTests",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningBarcodes", "DimensioningSimulation",
                           "DimensioningVerification", "TestSupport"],
            path: "Tests/DimensioningTests"
        ),
        .testTarget(
            name: "DimensioningSimulationTests",
            dependencies: ["Dimensioning", "DimensioningSimulation", "TestSupport"],
            path: "Tests/DimensioningSimulationTests"
        ),
        .testTarget(
            name: "DimensioningVerificationTests",
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningSimulation", "DimensioningVerification",
                           "TestSupport"],
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
            dependencies: ["Dimensioning", "DimensioningReaders", "DimensioningVerification", "TestSupport"],
            path: "Tests/boxdimTests"
        ),
    ],
    cxxLanguageStandard: .cxx17
)
