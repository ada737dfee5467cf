import Foundation
import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Testing

/// The `mebx` tracks an iPhone 14 Pro wrote (corpus: androidx_media dolbyVision-hdr.MOV), read
/// by Legible and by ExifTool: the same keys, values and sample times.
@Suite(.corpus) struct TimedMetadataCorpusTests {
    static func entry(_ suffix: String) throws -> CorpusEntry {
        try #require(CorpusIndex.entries.first { $0.features.contains("mebx") && $0.name.hasSuffix(suffix) }, "no mebx corpus file \(suffix)")
    }

    static func tracks(_ suffix: String) throws -> [TimedMetadataTrack] {
        let movie = try Movie.open(path: try entry(suffix).url.path)
        return try movie.tracks.filter(TimedMetadataTrack.isTimedMetadata).map { try TimedMetadataTrack.read($0, in: movie) }
    }

    /// ExifTool's `-ee` tags of one track, in file order, as (tag, value) pairs.
    static func exifToolSamples(_ path: String, track: UInt32) throws -> [(tag: String, value: String)] {
        let output = try ExternalTool.run("exiftool", ["-ee", "-a", "-G1", "-n", "-s", "-Track\(track):all", path])
        try #require(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let tag = parts[0].split(separator: "]").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return (tag, parts[1].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The key tables, as the file's bytes spell them (`legible boxes` offsets 0xf0cf, 0xf340,
    /// 0xf76e): `fiel` keys are the fields of a detected face.
    @Test func readsTheKeyTables() throws {
        let tracks = try Self.tracks("dolbyVision-hdr.MOV")
        #expect(tracks.map(\.trackID) == [3, 4, 5])
        #expect(tracks.map(\.describedTrackIDs) == [[1], [1], [1]])
        #expect(tracks[0].keys.map(\.identifier.description) == ["mdta/com.apple.quicktime.video-orientation"])
        #expect(tracks[0].keys.map(\.dataType) == [.int16])
        let face = tracks[1].keys
        #expect(face.map(\.localID) == [3, 1, 4, 2, 5])
        #expect(face.map(\.identifier.key) == ["com.apple.quicktime.detected-face.bounds", "com.apple.quicktime.detected-face",
                                               "com.apple.quicktime.detected-face.roll-angle", "com.apple.quicktime.detected-face.face-id",
                                               "com.apple.quicktime.detected-face.yaw-angle"])
        #expect(face.map(\.namespace.description) == ["fiel", "mdta", "fiel", "fiel", "fiel"])
        #expect(face.map(\.dataType?.rawValue) == [80, nil, 23, 77, 23])
        #expect(face[1].dataTypeName == "com.apple.quicktime.detected-face")
        #expect(tracks[2].keys.map(\.identifier.description) == ["mdta/com.apple.quicktime.live-photo-info"])
        #expect(tracks[2].keys.first?.dataTypeName == "com.apple.quicktime.com.apple.quicktime.live-photo-info")
    }

    /// The keys alone, from the sample descriptions: the same tables, read without a sample.
    @Test func keysAloneAreTheTablesKeys() throws {
        let movie = try Movie.open(path: try Self.entry("dolbyVision-hdr.MOV").url.path)
        let timed = movie.tracks.filter(TimedMetadataTrack.isTimedMetadata)
        let face = try TimedMetadataTrack.keys(of: timed[1])
        #expect(face.map(\.localID) == [3, 1, 4, 2, 5])
        #expect(face.map(\.namespace.description) == ["fiel", "mdta", "fiel", "fiel", "fiel"])
        #expect(try TimedMetadataTrack.keys(of: timed[0]).map(\.identifier.description) == ["mdta/com.apple.quicktime.video-orientation"])
        #expect(throws: BoxError.self) { try TimedMetadataTrack.keys(of: movie.tracks[0]) }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")))
    func valuesAndTimesMatchExifTool() throws {
        let path = try Self.entry("dolbyVision-hdr.MOV").url.path
        let tracks = try Self.tracks("dolbyVision-hdr.MOV")
        for track in tracks {
            let tags = try Self.exifToolSamples(path, track: track.trackID)
            let times = tags.filter { $0.tag == "SampleTime" }.compactMap { Double($0.value) }
            let durations = tags.filter { $0.tag == "SampleDuration" }.compactMap { Double($0.value) }
            #expect(times.count == track.groups.count, "track \(track.trackID)")
            for (group, time) in zip(track.groups, times) { #expect(abs(group.start - time) < 1e-9) }
            for (group, duration) in zip(track.groups, durations) { #expect(abs(group.duration - duration) < 1e-9) }
        }
        // Track 3: one sample, orientation 6.
        let orientation = try Self.exifToolSamples(path, track: 3).filter { $0.tag == "VideoOrientation" }.map(\.value)
        #expect(orientation == ["6"])
        #expect(tracks[0].groups.map { $0.items.map(\.value) } == [[.integer(6)]])
        // Track 4: one placeholder-only sample (no face), which ExifTool reads as no value.
        #expect(tracks[1].groups.map(\.isGap) == [true])
        // Track 5: each sample's live-photo-info, which ExifTool decodes as little-endian fields
        // (int32, float, uint32, int32, …); compare the first four.
        let info = try Self.exifToolSamples(path, track: 5).filter { $0.tag == "LivePhotoInfo" }.map { $0.value.split(separator: " ") }
        #expect(info.count == tracks[2].groups.count)
        for (group, fields) in zip(tracks[2].groups, info) {
            guard case let .bytes(bytes)? = group.items.first?.value, bytes.count >= 16, fields.count >= 4 else {
                Issue.record("live-photo-info is not bytes: \(group.items)")
                continue
            }
            func word(_ index: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[index * 4 + $1]) << (8 * $1) } }
            #expect(String(Int32(bitPattern: word(0))) == fields[0])
            #expect(abs(Double(Float(bitPattern: word(1))) - (Double(fields[1]) ?? 0)) < 1e-12)
            #expect(String(word(2)) == fields[2])
            #expect(String(Int32(bitPattern: word(3))) == fields[3])
        }
    }

    @Test func theOtherIPhoneStyleFileReadsToo() throws {
        let tracks = try Self.tracks("sample_edit_list.mp4")
        #expect(tracks.map(\.trackID) == [3, 4])
        #expect(tracks.map(\.describedTrackIDs) == [[], []])
        #expect(tracks[0].groups.map { $0.items.map(\.value) } == [[.integer(6)]])
        // Timescale 600, one sample of 1802 units (stts).
        #expect(tracks[0].groups.map(\.mediaDuration) == [1802])
        #expect(tracks[0].groups.first?.items.first?.scope == .track(3))
    }

    /// Reading then writing the document gives back the same groups.
    @Test func documentRoundTripsTheTracks() throws {
        for track in try Self.tracks("dolbyVision-hdr.MOV") {
            let document = TimedMetadataDocument(track: track)
            let decoded = try JSONDecoder().decode(TimedMetadataDocument.self, from: try JSONEncoder().encode(document))
            let resolved = try decoded.resolved()
            #expect(resolved.groups.map(\.mediaStart) == track.groups.map(\.mediaStart))
            #expect(resolved.groups.map(\.mediaDuration) == track.groups.map(\.mediaDuration))
            #expect(resolved.groups.map { $0.items.map(\.value) } == track.groups.map { $0.items.map(\.value) })
            #expect(resolved.keys.map(\.identifier) == track.keys.map(\.identifier))
            #expect(resolved.keys.map(\.namespace) == track.keys.map(\.namespace))
            #expect(resolved.keys.map(\.dataType) == track.keys.map(\.dataType))
        }
    }
}
