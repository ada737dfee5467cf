import Foundation
import LegibleTestSupport
import Testing

/// `legible metadata`: text and JSON output over TestMedia's metadata movies, whose values come
/// from the Scripts/make-test-media command lines.
@Suite struct MetadataCommandTests {
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    func run(_ arguments: String...) throws -> ExternalTool.Output {
        try LegibleCommand.run(["metadata"] + arguments)
    }

    func items(_ name: String) throws -> [[String: Any]] {
        let output = try run("--json", Self.media(name))
        #expect(output.status == 0, "\(output.stderr)")
        let report = try #require(output.jsonObject)
        #expect(report["file"] as? String == Self.media(name))
        #expect((report["warnings"] as? [Any])?.isEmpty == true)
        return try #require(report["items"] as? [[String: Any]])
    }

    @Test func textGroupsItemsByScopeOneLineEach() throws {
        let output = try run(Self.media("metadata-udta.mov"))
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "movie")
        #expect(lines.count == 8)
        let title = try #require(lines.first { $0.contains("udta/©nam") })
        #expect(title.hasSuffix("Metadata test"))
        #expect(title.contains(" text "))
        // ©xyz from -metadata location=+48.8584+002.2945+035.000/, also as latitude and longitude.
        let location = try #require(lines.first { $0.contains("udta/©xyz") })
        #expect(location.contains("+48.8584+002.2945+035.000/"))
        #expect(location.contains("lat 48.8584, lon 2.2945, alt 35.0 m"))
    }

    @Test func textShowsTracks() throws {
        // demo.mov: ffmpeg wrote the stream titles Video, English, Spanish, Spanish as udta/name.
        let output = try run(Self.media("demo.mov"))
        let lines = output.stdout.split(separator: "\n").map(String.init)
        for (track, title) in [(1, "Video"), (2, "English"), (3, "Spanish"), (4, "Spanish")] {
            let header = try #require(lines.firstIndex(of: "track \(track)"), "no block for track \(track)")
            #expect(lines[header + 1].contains("udta/name") && lines[header + 1].hasSuffix(title))
        }
    }

    @Test func jsonHonoursTheContract() throws {
        let items = try items("metadata.mov")
        #expect(items.count == 7)
        for item in items {
            for key in ["identifier", "keySpace", "key", "scope", "dataType", "value", "valueType", "box", "offset"] {
                #expect(item[key] != nil, "item lacks \(key): \(item)")
            }
            #expect(item["scope"] as? String == "movie")
            #expect(item["trackID"] == nil && item["language"] == nil)
            #expect(item["keySpace"] as? String == "mdta")
            #expect(item["dataType"] as? String == "utf8")
            #expect((item["box"] as? String)?.hasPrefix("moov/udta/meta/ilst/") == true)
        }
        let byKey = Dictionary(items.map { ($0["key"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byKey["com.apple.quicktime.model"]?["value"] as? String == "iPhone 15 Pro")
        #expect(byKey["title"]?["identifier"] as? String == "mdta/title")
        let location = try #require(byKey["com.apple.quicktime.location.ISO6709"]?["location"] as? [String: Any])
        #expect(location["latitude"] as? Double == 48.8584)
        #expect(location["longitude"] as? Double == 2.2945)
    }

    @Test func jsonOffsetsPointAtTheItemBoxes() throws {
        let items = try items("metadata-udta.mov")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.media("metadata-udta.mov"))))
        #expect(items.count == 7)
        for item in items {
            let offset = try #require(item["offset"] as? Int)
            let key = try #require(item["key"] as? String)
            // The item box's type, after its 4-byte size, is the key (© is byte 0xA9).
            #expect(Array(bytes[(offset + 4)..<(offset + 8)]) == key.unicodeScalars.map { UInt8($0.value) })
        }
    }

    @Test func jsonTrackItemsAndBinaryValues() throws {
        let demo = try items("demo.mov")
        let names = demo.filter { $0["scope"] as? String == "track" }
        #expect(names.map { $0["trackID"] as? Int } == [1, 2, 3, 4])
        #expect(names.map { $0["value"] as? String } == ["Video", "English", "Spanish", "Spanish"])
        // chapters.mov: the Nero chapter list is reported as its bytes (base64 + size).
        let chapters = try items("chapters.mov")
        let list = try #require(chapters.first { $0["identifier"] as? String == "udta/chpl" })
        #expect(list["valueType"] as? String == "bytes")
        let size = try #require(list["bytes"] as? Int)
        let base64 = try #require(list["value"] as? String)
        let decoded = try #require(Data(base64Encoded: base64))
        #expect(decoded.count == size)
        // Three chapters: count byte 8 of the payload (Nero `chpl` layout).
        #expect(decoded[8] == 3)
    }

    @Test func badInputExitsWith2AndOneErrorLine() throws {
        let missing = try run("/nonexistent/movie.mov")
        #expect(missing.status == 2)
        #expect(missing.errorLines.count == 1)
        #expect(missing.errorLines.first?.contains("cannot open") == true)
        let usage = try run()
        #expect(usage.status == 2)
        let help = try run("--help")
        #expect(help.status == 0 && help.stdout.contains("Examples:"))
    }

    /// A 3GPP `loci` (corpus: androidx sample_with_chapters.mp4, whose location ExifTool reads as
    /// "Lat=40.67999 Lon=-74.49989"): shown with its coordinates, and as a location object in JSON.
    @Test(.corpus) func locationItemsShowCoordinates() throws {
        let entry = try #require(try CorpusIndex.arguments { $0.name.hasSuffix("sample_with_chapters.mp4") }.first)
        let text = try run(entry.url.path)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.contains("uiso/loci") })
        #expect(line.contains("lat 40.67999") && line.contains("lon -74.49989"))
        let report = try #require(try run("--json", entry.url.path).jsonObject)
        let loci = try #require((report["items"] as? [[String: Any]])?.first { $0["identifier"] as? String == "uiso/loci" })
        #expect(loci["valueType"] as? String == "location")
        let location = try #require(loci["location"] as? [String: Any])
        #expect(abs((location["latitude"] as? Double ?? 0) - 40.67999) < 1e-4)
        #expect(location["body"] as? String == "earth")
    }
}
