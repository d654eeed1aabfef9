// ConsumerApp: measures one capture with the public API of the `Dimensioning` and
// `DimensioningReaders` products.
//
//   ConsumerApp CAPTURE    (a Stray Scanner folder, a .pcd/.ply file or a folder of them)
//
// Prints `length L mm, width W mm, height H mm` and exits 0, or prints the error and exits 5.
import Dimensioning
import DimensioningReaders
import Foundation

guard CommandLine.arguments.count == 2 else {
    print("usage: ConsumerApp CAPTURE")
    exit(2)
}
let url = URL(fileURLWithPath: CommandLine.arguments[1])
do {
    let result = try measureCapture(at: url)
    print(String(format: "length %.1f mm, width %.1f mm, height %.1f mm",
                 result.cuboid.length * 1000, result.cuboid.width * 1000, result.cuboid.height * 1000))
} catch {
    print("cannot measure \(url.path): \(error)")
    exit(5)
}
