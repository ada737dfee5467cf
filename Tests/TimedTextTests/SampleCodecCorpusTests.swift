import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing
@testable import TimedText

/// The raw `tx3g` payloads and `wvtt` fragments of the shared corpus decode to what the projects
/// that ship them expect: androidx/media's Tx3gParserTest and DASH playback dumps, and Eyevinn
/// mp4ff's subslister test.
@Suite(.corpus)
struct SampleCodecCorpusTests {
    private func raw(_ name: String) throws -> [UInt8] {
        let entry = try #require(CorpusIndex.entries.first { $0.isRawPayload && $0.name.hasSuffix("__tx3g__" + name) }, "no \(name)")
        return [UInt8](try Data(contentsOf: entry.url))
    }

    private func file(_ suffix: String) throws -> URL {
        try #require(CorpusIndex.entries.first { $0.name.hasSuffix(suffix) }, "no \(suffix)").url
    }

    private let green = SubtitleColor(red: 0, green: 255, blue: 0)
    private let red = SubtitleColor(red: 255, green: 0, blue: 0)

    @Test func everyRawTx3gPayloadDecodesAsDescriptionOrSample() throws {
        let entries = CorpusIndex.entries.filter(\.isRawPayload)
        #expect(entries.count == 7)
        for entry in entries {
            let bytes = [UInt8](try Data(contentsOf: entry.url))
            if entry.name.contains("initialization") {
                #expect(throws: Never.self, "\(entry.name)") { try Tx3gSampleDescription(body: bytes) }
            } else {
                #expect(throws: Never.self, "\(entry.name)") { try Tx3gSampleDecoder.decode(bytes) }
            }
        }
    }

    // androidx Tx3gParserTest.parseWithStyl: "CC Test", bold+italic+underline green on 0..<6.
    // The record's size byte is 24 (0x18), against the 18 of a default description: 24/18.
    @Test func sampleWithStyl() throws {
        let sample = try Tx3gSampleDecoder.decode(try raw("sample_with_styl"))
        #expect(sample.text == CueText(runs: [run("CC Tes", bold: true, italic: true, underline: true, color: green, fontScale: 1.33), run("t")]))
    }

    // parseWithMultipleStyl: "Line 2\nLine 3", italic 0..<5, underline 7..<12, green on both.
    @Test func sampleWithMultipleStyl() throws {
        let sample = try Tx3gSampleDecoder.decode(try raw("sample_with_multiple_styl"))
        #expect(sample.text.plainText == "Line 2\nLine 3")
        #expect(sample.text == CueText(runs: [
            run("Line ", italic: true, color: green, fontScale: 1.33), run("2\n"),
            run("Line ", underline: true, color: green, fontScale: 1.33), run("3"),
        ]))
    }

    // parseWithStyl_endTooLarge: "CC 🙂" with the style clipped to the end of the text. Android
    // counts UTF-16 units and clips 6 to 5; we count scalars and clip 6 to 4: the same text.
    @Test func styleEndPastTheTextIsClipped() throws {
        let sample = try Tx3gSampleDecoder.decode(try raw("sample_with_styl_end_too_large"))
        #expect(sample.text == CueText(runs: [run("CC 🙂", bold: true, italic: true, underline: true, color: green, fontScale: 1.33)]))
    }

    // parseUtf16BeNoStyl: "你好".
    @Test func utf16BigEndian() throws {
        #expect(try Tx3gSampleDecoder.decode(try raw("sample_utf16_be_no_styl")).text == "你好")
    }

    // initializationDecodeWithStyl: the default style (bold italic underline red, Serif) applies
    // where the sample's green record does not: "CC Tes" green, "t" red, all bold+italic+underline.
    @Test func initializationDefaultsApplyOutsideRecords() throws {
        let description = try Tx3gSampleDescription(body: try raw("initialization"))
        #expect(description.displayFlags == .verticalPlacement)
        #expect(description.fonts == [.init(id: 1, name: "Serif")])
        #expect(description.defaultStyle.face == [.bold, .italic, .underline])
        #expect(description.defaultStyle.color == red)
        let sample = try Tx3gSampleDecoder.decode(try raw("sample_with_styl"), description: description)
        #expect(sample.text == CueText(runs: [
            run("CC Tes", bold: true, italic: true, underline: true, color: green),
            run("t", bold: true, italic: true, underline: true, color: red),
        ]))
    }

    // initializationDecodeWithTbox: red bold-italic-underline "CC Test" with a tbox.
    @Test func initializationWithTbox() throws {
        let description = try Tx3gSampleDescription(body: try raw("initialization"))
        let sample = try Tx3gSampleDecoder.decode(try raw("sample_with_tbox"), description: description)
        #expect(sample.text == CueText(runs: [run("CC Test", bold: true, italic: true, underline: true, color: red)]))
        #expect(sample.textBox == Tx3gTextBox(top: 90, left: 0, bottom: 60, right: 1280))
    }

    // initializationAllDefaultsDecodeWithStyl: "Sans-Serif", white default; same spans as without.
    @Test func initializationAllDefaults() throws {
        let description = try Tx3gSampleDescription(body: try raw("initialization_all_defaults"))
        #expect(description.fonts == [.init(id: 1, name: "Sans-Serif")])
        #expect(description.displayFlags == [])
        let sample = try Tx3gSampleDecoder.decode(try raw("sample_with_styl"), description: description)
        #expect(sample.text == CueText(runs: [run("CC Tes", bold: true, italic: true, underline: true, color: green), run("t")]))
        // And the description survives our encoder byte for byte (as a full sample entry).
        let entry = try description.makeBox().encoded()
        #expect(Array(entry[16...]) == (try raw("initialization_all_defaults")))
    }

    // androidx webvtt-in-mp4.dump: "This is the first subtitle." 0–234 ms, "This is the second
    // subtitle." 345–456 ms, empty cues between.
    @Test func androidDashWebVTT() throws {
        let url = try file("webvtt-in-mp4__sample.text.mp4")
        let movie = try FragmentedSamples(url: url)
        let description = try WebVTTSampleDescription(try #require(movie.sampleEntry))
        #expect(description.configuration.hasPrefix("WEBVTT"))
        let cues = try WebVTTSampleDecoder.cues(from: movie.samples, timescale: movie.timescale ?? 1000)
        #expect(summary(cues) == ["0-234 This is the first subtitle.", "345-456 This is the second subtitle."])
    }

    // webvtt-in-mp4-multiple-segments.textonly.dump: segment 1 has "Subtitle in the first
    // segment." from 20 to 834 ms, centred; segment 3 has only an empty cue.
    @Test func androidDashSegments() throws {
        let initSegment = try FragmentedSamples(url: try file("webvtt-in-mp4-multiple-segments__text_init.mp4"))
        let description = try WebVTTSampleDescription(try #require(initSegment.sampleEntry))
        #expect(description.configuration == "WEBVTT")
        #expect(description.sourceLabel == "source_label")
        let timescale = initSegment.timescale ?? 1000
        let first = try FragmentedSamples(url: try file("text1.m4s"))
        let cues = try WebVTTSampleDecoder.cues(from: first.samples, timescale: timescale)
        #expect(summary(cues) == ["20-834 Subtitle in the first segment."])
        #expect(cues.first?.settings.align == .center)
        let third = try FragmentedSamples(url: try file("text3.m4s"))
        #expect(third.samples.count == 1)
        #expect(try WebVTTSampleDecoder.cues(from: third.samples, timescale: timescale).isEmpty)
    }

    // mp4ff subslister: one sample (pts 291054710760, dur 2560) with two vttc, settings
    // "align:middle line:61%,end position:49%" and "...line:68%..." and the payloads below.
    @Test func eyevinnMultiVttc() throws {
        let segment = try FragmentedSamples(url: try file("multi_vttc.mp4"))
        #expect(segment.samples.count == 1)
        #expect(segment.samples.first?.start == 291_054_710_760)
        #expect(segment.samples.first?.duration == 2560)
        let boxes = try WebVTTSampleDecoder.decode(try #require(segment.samples.first).bytes)
        #expect(boxes.map(\.settings) == ["align:middle line:61%,end position:49%", "align:middle line:68%,end position:49%"])
        #expect(boxes.map(\.payload) == [
            "<c.white.bg_black>dans \"mulot\". Bravo, Agathe !</c>", "<c.white.bg_black>Ouais ! Belle gosse ! Voici 2 M !</c>",
        ])
        let cues = try WebVTTSampleDecoder.cues(from: segment.samples, timescale: 1000)
        #expect(cues.map(\.text.plainText) == ["dans \"mulot\". Bravo, Agathe !", "Ouais ! Belle gosse ! Voici 2 M !"])
        #expect(cues.map(\.settings.line) == [CueSettings.CueLine(.percentage(61), alignment: .end),
                                               CueSettings.CueLine(.percentage(68), alignment: .end)])
    }
}

/// The samples of the first track fragment runs in a fragmented file or segment (`moof`/`traf`:
/// `tfhd`, `tfdt`, `trun`), and the first sample entry and timescale when the file has a `moov`.
/// Test code: the Movie layer only counts fragment samples.
struct FragmentedSamples {
    var samples: [TimedTextSample] = []
    var sampleEntry: Box?
    var timescale: UInt32?

    init(url: URL) throws {
        let source = try FileByteSource(path: url.path)
        let file = BoxTreeParser.parse(source)
        if let moov = file.box("moov"), let trak = moov.child("trak") {
            sampleEntry = trak.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first
            if let mdhd = trak.descendant(["mdia", "mdhd"]) {
                var reader = try mdhd.payloadReader()
                let (version, _) = try reader.readVersionAndFlags()
                try reader.skip(version == 1 ? 16 : 8)
                timescale = try reader.readUInt32()
            }
        }
        for fragment in file.boxes where fragment.type == "moof" {
            let moof = try fragment.expanded()
            let moofOffset = try #require(moof.location).offset
            for traf in moof.children("traf") {
                var tfhd = try #require(traf.child("tfhd")).payloadReader()
                let (_, flags) = try tfhd.readVersionAndFlags()
                _ = try tfhd.readUInt32()
                let base = flags & 0x1 != 0 ? try tfhd.readUInt64() : moofOffset
                if flags & 0x2 != 0 { _ = try tfhd.readUInt32() }
                let defaultDuration = flags & 0x8 != 0 ? try tfhd.readUInt32() : 0
                let defaultSize = flags & 0x10 != 0 ? try tfhd.readUInt32() : 0
                var time: UInt64 = 0
                if let tfdt = traf.child("tfdt") {
                    var reader = try tfdt.payloadReader()
                    let (version, _) = try reader.readVersionAndFlags()
                    time = try reader.readUInt(wide: version == 1)
                }
                for trun in traf.children("trun") {
                    var reader = try trun.payloadReader()
                    let (_, runFlags) = try reader.readVersionAndFlags()
                    let count = try reader.readUInt32()
                    var offset = base
                    if runFlags & 0x1 != 0 { offset = base &+ UInt64(bitPattern: Int64(try reader.readInt32())) }
                    if runFlags & 0x4 != 0 { _ = try reader.readUInt32() }
                    for _ in 0..<count {
                        let duration = runFlags & 0x100 != 0 ? try reader.readUInt32() : defaultDuration
                        let size = runFlags & 0x200 != 0 ? try reader.readUInt32() : defaultSize
                        if runFlags & 0x400 != 0 { _ = try reader.readUInt32() }
                        if runFlags & 0x800 != 0 { _ = try reader.readUInt32() }
                        samples.append(TimedTextSample(start: Int64(time), duration: Int64(duration),
                                                       bytes: try source.read(at: offset, count: Int(size))))
                        offset += UInt64(size)
                        time += UInt64(duration)
                    }
                }
            }
        }
    }
}
