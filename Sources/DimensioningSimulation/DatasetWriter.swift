import Dispatch
import Foundation
import Dimensioning
import DimensioningReaders

/// Writes a labelled dataset of simulated captures that `boxdim verify` (and other tools) can
/// read: scenarios `0..<count` of `ScenarioCatalog` for a seed, each as a Stray Scanner folder
/// (`StrayScannerWriter`), with `TRUTH.md` and `truth.json` inside it, and a
/// `ground_truth.csv` at the top:
///
///     capture,length_mm,width_mm,height_mm,kind,summary
///
/// Sizes are millimetres (0.1 mm resolution); a row of zeros means "no measurable box". A
/// `darkBox` keeps the box's true size (an engine may measure it or refuse it). Captures are
/// named `capture-00012-box` (zero-padded so that byte order is index order) and rendered and
/// written `jobs` at a time; the output is identical whatever `jobs` is.
public enum DatasetWriter {
    /// How each capture is written: a Stray Scanner folder (the default), or, for fixed-mount
    /// cameras, what their own tools write (`FixedCameraWriter`): a folder of organised PCD
    /// frames with PCL's per-frame `.xml` intrinsics, or 16-bit millimetre depth PNGs with
    /// `intrinsics.json`. Poses and confidence exist only in the Stray Scanner layout.
    public enum Layout: String, Sendable, CaseIterable {
        case strayScanner = "stray"
        case pcdFrames = "pcd"
        case depthPNG = "depth-png"
    }

    /// One written capture.
    public struct Entry: Sendable, Codable, Equatable {
        /// Folder name of the capture inside the dataset.
        public var capture: String
        public var index: Int
        public var kind: ScenarioKind
        /// The size an engine should report, millimetres (all 0: refuse).
        public var lengthMM: Double
        public var widthMM: Double
        public var heightMM: Double
        public var frames: Int
        /// One line saying what the scenario is.
        public var summary: String
    }

    /// Renders and writes scenarios `0..<count` of catalog `seed` into `folder` (created if
    /// needed). `frames` (1...60) overrides every scenario's frame count; `onTable` stands every
    /// scenario on a table with the room's floor below it in view, `onPallet` on a pallet's deck
    /// with the room's floor seen past its edges and through its gaps, and `irregularTops` gives
    /// every box to be measured a recess, a handle or a bowed lid, `leaningLids` a flat lid
    /// leaning along its length (`ScenarioCatalog.render`).
    ///
    /// - Throws: `unreadableCapture` naming the first file that could not be written.
    @discardableResult
    public static func write(to folder: URL, count: Int, seed: UInt64, frames: Int? = nil,
                             jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                             sensors: [SensorFamilyMember] = [SensorFamily.iPhone], layout: Layout = .strayScanner,
                             onTable: Bool = false, onPallet: Bool = false, irregularTops: Bool = false,
                             leaningLids: Bool = false, progress: (@Sendable (Int) -> Void)? = nil) throws(DimensioningError) -> [Entry] {
        precondition(count >= 0, "count must not be negative")
        if let frames { precondition((1...60).contains(frames), "frames must be 1...60") }
        try CaptureFile.makeFolder(folder)
        let results = ResultSlots<Result<Entry, DimensioningError>>(count: count)
        let next = AtomicCounter()
        let done = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = next.increment()
                guard index < count else { return }
                let result = Result { () throws(DimensioningError) in
                    try writeCapture(index: index, seed: seed, frames: frames, into: folder, sensors: sensors, layout: layout,
                                     onTable: onTable, onPallet: onPallet, irregularTops: irregularTops,
                                     leaningLids: leaningLids)
                }
                results.set(index, result)
                let finished = done.increment() + 1
                progress?(finished)
            }
        }
        var entries: [Entry] = []
        for result in results.values() {
            switch result {
            case let .success(entry): entries.append(entry)
            case let .failure(error): throw error
            }
        }
        try CaptureFile.writeText(groundTruthCSV(entries), to: folder.appendingPathComponent("ground_truth.csv")) // the file GroundTruthTable reads
        return entries
    }

    /// Renders scenario `index` and writes it with its truth files.
    static func writeCapture(index: Int, seed: UInt64, frames: Int?, into folder: URL,
                             sensors: [SensorFamilyMember] = [SensorFamily.iPhone],
                             layout: Layout = .strayScanner, onTable: Bool = false, onPallet: Bool = false,
                             irregularTops: Bool = false, leaningLids: Bool = false) throws(DimensioningError) -> Entry {
        let (simulated, kind) = ScenarioCatalog.render(index: index, seed: seed, frameCount: frames, sensors: sensors,
                                                       onTable: onTable, onPallet: onPallet, irregularTops: irregularTops,
                                                       leaningLids: leaningLids)
        var truth = simulated.truth
        if kind == .darkBox, let target = simulated.scene.target {
            truth = BoxGroundTruth(length: target.length, width: target.width, height: target.height)
        }
        let name = "capture-" + zeroPadded(index, digits: 5) + "-" + kind.rawValue
        func mm(_ metres: Double) -> Double { (metres * 10_000).rounded() / 10 }
        let entry = Entry(capture: name, index: index, kind: kind, lengthMM: mm(truth.length),
                          widthMM: mm(truth.width), heightMM: mm(truth.height),
                          frames: simulated.capture.frames.count, summary: simulated.summary)
        let captureFolder = folder.appendingPathComponent(name)
        switch layout {
        case .strayScanner: try StrayScannerWriter.write(simulated.capture, to: captureFolder)
        case .pcdFrames: try FixedCameraWriter.write(simulated.capture.frames, to: captureFolder, layout: .pcdFrames)
        case .depthPNG: try FixedCameraWriter.write(simulated.capture.frames, to: captureFolder, layout: .depthPNG)
        }
        try CaptureFile.writeText(truthMarkdown(entry, seed: seed), to: captureFolder.appendingPathComponent("TRUTH.md"))
        try CaptureFile.writeText(truthJSON(entry, seed: seed), to: captureFolder.appendingPathComponent("truth.json"))
        return entry
    }

    /// `ground_truth.csv` text for `entries` (RFC 4180 quoting of the summary).
    static func groundTruthCSV(_ entries: [Entry]) -> String {
        var text = "capture,length_mm,width_mm,height_mm,kind,summary\n"
        for e in entries {
            text += [e.capture, number(e.lengthMM), number(e.widthMM), number(e.heightMM), e.kind.rawValue,
                     quoted(e.summary)].joined(separator: ",") + "\n"
        }
        return text
    }

    static func truthMarkdown(_ e: Entry, seed: UInt64) -> String {
        let size = e.lengthMM == 0 ? "0 x 0 x 0 mm (no measurable box: the engine should refuse)"
            : "\(number(e.lengthMM)) x \(number(e.widthMM)) x \(number(e.heightMM)) mm (length x width x height)"
        return """
        # \(e.capture)

        - truth: \(size)
        - kind: \(e.kind.rawValue)
        - scene: \(e.summary)
        - source: ScenarioCatalog scenario \(e.index), seed \(seed), \(e.frames) frames

        """
    }

    static func truthJSON(_ e: Entry, seed: UInt64) -> String {
        struct Truth: Encodable {
            var entry: Entry
            var seed: UInt64
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(Truth(entry: e, seed: seed))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// "12.5", or "300" for a whole number.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func zeroPadded(_ value: Int, digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
