import Foundation
import LegibleTestSupport
import Metadata
import Testing

/// The inputs of a new timed metadata track: ISO 8601 times, GPX files and the JSON document,
/// and how a document's groups become back-to-back samples.
@Suite struct TimedMetadataInputTests {
    static let location = "mdta/com.apple.quicktime.location.ISO6709"

    // Expected epoch seconds from `date -u -d … +%s`.
    @Test(arguments: [
        ("2024-01-01T00:00:00Z", 1_704_067_200.0), ("2024-01-01T01:00:00+01:00", 1_704_067_200.0),
        ("2024-01-01T00:00:00.250Z", 1_704_067_200.25), ("2000-02-29T12:34:56Z", 951_827_696.0),
        ("1969-12-31T23:59:59Z", -1.0), ("2024-01-01T00:00:00", 1_704_067_200.0), ("2023-12-31T19:00:00-0500", 1_704_067_200.0),
    ])
    func parsesISO8601(_ text: String, _ seconds: Double) {
        #expect(ISO8601Timestamp.seconds(from: text) == seconds)
    }

    @Test(arguments: ["2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-01-01", "yesterday", "2024-01-01T00:00:00Zjunk", ""])
    func rejectsWhatIsNotADateAndTime(_ text: String) {
        #expect(ISO8601Timestamp.seconds(from: text) == nil)
    }

    /// TestMedia/route.gpx, as the file spells it.
    @Test func readsTheRouteFixture() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.testMedia.appendingPathComponent("route.gpx")))
        let points = try GPXTrackParser.parse(bytes: bytes)
        #expect(points.map(\.latitude) == [51.5334, 51.5336, 51.5339, 51.5341, 51.5344])
        #expect(points.map(\.longitude) == [-0.1255, -0.1251, -0.1248, -0.1246, -0.1243])
        #expect(points.map(\.elevation) == [26.756, 27, 27.5, nil, 28.25])
        #expect(points.map { $0.time.map { $0 - 1_704_067_200 } } == [0, 1, 2, 2.5, 3.25])
        #expect(points.map(\.line) == [8, 9, 10, 11, 12])

        let document = try TimedMetadataDocument(locations: points)
        #expect(document.groups.map(\.start) == [0, 1, 2, 2.5, 3.25])
        #expect(document.groups.map { $0.items[Self.location] } == [
            .text("+51.5334-000.1255+026.756/"), .text("+51.5336-000.1251+027.000/"), .text("+51.5339-000.1248+027.500/"),
            .text("+51.5341-000.1246/"), .text("+51.5344-000.1243+028.250/"),
        ])
        let resolved = try document.resolved(movieEnd: 4)
        #expect(resolved.groups.map(\.mediaStart) == [0, 1000, 2000, 2500, 3250])
        #expect(resolved.groups.map(\.mediaDuration) == [1000, 1000, 500, 750, 750])
        #expect(resolved.keys.map(\.dataType) == [.utf8])
    }

    @Test func aStartTimeShiftsPointsAndDropsEarlierOnes() throws {
        let points = [GPXPoint(latitude: 1, longitude: 2, time: 100), GPXPoint(latitude: 3, longitude: 4, time: 110),
                      GPXPoint(latitude: 5, longitude: 6, time: 105)]
        let document = try TimedMetadataDocument(locations: points, start: 103)
        #expect(document.groups.map(\.start) == [2, 7])
        let resolved = try document.resolved(movieEnd: 8)
        // 0–2 s: no location yet, an explicit gap.
        #expect(resolved.groups.map(\.isGap) == [true, false, false])
        #expect(resolved.groups.map(\.mediaDuration) == [2000, 5000, 1000])
        #expect(throws: MetadataInputError.self) { try TimedMetadataDocument(locations: points, start: 200) }
    }

    @Test(arguments: [
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>", "a point has no <time>", 1),
        ("<gpx>\n<trkpt lat=\"91\" lon=\"2\"><time>2024-01-01T00:00:00Z</time></trkpt></gpx>", "lat=\"91\"", 2),
        ("<gpx>\n\n<wpt lon=\"2\"/></gpx>", "no lat attribute", 3),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><time>noon</time></wpt></gpx>", "'noon' is not an ISO 8601", 1),
        ("<kml></kml>", "not a GPX file", 1),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\"", "malformed XML", 2),
        ("<gpx><metadata/></gpx>", "no trkpt, rtept or wpt", nil),
    ] as [(String, String, Int?)])
    func gpxErrorsSayWhatAndWhere(_ text: String, _ message: String, _ line: Int?) {
        let error = #expect(throws: MetadataInputError.self) {
            try TimedMetadataDocument(locations: try GPXTrackParser.parse(bytes: Array(text.utf8)))
        }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
        #expect(error?.line == line)
    }

    @Test func trackPointsWinOverRoutesAndWaypoints() throws {
        let text = """
        <gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="9" lon="9"/>
        <rte><rtept lat="8" lon="8"/></rte><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>
        """
        #expect(try GPXTrackParser.parse(bytes: Array(text.utf8)).map(\.latitude) == [1])
        let routes = "<gpx><wpt lat=\"9\" lon=\"9\"/><rte><rtept lat=\"8\" lon=\"8\"/></rte></gpx>"
        #expect(try GPXTrackParser.parse(bytes: Array(routes.utf8)).map(\.latitude) == [8])
    }

    static func document(_ json: String) throws -> TimedMetadataDocument {
        try JSONDecoder().decode(TimedMetadataDocument.self, from: Data(json.utf8))
    }

    @Test func groupsLastUntilTheNextOneAndTheLastUntilTheEnd() throws {
        let document = try Self.document("""
        {"keys": [{"identifier": "mdta/com.example.scene", "dataType": "utf8"},
                  {"identifier": "mdta/com.example.level", "dataType": "int16"}],
         "groups": [{"start": 0.5, "items": {"mdta/com.example.scene": "intro", "mdta/com.example.level": -3}},
                    {"start": 1.5, "duration": 0.5, "items": {}},
                    {"start": 2.5, "items": {"mdta/com.example.scene": "end", "mdta/com.example.rate": 2.5}}]}
        """)
        let resolved = try document.resolved(movieEnd: 4)
        #expect(resolved.groups.map(\.mediaStart) == [0, 500, 1500, 2000, 2500])
        #expect(resolved.groups.map(\.mediaDuration) == [500, 1000, 500, 500, 1500])
        #expect(resolved.groups.map(\.items.count) == [0, 2, 0, 0, 2])
        // Items come in key table order; an undeclared key gets its type from its value.
        #expect(resolved.groups[1].items.map(\.value) == [.text("intro"), .integer(-3)])
        #expect(resolved.groups[4].items.map(\.value) == [.text("end"), .float(2.5)])
        #expect(resolved.keys.map(\.identifier.description) == ["mdta/com.example.scene", "mdta/com.example.level", "mdta/com.example.rate"])
        #expect(resolved.keys.map(\.dataType) == [.utf8, .int16, .float64])
        #expect(resolved.keys.map(\.localID) == [1, 2, 3])
        // Without a movie end, the last group lasts 1 s.
        #expect(try document.resolved().groups.last?.mediaDuration == 1000)
    }

    @Test func groupsPastTheMovieEndAreDroppedOrCut() throws {
        let document = try Self.document("""
        {"groups": [{"start": 0, "items": {"mdta/a": "x"}}, {"start": 3, "duration": 5, "items": {"mdta/a": "y"}},
                    {"start": 9, "items": {"mdta/a": "z"}}]}
        """)
        let resolved = try document.resolved(movieEnd: 4)
        #expect(resolved.groups.map(\.mediaDuration) == [3000, 1000])
        #expect(resolved.diagnostics.count == 2)
    }

    @Test(arguments: [
        (#"{"groups": [{"start": 1, "items": {"mdta/a": "x"}}, {"start": 0.5, "items": {}}]}"#, "groups[1]: starts at 0.5 s, before"),
        (#"{"groups": [{"start": 0, "duration": 2, "items": {"mdta/a": "x"}}, {"start": 1, "items": {}}]}"#, "groups[1]: starts at 1.0 s"),
        (#"{"keys": [{"identifier": "mdta/a", "dataType": "int8"}], "groups": [{"start": 0, "items": {"mdta/a": 300}}]}"#,
         "groups[0].items.mdta/a: expected an integer that fits int8"),
        (#"{"keys": [{"identifier": "mdta/a", "dataType": "utf8"}], "groups": [{"start": 0, "items": {"mdta/a": 3}}]}"#,
         "groups[0].items.mdta/a: expected a string"),
        (#"{"keys": [{"identifier": "mdta/a", "dataType": "signed-int"}], "groups": [{"start": 0, "items": {"mdta/a": 3}}]}"#,
         "not allowed in timed metadata"),
        (#"{"keys": [{"identifier": "mdta/a", "dataType": "wide"}], "groups": [{"start": 0, "items": {"mdta/a": 3}}]}"#,
         "keys[0].dataType: unknown data type 'wide'"),
        (#"{"groups": [{"start": 0, "items": {"title": "x"}}]}"#, "groups[0].items.title: not a metadata identifier"),
        (#"{"groups": [{"start": -1, "items": {"mdta/a": "x"}}]}"#, "groups[0]: start must be"),
        (#"{"groups": [{"start": 0, "duration": 0, "items": {"mdta/a": "x"}}]}"#, "groups[0]: duration must be"),
        (#"{"groups": [{"start": 12, "items": {"mdta/a": "x"}}]}"#, "groups: no group starts before the movie's end"),
        (#"{"groups": []}"#, "groups: the document has no groups"),
    ])
    func documentErrorsNameTheirPlace(_ json: String, _ message: String) throws {
        let document = try Self.document(json)
        let error = #expect(throws: MetadataInputError.self) { try document.resolved(movieEnd: 10) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "no error")")
    }

    @Test func valuesOfEveryShapeDecodeAndEncode() throws {
        let document = try Self.document("""
        {"timescale": 600, "keys": [{"identifier": "mdta/p", "dataType": "point-f32"}, {"identifier": "mdta/b"},
                                    {"identifier": "mdta/u", "dataType": "uint32"}, {"identifier": "mdta/f", "dataType": "float32"},
                                    {"identifier": "mdta/n", "dataType": "utf8", "language": "fr", "namespace": "fiel"}],
         "groups": [{"start": 0, "duration": 0.1,
                     "items": {"mdta/p": [1.5, -2], "mdta/b": {"hex": "00ff10"}, "mdta/u": 4000000000, "mdta/f": "nan", "mdta/n": "é"}}]}
        """)
        let resolved = try document.resolved()
        #expect(resolved.groups.first?.mediaDuration == 60)
        let values = try #require(resolved.groups.first).items.map(\.value)
        #expect(values.count == 5)
        #expect(values[0] == .floats([1.5, -2]))
        #expect(values[1] == .bytes([0, 255, 16]))
        #expect(values[2] == .unsignedInteger(4_000_000_000))
        if case let .float(value) = values[3] { #expect(value.isNaN) } else { Issue.record("not a float: \(values[3])") }
        #expect(values[4] == .text("é"))
        #expect(resolved.keys[4].namespace == "fiel")
        #expect(resolved.keys[4].locale == "fr")
        // Encoding writes bytes as hex and NaN as a string, which decode back to the same.
        let encoded = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(TimedMetadataDocument.self, from: encoded) == document)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#"{"hex":"00ff10"}"#))
    }
}

/// Keys that differ only by language, named in groups as `identifier@language`.
@Suite struct TimedMetadataLanguageTests {
    static func document(_ json: String) throws -> TimedMetadataDocument {
        try JSONDecoder().decode(TimedMetadataDocument.self, from: Data(json.utf8))
    }

    @Test func eachLanguageHasItsKey() throws {
        let document = try Self.document("""
        {"keys": [{"identifier": "mdta/c", "dataType": "utf8", "language": "fr-CA"}, {"identifier": "mdta/c", "dataType": "utf8", "language": "en"},
                  {"identifier": "mdta/c", "dataType": "utf8"}],
         "groups": [{"start": 0, "items": {"mdta/c@fr-CA": "Bonjour", "mdta/c@en": "Hello", "mdta/c": "neutre"}}]}
        """)
        let resolved = try document.resolved(movieEnd: 1)
        #expect(resolved.keys.map(\.locale) == ["fr-CA", "en", nil])
        let items = try #require(resolved.groups.first).items
        #expect(items.map(\.language) == ["fr-CA", "en", nil])
        #expect(items.map(\.value) == [.text("Bonjour"), .text("Hello"), .text("neutre")])
    }

    @Test func anUndeclaredLanguageIsAnError() throws {
        let document = try Self.document(#"{"keys": [{"identifier": "mdta/c", "language": "fr"}], "groups": [{"start": 0, "items": {"mdta/c@de": {"hex": "00"}}}]}"#)
        let error = #expect(throws: MetadataInputError.self) { try document.resolved(movieEnd: 1) }
        #expect(error?.description.contains("no key declares mdta/c in language de") == true, "\(error?.description ?? "")")
    }
}
