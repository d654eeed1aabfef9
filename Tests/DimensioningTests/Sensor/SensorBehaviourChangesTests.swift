import Foundation
import Testing
@testable import Dimensioning

/// Changes to a sensor behaviour (`boxdim accuracy --behaviour`) are laid over whichever class's
/// behaviour a capture has, key by key, and a bad key is an error when they are read.
struct SensorBehaviourChangesTests {
    @Test func changesAreLaidOverEachClassKeyByKey() throws {
        let changes = try SensorBehaviourChanges(json: Data(#"{"creaseBandShare": 0, "maximumBandPixels": 6}"#.utf8))
        #expect(changes.keys == ["creaseBandShare", "maximumBandPixels"])
        let lidar = SensorClass.lidar.behaviour
        let changed = changes.applied(to: lidar)
        #expect(changed.creaseBandShare == 0 && changed.maximumBandPixels == 6)
        // What the changes do not name stays the class's own, its overrides too.
        #expect(changed.lipCountFattening == lidar.lipCountFattening && lidar.lipCountFattening != SensorBehaviour.shared.lipCountFattening)
        var expected = lidar
        expected.creaseBandShare = 0
        expected.maximumBandPixels = 6
        #expect(changed == expected)
        #expect(try SensorBehaviourChanges(json: Data("{}".utf8)).applied(to: lidar) == lidar)
    }

    /// The changes ride on `PipelineParameters` (`behaviourChanges`, applied once the capture's
    /// class is known) but are no setting: a configuration file never holds them.
    @Test func theChangesAreNoSetting() throws {
        var parameters = PipelineParameters()
        parameters.behaviourChanges = try SensorBehaviourChanges(json: Data(#"{"creaseBandShare": 0}"#.utf8))
        let json = try JSONEncoder().encode(parameters)
        #expect(!String(decoding: json, as: UTF8.self).contains("creaseBandShare"))
        #expect(try JSONDecoder().decode(PipelineParameters.self, from: json) == PipelineParameters())
    }

    @Test func aBadChangeIsAnErrorNamingItsSourceAndKey() {
        for (json, words) in [(#"{"creaseBandShares": 0}"#, "creaseBandShares"), (#"{"creaseBandShare": "none"}"#, "creaseBandShare"),
                              ("[1]", "must be an object"), ("{", "invalid sensor behaviour JSON")] {
            do {
                _ = try SensorBehaviourChanges(json: Data(json.utf8), source: "--behaviour")
                Issue.record("\(json) was read")
            } catch {
                #expect(error.description.contains("--behaviour") && error.description.contains(words), "\(error.description)")
            }
        }
    }
}
