import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing

/// What `set-track` does, at library level: each change touches its boxes and nothing else.
/// Every edit is a full rewrite of demo.mov, compared with its input box by box (chunk offsets
/// aside: the rewrite puts `moov` first, so they move, and the samples are compared instead).
@Suite struct TrackChangeTests {
    static let offsetTables: Set<FourCC> = ["stco", "co64"]

    /// demo.mov's tracks: 2 English audio (enabled), 3 Spanish audio (disabled), 4 Spanish subtitle.
    static let englishAudio: UInt32 = 2, spanishAudio: UInt32 = 3, spanishSubtitle: UInt32 = 4

    /// Writes `changes` to track `trackID` of `source` into `folder`, checks that the samples
    /// and the top-level boxes other than `moov` are copied, and returns the edited pair and the
    /// paths where the two `moov`s differ.
    func change(_ trackID: UInt32, _ changes: TrackChanges, of source: URL = RemuxFixtures.media("demo.mov"),
                in folder: TemporaryFolder, as name: String,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> (pair: EditedPair, changed: [String]) {
        let plan = EditPlan(trackChanges: [TrackChangeRequest(trackID: trackID, changes: changes)])
        let (pair, report) = try EditedPair.write(plan, from: source, to: folder.path(name))
        #expect(report.addedTrackIDs.isEmpty, sourceLocation: sourceLocation)
        try pair.expectSamplesIdentical(sourceLocation: sourceLocation)
        let others = { (movie: Movie) in movie.file.boxes.filter { $0.type != "moov" } }
        #expect(try BoxTreeDiff.paths(others(pair.source), others(pair.output)).isEmpty, sourceLocation: sourceLocation)
        return (pair, try BoxTreeDiff.paths(pair.source.movieBox, pair.output.movieBox, ignoring: Self.offsetTables))
    }

    /// `track`'s media header is `source`'s but for the language.
    func expectOnlyLanguageChanged(_ track: Track, from source: Track) {
        var expected = source.mediaHeader
        expected.language = track.mediaHeader.language
        #expect(track.mediaHeader == expected)
    }

    /// `track`'s header is `source`'s after `change`.
    func expectHeader(of track: Track, is source: Track, after change: (inout TrackHeaderBox) -> Void) {
        var expected = source.header
        change(&expected)
        #expect(track.header == expected)
    }

    @Test func regionalLanguageSetsMediaHeaderAndExtendedTag() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let (pair, changed) = try change(Self.spanishSubtitle, TrackChanges(language: try LanguageTag(parsing: "pt-BR")),
                                         in: folder, as: "pt-BR.mov")
        #expect(changed == ["moov/trak[3]/mdia/mdhd", "moov/trak[3]/mdia/elng (added)"])
        let track = try pair.outputTrack(Self.spanishSubtitle)
        #expect(track.language == "por")
        #expect(track.extendedLanguage?.tag == "pt-BR")
        expectOnlyLanguageChanged(track, from: try #require(pair.source.track(id: Self.spanishSubtitle)))
    }

    /// A language that `mdhd` holds whole removes an `elng`, which players would prefer.
    @Test func plainLanguageRemovesTheExtendedTag() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let regional = try change(Self.spanishSubtitle, TrackChanges(language: try LanguageTag(parsing: "pt-BR")),
                                  in: folder, as: "pt-BR.mov")
        let (pair, changed) = try change(Self.spanishSubtitle, TrackChanges(language: try LanguageTag(parsing: "en")),
                                         of: URL(fileURLWithPath: folder.path("pt-BR.mov")), in: folder, as: "en.mov")
        #expect(changed == ["moov/trak[3]/mdia/mdhd", "moov/trak[3]/mdia/elng (removed)"])
        let track = try pair.outputTrack(Self.spanishSubtitle)
        #expect(track.language == "eng")
        #expect(track.extendedLanguage == nil)
        // Back to demo.mov's boxes, but for the language code.
        let original = try Movie.open(path: RemuxFixtures.media("demo.mov").path)
        #expect(try BoxTreeDiff.paths(original.movieBox, pair.output.movieBox, ignoring: Self.offsetTables)
                == ["moov/trak[3]/mdia/mdhd"])
        #expect(regional.pair.output.tracks.count == 4)
    }

    @Test func nameIsSetThenRemoved() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let named = try change(Self.spanishSubtitle, TrackChanges(name: "Español (España)"), in: folder, as: "named.mov")
        #expect(named.changed == ["moov/trak[3]/udta/name"])
        #expect(try named.pair.outputTrack(Self.spanishSubtitle).name == "Español (España)")
        let (pair, changed) = try change(Self.spanishSubtitle, TrackChanges(name: ""), in: folder, as: "unnamed.mov")
        let source = try #require(pair.source.track(id: Self.spanishSubtitle))
        // demo.mov's subtitle udta holds only the name, so the udta may go with it.
        let udtaHoldsOnlyTheName = source.box.child("udta")?.children.map(\.type) == ["name"]
        #expect(changed == [udtaHoldsOnlyTheName ? "moov/trak[3]/udta (removed)" : "moov/trak[3]/udta/name (removed)"])
        #expect(try pair.outputTrack(Self.spanishSubtitle).name == nil)
    }

    /// Adding a characteristic appends one `tagc`; removing it gives back the source's `moov`.
    @Test func characteristicIsAddedThenRemoved() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let tagged = try change(Self.spanishSubtitle, TrackChanges(addedCharacteristics: [MediaCharacteristic.easyToRead]),
                                in: folder, as: "tagged.mov")
        #expect(tagged.changed == ["moov/trak[3]/udta/tagc (added)"])
        #expect(try tagged.pair.outputTrack(Self.spanishSubtitle).userData.characteristics == [MediaCharacteristic.easyToRead])
        let (pair, _) = try change(Self.spanishSubtitle, TrackChanges(removedCharacteristics: [MediaCharacteristic.easyToRead]),
                                   of: URL(fileURLWithPath: folder.path("tagged.mov")), in: folder, as: "untagged.mov")
        #expect(try pair.outputTrack(Self.spanishSubtitle).userData.characteristics.isEmpty)
        let original = try Movie.open(path: RemuxFixtures.media("demo.mov").path)
        #expect(try BoxTreeDiff.paths(original.movieBox, pair.output.movieBox, ignoring: Self.offsetTables).isEmpty)
    }

    /// Adding a characteristic that is there already writes nothing twice.
    @Test func characteristicIsNotDuplicated() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let twice = TrackChanges(addedCharacteristics: [MediaCharacteristic.easyToRead, MediaCharacteristic.easyToRead])
        let (pair, changed) = try change(Self.spanishSubtitle, twice, in: folder, as: "tagged.mov")
        #expect(changed == ["moov/trak[3]/udta/tagc (added)"])
        #expect(try pair.outputTrack(Self.spanishSubtitle).userData.characteristics == [MediaCharacteristic.easyToRead])
    }

    /// A reference creates `tref` with one child; removing every reference of the type removes
    /// it again, giving back the source's `moov`.
    @Test func referenceIsAddedThenRemoved() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let follow = TrackReference(type: TrackReference.selectionFollower, trackIDs: [Self.spanishSubtitle])
        let linked = try change(Self.englishAudio, TrackChanges(addedReferences: [follow]), in: folder, as: "linked.mov")
        #expect(linked.changed == ["moov/trak[1]/tref (added)"])
        #expect(try linked.pair.outputTrack(Self.englishAudio).referencedTrackIDs(TrackReference.selectionFollower) == [4])
        let removeAll = TrackReference(type: TrackReference.selectionFollower, trackIDs: [])
        let (pair, _) = try change(Self.englishAudio, TrackChanges(removedReferences: [removeAll]),
                                   of: URL(fileURLWithPath: folder.path("linked.mov")), in: folder, as: "unlinked.mov")
        #expect(try pair.outputTrack(Self.englishAudio).references.isEmpty)
        let original = try Movie.open(path: RemuxFixtures.media("demo.mov").path)
        #expect(try BoxTreeDiff.paths(original.movieBox, pair.output.movieBox, ignoring: Self.offsetTables).isEmpty)
    }

    /// Removing one ID of a reference keeps the others.
    @Test func referenceKeepsTheIDsNotRemoved() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let both = TrackReference(type: TrackReference.chapterList, trackIDs: [3, 4])
        _ = try change(1, TrackChanges(addedReferences: [both]), in: folder, as: "both.mov")
        let one = TrackReference(type: TrackReference.chapterList, trackIDs: [3])
        let (pair, changed) = try change(1, TrackChanges(removedReferences: [one]),
                                         of: URL(fileURLWithPath: folder.path("both.mov")), in: folder, as: "one.mov")
        #expect(changed == ["moov/trak/tref/chap"])
        #expect(try pair.outputTrack(1).referencedTrackIDs(TrackReference.chapterList) == [4])
    }

    @Test func groupNumberChangesOnlyTheTrackHeader() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let (pair, changed) = try change(Self.spanishSubtitle, TrackChanges(alternateGroup: .number(5)), in: folder, as: "group.mov")
        #expect(changed == ["moov/trak[3]/tkhd"])
        expectHeader(of: try pair.outputTrack(Self.spanishSubtitle), is: try #require(pair.source.track(id: Self.spanishSubtitle))) {
            $0.alternateGroup = 5
        }
    }

    @Test(arguments: [(spanishAudio, true), (spanishSubtitle, false)])
    func enablingAndDisablingChangeOnlyTheFlag(trackID: UInt32, enabled: Bool) throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let (pair, changed) = try change(trackID, TrackChanges(isEnabled: enabled), in: folder, as: "flag.mov")
        #expect(changed == ["moov/trak[\(trackID - 1)]/tkhd"])
        expectHeader(of: try pair.outputTrack(trackID), is: try #require(pair.source.track(id: trackID))) {
            if enabled { $0.flags.insert(.enabled) } else { $0.flags.remove(.enabled) }
        }
    }

    /// The default track of a group is its one enabled track (QTFF "Preparing sound and subtitle
    /// alternate groups").
    @Test func defaultEnablesTheTrackAndDisablesTheRestOfItsGroup() throws {
        let folder = try TemporaryFolder("remux-set")
        defer { folder.remove() }
        let (pair, changed) = try change(Self.spanishAudio, TrackChanges(makesDefault: true), in: folder, as: "default.mov")
        #expect(changed == ["moov/trak[1]/tkhd", "moov/trak[2]/tkhd"])
        #expect(pair.output.tracks.map(\.isEnabled) == [true, false, true, true])
    }
}
