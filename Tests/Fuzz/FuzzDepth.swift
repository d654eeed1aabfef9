// libFuzzer target: the depth-image decoding path of the Stray Scanner reader.
// Every input goes through the PNG path (size check on the declared IHDR, then the shim's fast
// path, falling back to libpng with its longjmp caught there, behind the C boundary) and the NPY path (header parser, shape limits,
// payload length). Built by Scripts/fuzz.sh; not part of the SwiftPM package.
@testable import Dimensioning
@testable import DimensioningReaders
import Foundation

/// Small limits so that the fuzzer explores refusals instead of allocating large images.
let depthLimits = CaptureLimits(maxImageWidth: 512, maxImageHeight: 512, maxFrameCount: 16, maxFileBytes: 1 << 20)
let depthURL = URL(fileURLWithPath: "/fuzz/depth/000000.png")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDepth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? StrayScannerReader.decodePNG(bytes, url: depthURL, limits: depthLimits) {
        precondition(image.width > 0 && image.height > 0, "decoded an empty image")
        precondition(image.width <= depthLimits.maxImageWidth && image.height <= depthLimits.maxImageHeight, "limit not enforced")
        precondition(image.pixels.count == image.width * image.height, "pixel count disagrees with the size")
        precondition(image.bitDepth == 8 || image.bitDepth == 16, "unexpected bit depth \(image.bitDepth)")
    }
    if let image = try? NPYDepth.decode(bytes, file: "/fuzz/depth/000000.npy", limits: depthLimits) {
        precondition(image.depth.count == image.width * image.height, "depth count disagrees with the shape")
        precondition(image.depth.allSatisfy { $0.isFinite && $0 >= 0 }, "non-finite or negative depth passed through")
    }
    return 0
}
