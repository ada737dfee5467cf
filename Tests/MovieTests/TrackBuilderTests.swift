import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Testing

/// `TrackBuilder` writes a `trak` in the box order of ISO/IEC 14496-12 §8 (Table 1), the
/// language as QTFF "Extended language tag atom" asks, and, given a file's own boxes, the track
/// as the file has it.
@Suite struct TrackBuilderTests {
    static func track(_ tag: String? = nil) throws -> TrackBuilder {
        var track = TrackBuilder(trackID: 7, flags: [.inMovie], handler: TrackBuilder.handler("sbtl", name: "Subtitles", isQuickTime: true),
                                 mediaInformationHeader: TrackBuilder.nullMediaHeader, sampleEntry: Box(type: "tx3g", payload: [0, 0, 0, 0, 0, 0, 0, 1]),
                                 timescale: 1000)
        track.setLanguage(try tag.map { try LanguageTag(parsing: $0) })
        return track
    }

    static func types(_ box: Box?) -> [FourCC] { box?.children.map(\.type) ?? [] }

    /// A track copied with its own header, media header, edit list and references is the
    /// file's `trak` byte for byte: nothing is re-encoded that the copy does not change.
    @Test(arguments: ["demo.mp4", "demo.mov", "subtitles-multi.mp4", "chapters.mov", "chapters.mp4", "audio-languages.mov"])
    func aCopiedTrackIsTheFilesTrack(file: String) throws {
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent(file).path)
        let order: [FourCC] = ["tkhd", "edts", "tref", "mdia", "udta"]
        var compared = 0
        for track in movie.tracks {
            let source = track.box
            let types = Self.types(source)
            // Tracks with boxes in another order or other boxes are not the builder's to copy whole.
            guard types == order.filter(types.contains), source.child("edts")?.children.map(\.type) ?? ["elst"] == ["elst"] else { continue }
            var copy = try TrackBuilder(copying: source, header: track.header, mediaHeader: track.mediaHeader)
            copy.editList = track.editList
            copy.references = track.references
            #expect(try copy.trak().encoded() == source.encoded(), "\(file) track \(track.id)")
            compared += 1
        }
        #expect(compared > 0)
    }

    @Test func aNewTrackHasTheBoxesOfTheSpecInItsOrder() throws {
        var track = try Self.track("zh-Hant")
        track.editList = EditListBox(entries: [])
        track.references = [TrackReference(type: "folw", trackIDs: [2])]
        track.name = "Chinese"
        let trak = try track.trak()
        #expect(Self.types(trak) == ["tkhd", "edts", "tref", "mdia", "udta"])
        #expect(Self.types(trak.child("mdia")) == ["mdhd", "elng", "hdlr", "minf"])
        #expect(Self.types(trak.descendant(["mdia", "minf"])) == ["nmhd", "dinf", "stbl"])
        #expect(Self.types(trak.descendant(["mdia", "minf", "stbl"])) == ["stsd", "stts", "stsc", "stsz", "stco"])
        // dref with one `url ` entry whose flag 1 says the data is in this file (§8.7.2).
        let dref = try #require(trak.descendant(["mdia", "minf", "dinf", "dref"]))
        #expect(try dref.encoded() == [0, 0, 0, 28, 0x64, 0x72, 0x65, 0x66, 0, 0, 0, 0, 0, 0, 0, 1,
                                       0, 0, 0, 12, 0x75, 0x72, 0x6C, 0x20, 0, 0, 0, 1])
    }

    /// ISO 639-2/T in `mdhd`; `elng` only when the tag says more than that code.
    @Test(arguments: [("en", "eng", nil), ("zh-Hant", "zho", "zh-Hant"), ("pt-BR", "por", "pt-BR"), (nil, "und", nil)] as [(String?, String, String?)])
    func theLanguageGoesToMdhdAndElng(tag: String?, code: String, extended: String?) throws {
        let mdia = try #require(try Self.track(tag).trak().child("mdia"))
        #expect(try MediaHeaderBox(#require(mdia.child("mdhd"))).language.iso639Code == code)
        #expect(try mdia.child("elng").map { (box: Box) throws -> String in try ExtendedLanguageBox(box).tag } == extended)
    }

    /// A type's references are one `tref` child, each track ID once, types in their first order.
    @Test func referencesOfOneTypeAreMerged() throws {
        var track = try Self.track()
        track.references = [TrackReference(type: "folw", trackIDs: [2]), TrackReference(type: "chap", trackIDs: [3]),
                            TrackReference(type: "folw", trackIDs: [2, 4])]
        let tref = try #require(try track.trak().child("tref"))
        let decoded = try tref.children.map { (box: Box) throws -> TrackReferenceTypeBox in try TrackReferenceTypeBox(reference: box) }
        #expect(decoded.map(\.referenceType) == ["folw", "chap"])
        #expect(decoded.map(\.trackIDs) == [[2, 4], [3]])
    }

    /// `udta/name` then a `tagc` per characteristic, once each; an empty name and no
    /// characteristic leave no `udta`.
    @Test func nameAndCharacteristicsAreUserData() throws {
        var track = try Self.track()
        track.name = ""
        #expect(try track.trak().child("udta")?.type == nil)
        track.name = "English SDH"
        track.characteristics = ["public.accessibility.transcribes-spoken-dialog", "public.easy-to-read",
                                 "public.accessibility.transcribes-spoken-dialog"]
        let udta = try #require(try track.trak().child("udta"))
        #expect(Self.types(udta) == ["name", "tagc", "tagc"])
        #expect(try TrackNameBox(udta.children[0].loaded()).name == "English SDH")
        #expect(udta.children[1].data.map { Array($0) } == Array("public.accessibility.transcribes-spoken-dialog".utf8))
        #expect(udta.children[2].data.map { Array($0) } == Array("public.easy-to-read".utf8))
    }

    /// A copied track's `udta` keeps its items; a new name replaces its `name`.
    @Test func aCopiedUserDataKeepsItsItems() throws {
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent("subtitles-multi.mp4").path)
        let source = try #require(movie.track(id: 4))
        let sourceItems = Self.types(source.box.child("udta"))
        #expect(sourceItems.contains("name"))
        var copy = try TrackBuilder(copying: source.box, header: source.header, mediaHeader: source.mediaHeader)
        copy.name = "Renamed"
        copy.characteristics = ["public.easy-to-read"]
        let udta = try #require(try copy.trak().child("udta"))
        #expect(Self.types(udta) == sourceItems.filter { $0 != "name" } + ["name", "tagc"])
        #expect(try TrackNameBox(#require(udta.children.last { $0.type == "name" })).name == "Renamed")
    }

    /// `trex` (§8.8.3.2): version 0, track ID, description 1, no default duration, size or flags;
    /// `tfhd` (§8.8.7.2): default-base-is-moof (0x020000) and nothing else, then `tfdt`, `trun`.
    @Test func fragmentFormsAreTheSpecs() throws {
        #expect(try TrackBuilder.trackExtends(trackID: 9).encoded()
            == [0, 0, 0, 32, 0x74, 0x72, 0x65, 0x78, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 12))
        let traf = TrackBuilder.trackFragment(trackID: 9, decodeTime: 5, run: TrackRunBox(entries: [], dataOffset: 0))
        #expect(Self.types(traf) == ["tfhd", "tfdt", "trun"])
        #expect(try traf.children[0].encoded() == [0, 0, 0, 16, 0x74, 0x66, 0x68, 0x64, 0, 0x02, 0, 0, 0, 0, 0, 9])
        #expect(try TrackFragmentBaseMediaDecodeTimeBox(traf.children[1]).baseMediaDecodeTime == 5)
        #expect(Self.types(Box(type: "stbl", children: TrackBuilder.emptySampleTables)) == ["stts", "stsc", "stsz", "stco"])
    }
}
