import Foundation
import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Remux
import Testing

/// A timed metadata track written into the demo movies (from TestMedia/route.gpx, and from the
/// iPhone tracks of the corpus) reads back with the same keys, values and times, describes the
/// right track, and leaves every other sample as it was.
@Suite struct AddedMetadataTrackTests {
    /// route.gpx's points as the file spells them: ISO 6709 of lat, lon and ele, and the time
    /// after the first point.
    static let expectedLocations = ["+51.5334-000.1255+026.756/", "+51.5336-000.1251+027.000/", "+51.5339-000.1248+027.500/",
                                    "+51.5341-000.1246/", "+51.5344-000.1243+028.250/"]
    static let expectedStarts = [0, 1, 2, 2.5, 3.25]

    static func routeRequest(movieEnd: Double?) throws -> MetadataTrackRequest {
        let bytes = [UInt8](try Data(contentsOf: RemuxFixtures.media("route.gpx")))
        let resolved = try TimedMetadataDocument(locations: try GPXTrackParser.parse(bytes: bytes)).resolved(movieEnd: movieEnd)
        return MetadataTrackRequest(keys: resolved.keys, groups: resolved.groups, describedTrackIDs: [1], name: "Route")
    }

    static func readAddedTrack(_ path: String, id: UInt32 = 5) throws -> (TimedMetadataTrack, Track) {
        let movie = try Movie.open(path: path)
        let track = try #require(movie.track(id: id))
        return (try TimedMetadataTrack.read(track, in: movie), track)
    }

    static func expectRoute(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (read, track) = try readAddedTrack(path)
        #expect(read.describedTrackIDs == [1], sourceLocation: sourceLocation)
        #expect(read.keys.map(\.identifier.description) == ["mdta/com.apple.quicktime.location.ISO6709"], sourceLocation: sourceLocation)
        #expect(read.keys.map(\.dataType) == [.utf8], sourceLocation: sourceLocation)
        #expect(read.groups.map { $0.items.map(\.value) } == Self.expectedLocations.map { [.text($0)] }, sourceLocation: sourceLocation)
        #expect(read.groups.map(\.start) == Self.expectedStarts, sourceLocation: sourceLocation)
        // The last point lasts until the movie's end (demo is 4 s).
        #expect(read.groups.last.map { $0.start + $0.duration } == 4, sourceLocation: sourceLocation)
        #expect(track.handler?.handlerType == "meta", sourceLocation: sourceLocation)
        #expect(track.name == "Route", sourceLocation: sourceLocation)
        #expect(track.header.width == 0 && track.header.height == 0 && track.header.volume == 0, sourceLocation: sourceLocation)
        #expect(try track.sampleTable().allSatisfy(\.isSync), sourceLocation: sourceLocation)
    }

    @Test(arguments: ["demo.mov", "demo.mp4"])
    func routeReadsBackFromAFullRewrite(_ name: String) throws {
        let folder = try TemporaryFolder("metadata-track")
        defer { folder.remove() }
        let source = RemuxFixtures.media(name)
        let plan = EditPlan(metadataTracks: [try Self.routeRequest(movieEnd: 4)])
        let (pair, report) = try EditedPair.write(plan, from: source, to: folder.path(name))
        #expect(report.addedTrackIDs == [5])
        try Self.expectRoute(folder.path(name))
        try pair.expectSamplesIdentical()
        // QuickTime files get QTFF's base media header, ISO files a null one.
        let minf = try #require(try pair.outputTrack(5).box.descendant(["mdia", "minf"]))
        #expect(minf.children.first?.type == (name.hasSuffix(".mov") ? "gmhd" : "nmhd"))
    }

    @Test func routeReadsBackFromAnInPlaceEdit() throws {
        let folder = try TemporaryFolder("metadata-track-in-place")
        defer { folder.remove() }
        let path = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        _ = try MovieEditor(path: path).editInPlace(EditPlan(metadataTracks: [try Self.routeRequest(movieEnd: 4)]))
        try Self.expectRoute(path)
        try EditedPair(source: RemuxFixtures.media("demo.mov").path, output: path).expectSamplesIdentical()
    }

    @Test func gapsAreWrittenAsPlaceholderSamples() throws {
        let folder = try TemporaryFolder("metadata-gaps")
        defer { folder.remove() }
        let key = TimedMetadataKey(localID: 1, identifier: MetadataIdentifier(.quickTimeMetadata, "com.example.note"), dataType: .utf8)
        let item = MetadataItem(identifier: key.identifier, value: .text("hello"), dataType: .utf8)
        // 1–2 s has no group at all; 3–3.5 s an explicit empty one.
        let groups = [TimedMetadataGroup(start: 1, duration: 1, items: [item]), TimedMetadataGroup(start: 3, duration: 0.5, items: []),
                      TimedMetadataGroup(start: 3.5, duration: 0.5, items: [item])]
        let plan = EditPlan(metadataTracks: [MetadataTrackRequest(keys: [key], groups: groups)])
        let (pair, _) = try EditedPair.write(plan, from: RemuxFixtures.media("demo.mov"), to: folder.path("gaps.mov"))
        let track = try pair.outputTrack(5)
        let samples = Array(try track.sampleTable())
        #expect(samples.map(\.duration) == [1000, 1000, 1000, 500, 500])
        // Never a zero-byte sample: a gap is one 8-byte placeholder atom.
        #expect(samples.map(\.size) == [8, 13, 8, 8, 13])
        #expect(track.referencedTrackIDs(TrackReference.metadataReferent).isEmpty)
        let read = try TimedMetadataTrack.read(track, in: pair.output)
        #expect(read.groups.map(\.isGap) == [true, false, true, true, false])
    }

    /// The iPhone's own tracks, read, turned into a document and written into demo.mov, read
    /// back the same: keys (with their `fiel` namespaces and type names), values and timing.
    @Test(.corpus) func iPhoneTracksSurviveAReadWriteRoundTrip() throws {
        let entry = try #require(CorpusIndex.entries.first { $0.name.hasSuffix("dolbyVision-hdr.MOV") })
        let movie = try Movie.open(path: entry.url.path)
        let originals = try movie.tracks.filter(TimedMetadataTrack.isTimedMetadata).map { try TimedMetadataTrack.read($0, in: movie) }
        #expect(originals.count == 3)
        let requests = try originals.map { original in
            let resolved = try TimedMetadataDocument(track: original).resolved()
            return MetadataTrackRequest(keys: resolved.keys, groups: resolved.groups, describedTrackIDs: original.describedTrackIDs)
        }
        let folder = try TemporaryFolder("metadata-round-trip")
        defer { folder.remove() }
        let (pair, report) = try EditedPair.write(EditPlan(metadataTracks: requests), from: RemuxFixtures.media("demo.mov"),
                                                  to: folder.path("round-trip.mov"))
        #expect(report.addedTrackIDs == [5, 6, 7])
        for (original, id) in zip(originals, report.addedTrackIDs) {
            let copy = try TimedMetadataTrack.read(try pair.outputTrack(id), in: pair.output)
            #expect(copy.timescale == original.timescale)
            #expect(copy.describedTrackIDs == original.describedTrackIDs)
            #expect(copy.keys.map(\.identifier) == original.keys.map(\.identifier))
            #expect(copy.keys.map(\.namespace) == original.keys.map(\.namespace))
            #expect(copy.keys.map(\.dataType) == original.keys.map(\.dataType))
            #expect(copy.keys.map(\.dataTypeName) == original.keys.map(\.dataTypeName))
            #expect(copy.groups.map(\.mediaStart) == original.groups.map(\.mediaStart))
            #expect(copy.groups.map(\.mediaDuration) == original.groups.map(\.mediaDuration))
            #expect(copy.groups.map { $0.items.map(\.value) } == original.groups.map { $0.items.map(\.value) })
        }
    }

    @Test func referencesToMissingTracksAreRefused() throws {
        var request = try Self.routeRequest(movieEnd: 4)
        request.describedTrackIDs = [9]
        let folder = try TemporaryFolder("metadata-bad-reference")
        defer { folder.remove() }
        // demo.mov's tracks: 1 to 4 (TestMedia/README.md).
        #expect(throws: EditError.unknownTrack(id: 9, available: [1, 2, 3, 4])) {
            try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(metadataTracks: [request]), to: folder.path("x.mov"))
        }
    }
}
