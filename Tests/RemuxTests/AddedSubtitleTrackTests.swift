import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing
import TimedText

/// One way of adding english-sdh.srt: a source movie, the output's extension and the sample format.
struct AdditionScenario: Sendable, CustomTestStringConvertible {
    enum SampleFormat: String, Sendable { case tx3g, wvtt }

    var source: String
    var output: String
    var format: SampleFormat

    /// The handler a player needs to see (QTFF "Subtitle media": `sbtl`; ISO/IEC 14496-30 §7.2: `text`).
    var handler: FourCC { format == .tx3g ? "sbtl" : "text" }
    var codec: FourCC { format == .tx3g ? "tx3g" : "wvtt" }
    var testDescription: String { "\(source) → \(output) (\(format))" }

    func requestFormat() -> SubtitleTrackRequest.Format {
        format == .tx3g ? .tx3g : .webVTT(header: WebVTTHeader(), sourceLabel: nil)
    }

    static let all = [
        AdditionScenario(source: "demo.mov", output: "sdh.mov", format: .tx3g),
        AdditionScenario(source: "demo.mp4", output: "sdh.mp4", format: .tx3g),
        AdditionScenario(source: "demo.mp4", output: "sdh-wvtt.mp4", format: .wvtt),
    ]

    /// Adds the seeds request to a full rewrite in `folder`.
    func write(in folder: TemporaryFolder, language: String = "en") throws -> (EditedPair, EditReport) {
        let plan = EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest(format: requestFormat(), language: language)])
        return try EditedPair.write(plan, from: RemuxFixtures.media(source), to: folder.path(output))
    }
}

/// The seeds scenario at library level: english-sdh.srt added to demo.mov and demo.mp4 as an
/// English SDH subtitle track; the new track is what Apple players expect, and everything the
/// plan does not mention is copied unchanged.
@Suite struct AddedSubtitleTrackTests {
    /// demo's Spanish subtitle track, whose group the new track joins.
    static let spanishSubtitle: UInt32 = 4
    /// demo's English sound track, which follows the new track.
    static let englishAudio: UInt32 = 2

    @Test(arguments: AdditionScenario.all)
    func newTrackIsAnEnglishSDHSubtitle(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-add")
        defer { folder.remove() }
        let (pair, report) = try scenario.write(in: folder)
        // The next free ID, as the source's movie header states it.
        let newID = try #require(pair.source.header?.nextTrackID)
        #expect(report.addedTrackIDs == [newID])
        let track = try pair.outputTrack(newID)
        #expect(track.handler?.handlerType == scenario.handler)
        #expect(track.codec == scenario.codec)
        #expect(track.language == "eng")
        #expect(track.extendedLanguage == nil, "'en' says no more than mdhd's eng")
        let spanish = try #require(pair.source.track(id: Self.spanishSubtitle))
        #expect(track.header.alternateGroup == spanish.header.alternateGroup)
        #expect(track.header.alternateGroup == 3)
        #expect(!track.isEnabled, "a new track joins disabled unless it is made the default")
        #expect(Set(track.userData.characteristics) == [MediaCharacteristic.transcribesSpokenDialog,
                                                          MediaCharacteristic.describesMusicAndSound])
        #expect(try pair.outputTrack(Self.englishAudio).referencedTrackIDs(TrackReference.selectionFollower) == [newID])
        let options = MediaSelection(movie: pair.output).groups.flatMap(\.options)
        #expect(options.first { $0.trackID == newID }?.displayName == "English SDH")
        let header = try #require(pair.output.header)
        #expect(header.nextTrackID > newID)
        // The subtitles end at 3.75 s, inside the 4 s movie.
        #expect(header.duration == pair.source.header?.duration)
        #expect(pair.output.tracks.count == pair.source.tracks.count + 1)
    }

    /// `elng` holds the whole tag only when it says more than `mdhd` can (QTFF "Extended
    /// language tag atom").
    @Test(arguments: [("en", nil), ("eng", nil), ("en-US", "en-US"), ("en-GB", "en-GB")] as [(String, String?)])
    func extendedLanguageOnlyForARegionalTag(language: String, extended: String?) throws {
        let folder = try TemporaryFolder("remux-elng")
        defer { folder.remove() }
        let scenario = AdditionScenario.all[0]
        let (pair, report) = try scenario.write(in: folder, language: language)
        let track = try pair.outputTrack(try #require(report.addedTrackIDs.first))
        #expect(track.language == "eng")
        #expect(track.extendedLanguage?.tag == extended)
    }

    /// Every copied track's box tree is the source's but for the chunk offsets (and, for the
    /// English audio, the new `folw` reference).
    @Test(arguments: AdditionScenario.all)
    func copiedTracksKeepTheirBoxes(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-copy")
        defer { folder.remove() }
        let (pair, report) = try scenario.write(in: folder)
        let offsetTables: Set<FourCC> = ["stco", "co64"]
        for track in pair.source.tracks {
            var copied = try pair.outputTrack(track.id).box
            if track.id == Self.englishAudio {
                #expect(track.box.child("tref") == nil)
                #expect(copied.child("tref")?.children.map(\.type) == ["folw"])
                copied = copied.removing(["tref"])
            }
            let differences = try BoxTreeDiff.paths(track.box, copied, ignoring: offsetTables)
            #expect(try copied.removing(offsetTables).encoded() == track.box.removing(offsetTables).encoded(),
                    "track \(track.id): \(differences)")
        }
        #expect(report.addedTrackIDs.count == 1)
    }

    @Test(arguments: AdditionScenario.all)
    func copiedChunksMoveWithTheirBoxes(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-offsets")
        defer { folder.remove() }
        try scenario.write(in: folder).0.expectChunkOffsetsShiftedPerSourceBox()
    }

    @Test(arguments: AdditionScenario.all)
    func copiedSamplesAreIdentical(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-samples")
        defer { folder.remove() }
        try scenario.write(in: folder).0.expectSamplesIdentical()
    }

    /// The other top-level boxes (`ftyp`, `wide`, `free`, the media) are copied as they are; the
    /// output adds one `mdat`, for the new samples, after `moov`.
    @Test(arguments: AdditionScenario.all)
    func otherTopLevelBoxesAreCopied(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-top")
        defer { folder.remove() }
        let (pair, _) = try scenario.write(in: folder)
        let sourceTypes = pair.source.file.boxes.map(\.type).filter { $0 != "moov" && $0 != "ftyp" }
        let outputTypes = pair.output.file.boxes.map(\.type)
        #expect(outputTypes == ["ftyp", "moov", "mdat"] + sourceTypes)
        let copied = Array(pair.output.file.boxes.dropFirst(3))
        let originals = pair.source.file.boxes.filter { $0.type != "moov" && $0.type != "ftyp" }
        #expect(try BoxTreeDiff.paths(originals, copied).isEmpty)
        #expect(try pair.output.file.boxes[0].encoded() == pair.source.file.box("ftyp")?.encoded())
    }

    /// The new track's samples carry the SubRip cues: the shown ones start and end at the cue
    /// times (millisecond media timescale) with the cue text, read from the sample bytes by the
    /// formats' own layouts (3GPP TS 26.245 §5.17: 16-bit length then UTF-8; ISO/IEC 14496-30
    /// §7.3: `vttc` boxes with a `payl`, `vtte` for no cue), not by Legible's decoders.
    @Test(arguments: AdditionScenario.all)
    func newSamplesCarryTheCues(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-cues")
        defer { folder.remove() }
        let (pair, report) = try scenario.write(in: folder)
        let track = try pair.outputTrack(try #require(report.addedTrackIDs.first))
        let timescale = Int(track.mediaHeader.timescale)
        var shown: [TimedCue] = []
        for sample in try track.sampleTable() {
            let start = Int(sample.offset), end = start + Int(sample.size)
            try #require(end <= pair.outputBytes.count)
            let bytes = Array(pair.outputBytes[start..<end])
            let text = scenario.format == .tx3g ? Self.tx3gText(bytes) : Self.webVTTText(bytes)
            guard let text, !text.isEmpty else { continue }
            let begin = Int(sample.decodeTime) * 1000 / timescale
            shown.append(TimedCue(start: begin, end: begin + Int(sample.duration) * 1000 / timescale, text: text))
        }
        let expected = try RemuxFixtures.expectedCues()
        #expect(shown.map(\.start) == expected.map(\.start))
        #expect(shown.map(\.end) == expected.map(\.end))
        #expect(shown.map(\.plainText) == expected.map(\.plainText))
    }

    /// The text of a `tx3g` sample: a 16-bit length, then that many bytes of UTF-8.
    static func tx3gText(_ sample: [UInt8]) -> String? {
        guard sample.count >= 2 else { return nil }
        let length = Int(sample[0]) << 8 | Int(sample[1])
        guard 2 + length <= sample.count else { return nil }
        return String(decoding: sample[2..<2 + length], as: UTF8.self)
    }

    /// The cue payloads of a `wvtt` sample (`vttc/payl`), joined; empty for a `vtte` sample.
    static func webVTTText(_ sample: [UInt8]) -> String? {
        var texts: [String] = []
        for cue in TopLevelWalk(sample).boxes where cue.type == "vttc" {
            let body = Array(sample[(cue.start + 8)..<min(cue.end, sample.count)])
            for part in TopLevelWalk(body).boxes where part.type == "payl" {
                texts.append(String(decoding: body[(part.start + 8)..<min(part.end, body.count)], as: UTF8.self))
            }
        }
        return texts.joined(separator: "\n")
    }
}
