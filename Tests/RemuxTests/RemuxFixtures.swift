import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing
import TimedText

/// The inputs the Remux tests share: the bundled movies and the English SDH subtitles.
enum RemuxFixtures {
    static func media(_ name: String) -> URL { TestPaths.testMedia.appendingPathComponent(name) }

    static var englishSDH: URL { media("english-sdh.srt") }

    /// english-sdh.srt through Legible's SubRip parser, as every add-subtitles reads its input.
    /// Expected values come from ``expectedCues`` instead, read without that parser.
    static func englishSDHCues() throws -> [Cue] {
        try SubRipParser.parse(string: String(contentsOf: englishSDH, encoding: .utf8)).cues
    }

    /// english-sdh.srt's cues as the file spells them.
    static func expectedCues() throws -> [TimedCue] { try SubtitleCueReader.cues(contentsOf: englishSDH) }

    /// The seeds request: english-sdh.srt as an SDH track in `language`, in the group of the other
    /// subtitles, with the sound track in its language following it.
    static func englishSDHRequest(format: SubtitleTrackRequest.Format = .tx3g, language: String = "en",
                                  makesDefault: Bool = false) throws -> SubtitleTrackRequest {
        SubtitleTrackRequest(cues: try englishSDHCues(), format: format,
                             properties: TrackChanges(language: try LanguageTag(parsing: language), alternateGroup: .automatic,
                                                      makesDefault: makesDefault,
                                                      addedCharacteristics: MediaCharacteristic.subtitlesForDeafAndHardOfHearing),
                             followedByAudio: .automatic)
    }
}

/// A source movie and the file written from it, both read back, with their bytes (the test
/// movies are small) so samples can be compared wherever the tables put them.
struct EditedPair {
    let source: Movie
    let output: Movie
    let sourceBytes: [UInt8]
    let outputBytes: [UInt8]

    init(source: String, output: String) throws {
        self.source = try Movie.open(path: source)
        self.output = try Movie.open(path: output)
        sourceBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        outputBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// Writes `plan` from `source` to `output` with a full rewrite and reads both back.
    static func write(_ plan: EditPlan, from source: URL, to output: String) throws -> (EditedPair, EditReport) {
        let report = try MovieEditor(path: source.path).write(plan, to: output)
        return (try EditedPair(source: source.path, output: output), report)
    }

    /// The same track in the output.
    func outputTrack(_ id: UInt32) throws -> Track { try #require(output.track(id: id), "no track \(id) in the output") }

    /// Every sample of the source's tracks has the same bytes in the output, read through each
    /// file's own sample table.
    func expectSamplesIdentical(sourceLocation: SourceLocation = #_sourceLocation) throws {
        for track in source.tracks {
            let copied = try outputTrack(track.id)
            let before = Array(try track.sampleTable()), after = Array(try copied.sampleTable())
            #expect(before.count == after.count, "track \(track.id): sample count", sourceLocation: sourceLocation)
            var differing: [Int] = []
            for (old, new) in zip(before, after) {
                guard old.size == new.size, let oldBytes = bytes(of: old, in: sourceBytes),
                      let newBytes = bytes(of: new, in: outputBytes), oldBytes == newBytes else {
                    differing.append(old.index + 1)
                    continue
                }
            }
            #expect(differing.isEmpty, "track \(track.id): samples \(differing.prefix(10)) differ", sourceLocation: sourceLocation)
        }
    }

    /// Each copied track's chunks moved by one amount per source top-level box (a box moves as
    /// a whole), the boxes found by an independent walk of the source's bytes.
    func expectChunkOffsetsShiftedPerSourceBox(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let boxes = TopLevelWalk(sourceBytes).boxes
        for track in source.tracks {
            let old = try track.sampleTable().chunkOffsets, new = try outputTrack(track.id).sampleTable().chunkOffsets
            #expect(old.count == new.count, "track \(track.id): chunk count", sourceLocation: sourceLocation)
            var shiftByBox: [Int: Set<Int64>] = [:]
            for chunk in 0..<min(old.count, new.count) {
                let offset = old.offset(ofChunk: chunk)
                let box = try #require(boxes.firstIndex { UInt64($0.start) <= offset && offset < UInt64($0.end) },
                                       "track \(track.id) chunk \(chunk + 1) at \(offset) is in no top-level box")
                shiftByBox[box, default: []].insert(Int64(new.offset(ofChunk: chunk)) - Int64(offset))
            }
            for (box, shifts) in shiftByBox {
                #expect(shifts.count == 1, "track \(track.id): chunks in source box \(boxes[box].type) moved by \(shifts.sorted())",
                        sourceLocation: sourceLocation)
            }
        }
    }

    private func bytes(of sample: SampleTable.Sample, in file: [UInt8]) -> ArraySlice<UInt8>? {
        let start = Int(sample.offset), end = start + Int(sample.size)
        return end <= file.count ? file[start..<end] : nil
    }
}
