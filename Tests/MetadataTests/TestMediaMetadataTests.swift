import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Testing
@testable import Metadata

/// The metadata movies of TestMedia/, against the values Scripts/make-test-media gave ffmpeg and
/// exiftool on their command lines.
@Suite struct TestMediaMetadataTests {
    func read(_ name: String) throws -> MetadataReading {
        MetadataReader.items(in: try Movie.open(path: TestPaths.testMedia.appendingPathComponent(name).path))
    }

    func values(_ reading: MetadataReading) -> [String: MetadataValue] {
        Dictionary(reading.items.map { ($0.identifier.description, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// `ffmpeg -movflags use_metadata_tags -metadata KEY=VALUE …`: one `mdta` key per option, type
    /// UTF-8, locale 0, in a FullBox `meta` inside `moov/udta`.
    @Test func ffmpegMetadataKeys() throws {
        let reading = try read("metadata.mov")
        #expect(reading.warnings.isEmpty)
        #expect(values(reading) == [
            "mdta/com.apple.quicktime.location.ISO6709": .text("+48.8584+002.2945+035.000/"),
            "mdta/com.apple.quicktime.make": .text("Apple"),
            "mdta/com.apple.quicktime.model": .text("iPhone 15 Pro"),
            "mdta/com.apple.quicktime.software": .text("17.1"),
            "mdta/com.apple.quicktime.creationdate": .text("2024-01-01T12:00:00+0100"),
            "mdta/title": .text("Metadata test"),
            // The script's global -metadata creation_time=2024-01-01T00:00:00Z.
            "mdta/creation_time": .text("2024-01-01T00:00:00Z"),
        ])
        #expect(reading.items.count == 7)
        #expect(reading.items.allSatisfy { $0.scope == .movie && $0.dataType == .utf8 && $0.language == nil && $0.country == nil })
        #expect(reading.items.allSatisfy { $0.origin?.location.path.hasPrefix("moov/udta/meta/ilst/") == true })
        #expect(Set(reading.items.compactMap { $0.origin?.keyIndex }) == Set(1...7))
    }

    /// `exiftool -Keys:…`: Apple's layout, `moov/meta` without version and flags.
    @Test func exiftoolKeys() throws {
        let reading = try read("metadata-keys.mov")
        #expect(reading.warnings.isEmpty)
        let found = values(reading)
        #expect(found["mdta/com.apple.quicktime.make"] == .text("Apple"))
        #expect(found["mdta/com.apple.quicktime.model"] == .text("iPhone 15 Pro"))
        #expect(found["mdta/com.apple.quicktime.software"] == .text("17.1"))
        #expect(found["mdta/com.apple.quicktime.title"] == .text("Metadata test"))
        #expect(found["mdta/com.apple.quicktime.author"] == .text("Legible Test Suite"))
        #expect(found["mdta/com.apple.quicktime.description"] == .text("Keys written by exiftool"))
        // "2024:01:01 12:00:00+01:00" on the command line; QuickTime stores ISO 8601.
        #expect(found["mdta/com.apple.quicktime.creationdate"] == .text("2024-01-01T12:00:00+0100"))
        // "48.8584 N, 2.2945 E, 35 m Above Sea Level" on the command line.
        guard case let .text(location)? = found["mdta/com.apple.quicktime.location.ISO6709"] else {
            Issue.record("no location")
            return
        }
        let point = try #require(ISO6709Point(parsing: location))
        #expect(point.latitude == 48.8584 && point.longitude == 2.2945 && point.altitude == 35)
        #expect(reading.items.count == 8)
        #expect(reading.items.allSatisfy { $0.origin?.location.path.hasPrefix("moov/meta/ilst/") == true })
    }

    /// ffmpeg's classic user data: location→©xyz make→©mak model→©mod title→©nam date→©day
    /// comment→©cmt and ©des, each one record with language `und`.
    @Test func ffmpegUserDataText() throws {
        let reading = try read("metadata-udta.mov")
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.identifier.description)
                == ["udta/©nam", "udta/©day", "udta/©des", "udta/©cmt", "udta/©mak", "udta/©mod", "udta/©xyz"])
        #expect(reading.items.map(\.value) == [
            .text("Metadata test"), .text("2024-01-01T12:00:00+0100"), .text("udta metadata"), .text("udta metadata"),
            .text("Apple"), .text("iPhone 15 Pro"), .text("+48.8584+002.2945+035.000/"),
        ])
        #expect(reading.items.allSatisfy { $0.language == nil && $0.dataType == nil && $0.scope == .movie })
        // Each origin is a box of the file: its size field and type are there.
        let bytes = try Array(Data(contentsOf: TestPaths.testMedia.appendingPathComponent("metadata-udta.mov")))
        for item in reading.items {
            let origin = try #require(item.origin)
            let start = Int(origin.location.offset)
            #expect(be32(UInt32(origin.size)) == Array(bytes[start..<start + 4]))
            #expect(Array(item.identifier.key.unicodeScalars.map { UInt8($0.value) }) == Array(bytes[start + 4..<start + 8]))
        }
    }
}
