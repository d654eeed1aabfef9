// swift-tools-version:6.1
import PackageDescription

// An app that uses BoxDimensioning the way any other package would: by URL and version, the
// `Dimensioning` product (the engine) and `DimensioningReaders` (it measures a capture file);
// it does not link `DimensioningBarcodes`. Scripts/consumer-check.sh builds it against a
// temporary clone of this repository tagged 0.1.0 (BOXDIM_PACKAGE_URL=file://...), so that a
// manifest change that would break such a dependant (unsafe flags, a product renamed, a
// resource missing) fails the test run.
let boxdimURL = Context.environment["BOXDIM_PACKAGE_URL"] ?? "https://github.com/boxdimensioning/BoxDimensioning.git"

let package = Package(
    name: "ConsumerApp",
    dependencies: [
        .package(url: boxdimURL, from: "0.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "ConsumerApp",
            dependencies: [
                .product(name: "Dimensioning", package: "BoxDimensioning"),
                .product(name: "DimensioningReaders", package: "BoxDimensioning"),
            ]
        ),
    ]
)
