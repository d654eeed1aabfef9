import Dimensioning
import DimensioningReaders
import DimensioningVerification
import Foundation

/// `boxdim accuracy`'s real scenes with stated carton sizes: every folder of the real-data
/// folder holding a `cartons.json` (`boxdim.cartons/1`: the sizes of the cartons in its scenes,
/// mm) is measured carton by carton (`measureAllBoxes`), each of its captures (its sub-folders)
/// in turn, with its colour image for the seams between lids. When the folder also has a
/// `ground_truth.csv` naming cartons by position (`x_mm,y_mm,z_mm`, as `boxdim verify` reads
/// it), each row is judged against the carton standing there (`SceneCartonMatch`), and the
/// cartons no row names are only counted. Without one, each carton measured is set against the
/// stated size nearest it (by length and width): which carton it is remains a guess, and a top
/// that is several cartons shows as far from every size.
extension AccuracyCommand {
    struct StatedCartons: Decodable {
        struct Carton: Decodable { var label: String; var length: Double; var width: Double; var height: Double }
        var schema: String
        var cartons: [Carton]
    }

    func printRealScenes(in folder: URL) {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return }
        let lists = enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "cartons.json" }
            .sorted { $0.path < $1.path }
        for list in lists {
            let scene = list.deletingLastPathComponent()
            guard let data = try? Data(contentsOf: list), let stated = try? JSONDecoder().decode(StatedCartons.self, from: data),
                  stated.schema == "boxdim.cartons/1", !stated.cartons.isEmpty else {
                print("  \(scene.lastPathComponent): cannot read \(list.lastPathComponent) (schema boxdim.cartons/1)")
                continue
            }
            let captures = ((try? FileManager.default.contentsOfDirectory(at: scene, includingPropertiesForKeys: [.isDirectoryKey])) ?? [])
                .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
                .sorted { $0.path < $1.path }
            var table: GroundTruthTable?
            if FileManager.default.fileExists(atPath: scene.appendingPathComponent(GroundTruthTable.fileName).path) {
                do { table = try GroundTruthTable.load(dataset: scene) } catch {
                    print("  \(scene.lastPathComponent): \(error.description)")
                }
            }
            let rowsOf = { (url: URL) in (table?.rows ?? []).filter { $0.capture == url.lastPathComponent && $0.isCartonInScene } }
            print("\nreal scenes, every carton (measure --all), against the stated sizes "
                + stated.cartons.map { "\(Int($0.length)) x \(Int($0.width)) x \(Int($0.height))" }.joined(separator: ", ") + " mm:")
            // Each capture read once (with its colour image), for every use below.
            let readings = captures.map { url in
                (name: "\(scene.lastPathComponent)/\(url.lastPathComponent)",
                 read: Result { () throws(DimensioningError) in try MeasureCommand.readScene(url) })
            }
            for (url, reading) in zip(captures, readings) {
                printScene(reading.read, name: reading.name, stated: stated.cartons, rows: rowsOf(url))
            }
            // A palletising cell's workflow: a profile from the other captures' cartons of the
            // first stated size (calibrate --all --known), then each capture measured with it.
            guard captures.count > 1, let size = stated.cartons.first else { continue }
            let known = "\(Int(size.length))x\(Int(size.width))x\(Int(size.height))"
            print("\n  with a profile from the other captures (calibrate OTHERS --all --known \(known)), tolerance \(gate.tolerance) mm:")
            for (k, reading) in readings.enumerated() {
                do {
                    let others = try readings.indices.filter { $0 != k }.map { j throws(DimensioningError) in try readings[j].read.get() }
                    let result = try calibrateProfile(scenes: others, known: [size.length, size.width, size.height].map { $0 / 1000 })
                    print(String(format: "  %@: profile from %d carton(s): edge offset %+.2f px, scatter %.2f px, depth scale %.4f",
                                 reading.name, result.references.count, result.profile.edgeOffsetPixels,
                                 result.profile.edgeScatterPixels ?? 0, result.profile.depthScale))
                    printScene(reading.read, name: reading.name, stated: stated.cartons, rows: rowsOf(captures[k]), profile: result.profile)
                } catch {
                    print("  \(reading.name): no profile: \(error.code) (\(error.description))")
                }
            }
        }
    }

    private func printScene(_ read: Result<SceneCalibrationReference, DimensioningError>, name: String,
                            stated: [StatedCartons.Carton], rows: [GroundTruthRow], profile: SensorProfile? = nil) {
        var parameters = measuringParameters()
        parameters.profile = profile
        let scene: SceneMeasurement
        let input: InputDescription?
        do {
            let reading = try read.get()
            input = reading.capture.input
            scene = try measureAllBoxes(reading.capture, parameters: parameters, colour: reading.colour)
        } catch {
            print("  \(name): refused: \(error.code) (\(error.description))")
            return
        }
        let measured = scene.boxes.compactMap { try? $0.outcome.get() }
        let accepted = measured.filter { $0.isAccepted(minimumConfidence: minConfidence) }
        var refusals: [String: Int] = [:]
        for box in scene.boxes { if case let .failure(error) = box.outcome { refusals[error.code, default: 0] += 1 } }
        print("  \(name): \(scene.boxes.count) tops, \(measured.count) measured, \(accepted.count) accepted; refused: "
            + refusals.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        if !rows.isEmpty {
            printRows(rows, scene: SceneRecord(capture: name, outcome: .success(scene), units: .millimeters,
                                               minConfidence: minConfidence, input: input),
                      naive: scene.boxes.map(\.naiveSize))
            return
        }
        var inside = 0, wrongAccepted = 0
        defer {
            print("    truth inside ± U: \(inside) of \(3 * measured.count) dimensions; accepted beyond the tolerance: \(wrongAccepted)")
        }
        for box in measured {
            let size = [box.length, box.width, box.height].map { $0 * 1000 }
            let u = box.uncertainty.expanded.map { $0 * 1000 }
            let nearest = stated.min { a, b in
                hypot(size[0] - a.length, size[1] - a.width) < hypot(size[0] - b.length, size[1] - b.width)
            }!
            let errors = [size[0] - nearest.length, size[1] - nearest.width, size[2] - nearest.height]
            let within = zip(errors, u).map { abs($0) <= $1 }
            inside += within.filter { $0 }.count
            if box.isAccepted(minimumConfidence: minConfidence), errors.contains(where: { abs($0) > box.tolerance * 1000 }) {
                wrongAccepted += 1
            }
            let cut = if case let .cut(seams, _, _) = box.seams { ", \(seams) side(s) on seams" } else { "" }
            print(String(format: "    %.0f ± %.0f x %.0f ± %.0f x %.0f ± %.0f mm (%@%@): nearest %@, error %+.0f / %+.0f / %+.0f mm, inside ± U: %@",
                         size[0], u[0], size[1], u[1], size[2], u[2], box.method.rawValue, cut, nearest.label,
                         errors[0], errors[1], errors[2], within.map { $0 ? "yes" : "no" }.joined(separator: "/")))
        }
    }
}

extension AccuracyCommand {
    /// Each ground-truth row against the carton at its position, judged as `boxdim verify` judges
    /// it (`VerificationRun.sceneResults`): size ± U, error, whether the truth is inside ± U; then
    /// the totals over the rows whose carton was measured.
    ///
    /// Beside each carton, the naive top rectangle of its top (`SceneBox.naiveSize`, one per
    /// carton of `scene` in order; its height above the view's floor plane, so a carton on a
    /// pallet reads the deck's height too) and its error.
    private func printRows(_ rows: [GroundTruthRow], scene: SceneRecord, naive: [[Double]?]) {
        var options = VerificationOptions()
        options.toleranceMM = gate.tolerance
        options.minConfidence = minConfidence
        let results = VerificationRun.sceneResults(scene, path: scene.capture, rows: rows, extraColumns: [], options: options)
        var inside = 0, judged = 0, accepted = 0, wrongAccepted = 0
        var errorsBySize: [[Double]: [[Double]]] = [:], naiveBySize: [[Double]: [[Double]]] = [:]
        for result in results {
            guard let carton = result.carton, carton.line != nil, let row = result.truth else { continue }
            let truth = row.normalized
            let label = "line \(row.line) (\(Int(truth.length)) x \(Int(truth.width)) x \(Int(truth.height)) mm)"
            let record = result.record
            guard let index = carton.index else {
                print("    \(label): no carton stands within \(Int(SceneCartonMatch.reachMM(row))) mm of its position")
                continue
            }
            guard let size = result.measuredMM, let u = result.uncertaintyMM, let errors = result.errors,
                  let within = result.withinUncertainty else {
                print("    \(label): carton #\(index) refused: \(record.error?.code ?? "?") (\(record.error?.message ?? ""))")
                continue
            }
            judged += 1
            errorsBySize[[truth.length, truth.width, truth.height], default: []].append([errors.length, errors.width, errors.height])
            var naiveText = "; naive: no flat top"
            if index >= 1, index <= naive.count, let size = naive[index - 1].map({ $0.map { $0 * 1000 } }) {
                let naiveErrors = [size[0] - truth.length, size[1] - truth.width, size[2] - truth.height]
                naiveBySize[[truth.length, truth.width, truth.height], default: []].append(naiveErrors)
                naiveText = String(format: "; naive %.0f x %.0f x %.0f mm, error %+.0f / %+.0f / %+.0f mm",
                                   size[0], size[1], size[2], naiveErrors[0], naiveErrors[1], naiveErrors[2])
            }
            inside += within.filter { $0 }.count
            if record.status == .accepted { accepted += 1 }
            if result.verdict == .acceptedOutOfTolerance { wrongAccepted += 1 }
            print(String(format: "    %@: #%d %.0f ± %.0f x %.0f ± %.0f x %.0f ± %.0f mm, error %+.0f / %+.0f / %+.0f mm, inside ± U: %@%@",
                         label, index, size.length, u.length, size.width, u.width, size.height, u.height,
                         errors.length, errors.width, errors.height,
                         within.map { $0 ? "yes" : "no" }.joined(separator: "/"), record.status == .accepted ? ", accepted" : "")
                + naiveText)
        }
        print("    ground truth (\(rows.count) rows by position): \(judged) measured, \(accepted) accepted; truth inside ± U: "
            + "\(inside) of \(3 * judged) dimensions; accepted beyond the tolerance: \(wrongAccepted); cartons no row names: "
            + "\(results.filter { $0.carton?.line == nil }.count)")
        for (size, errors) in errorsBySize.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) where errors.count >= 3 {
            printSpread(size: size, errors: errors)
            if let naive = naiveBySize[size].flatMap({ ErrorSpread(errors: $0) }) {
                let rms = naive.rootMeanSquare
                print(String(format: "      the naive top rectangle on the same %d tops: root mean square %.1f / %.1f / %.1f mm",
                             naive.count, rms[0], rms[1], rms[2]))
            }
        }
    }

    /// What the cartons of one stated size measured in one capture show (`ErrorSpread`): each
    /// dimension's root mean square of measured minus stated, and twice that, the least U that
    /// holds them; where it is over the tolerance, no honest U accepts such cartons at it.
    private func printSpread(size: [Double], errors: [[Double]]) {
        guard let spread = ErrorSpread(errors: errors) else { return }
        let rms = spread.rootMeanSquare, floor = spread.leastExpandedUncertainty
        let over = spread.dimensionsOver(tolerance: gate.tolerance)
        print(String(format: "    the %d cartons of %.0f x %.0f x %.0f mm: measured minus stated, root mean square %.1f / %.1f / %.1f mm; "
                     + "twice that, the least U (k = 2) that holds these measurements: %.1f / %.1f / %.1f mm%@",
                     spread.count, size[0], size[1], size[2], rms[0], rms[1], rms[2], floor[0], floor[1], floor[2],
                     over.isEmpty ? ", within the tolerance"
                        : ", over the \(gate.tolerance)-mm tolerance in \(over.joined(separator: ", ")): as measured, no honest U accepts these cartons at it"))
    }
}
