// swift-tools-version:6.1
import PackageDescription

/// Where Debian 12 installs the headers of PCL 1.13 and Eigen 3.4 (`pkg-config --cflags pcl_common`).
/// `Scripts/setup.sh` installs them; the C++ target is the only one that sees them.
let pclHeaders = ["-I/usr/include/pcl-1.13", "-I/usr/include/eigen3"]

let package = Package(
    name: "BoxDimensioning",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Dimensioning", targets: ["Dimensioning"]),
        .executable(name: "boxdim", targets: ["boxdim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Thin C++ shim over PCL, Eigen, libpng and libdeflate. Public header is C only (`cpc_` prefix).
        .target(
            name: "CPointCloud",
            path: "Sources/CPointCloud",
            cxxSettings: [
                // -O2 even in debug builds: PCL's templates are 10-50x slower unoptimised,
                // and the test suite runs the whole pipeline many times.
                .unsafeFlags(pclHeaders + ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-deprecated-declarations"]),
            ],
            linkerSettings: [
                .linkedLibrary("pcl_segmentation"),
                .linkedLibrary("pcl_surface"),
                .linkedLibrary("pcl_filters"),
                .linkedLibrary("pcl_sample_consensus"),
                .linkedLibrary("pcl_search"),
                .linkedLibrary("pcl_kdtree"),
                .linkedLibrary("pcl_io"),
                .linkedLibrary("pcl_io_ply"),
                .linkedLibrary("pcl_common"),
                .linkedLibrary("png"),
                // libdeflate inflates the depth PNGs' zlib streams on the decoder's fast path
                // (about 2.4x faster than zlib inside libpng); libpng stays the fallback.
                .linkedLibrary("deflate"),
                .linkedLibrary("stdc++"),
            ]
        ),
        .target(
            name: "Dimensioning",
            dependencies: ["CPointCloud"],
            path: "Sources/Dimensioning",
            swiftSettings: [
                // Optimised even in debug builds: the tests run the whole pipeline and the
                // simulator hundreds of times (-enable-testing still applies for @testable).
                .unsafeFlags(["-O"]),
            ]
        ),
        .executableTarget(
            name: "boxdim",
            dependencies: [
                "Dimensioning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/boxdim"
        ),
        .executableTarget(
            name: "MeasureSample",
            dependencies: ["Dimensioning"],
            path: "Samples/MeasureSample"
        ),
        .testTarget(
            name: "DimensioningTests",
            dependencies: ["Dimensioning"],
            path: "Tests/DimensioningTests"
        ),
    ],
    cxxLanguageStandard: .cxx17
)
