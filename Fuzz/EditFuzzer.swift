// libFuzzer harness over the edit engine (target `edit`): the input is a movie file; from a hash
// of it come random edit plans (subtitle tracks from a few fixed cue lists, changes to existing
// tracks, metadata changes, a privacy strip from SharingReview, a chapter list, a past-the-end
// policy, a brand), each applied in memory through MovieEditor.write(_:into:keepingFragments:), the
// engine behind every writing command's `-o` — a fragmented movie written regular or, at random,
// kept fragmented. Built by Scripts/fuzz with the library sources
// (`swiftc -sanitize=fuzzer,address`); not part of the Swift package.
//
// The engine may refuse a plan or a movie (it throws: that is how it reports one it cannot
// write). A trap or a sanitizer report is a bug, and so is the engine's own check finding that
// what it wrote is not what it planned (EditError.verificationFailed), and a broken invariant of
// an output it did write, checked here with fatalError:
//   1. The output re-reads: BoxTreeParser finds no damage and Movie reads it without error.
//   2. Sizes add up: the output's top-level boxes, walked from their size fields alone, tile it
//      exactly, and the report gives that size; it has one `moov`.
//   3. Every track of the source is in the output (under its ID, with every sample's size,
//      timing and bytes as they were, in its table or its fragments), unless the plan removed it (a strip's tracks; old
//      chapter tracks when a chapter list is written); added tracks have IDs no other has, and
//      their samples lie inside the output.

import ISOBMFF
import Language
import Metadata
import Movie
import Remux
import TimedText

private let fuzzLimits = Limits.standard
/// Plans tried on each input.
private let plansPerInput = 2
/// Samples compared per track (a 4-byte `stsz` with a fixed size can claim 4 billion).
private let maxComparedSamples = 200_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let file = BoxTreeParser.parse(MemoryByteSource(input), limits: fuzzLimits)
    guard let movie = try? Movie(file: file, limits: fuzzLimits) else { return 0 }
    let editor = MovieEditor(movie: movie, path: "fuzz.mov", limits: fuzzLimits)
    var random = SplitMix64(seed: fnv1a(input))
    for _ in 0..<plansPerInput {
        let plan = PlanMaker(movie: movie).plan(using: &random)
        let keepingFragments = movie.isFragmented && Bool.random(using: &random)
        var output = ByteWriter()
        let report: EditReport
        do {
            report = try editor.write(plan, into: &output, keepingFragments: keepingFragments)
        } catch .verificationFailed(let mismatch) {
            // The engine's own check of what it wrote (verify before commit): a planning fault.
            fatalError("the output read back is not the plan: \(mismatch)")
        } catch {
            continue
        }
        check(output.bytes, report: report, plan: plan, source: movie)
    }
    return 0
}

// MARK: - Invariants

private func check(_ bytes: [UInt8], report: EditReport, plan: EditPlan, source: Movie) {
    checkTiling(bytes, report: report)
    let file = BoxTreeParser.parse(MemoryByteSource(bytes), limits: fuzzLimits)
    if let damage = file.damage { fatalError("the output does not re-read: \(damage)") }
    let output: Movie
    do throws(BoxError) {
        output = try Movie(file: file, limits: fuzzLimits)
    } catch {
        fatalError("the output is not a movie: \(error)")
    }
    var removable = plan.removal?.trackIDs ?? []
    if plan.chapters != nil { removable.formUnion(source.chapterTrackIDs) }
    let added = Set(report.addedTrackIDs)
    for id in report.addedTrackIDs {
        let tracks = output.tracks.filter { $0.id == id }
        guard tracks.count == 1, let track = tracks.first else { fatalError("added track \(id) is in the output \(tracks.count) times") }
        checkSamplesRead(track, in: output)
    }
    for track in source.tracks {
        guard let copy = output.tracks.first(where: { $0.id == track.id }), !added.contains(track.id) else {
            if !removable.contains(track.id) { fatalError("track \(track.id) is missing from the output") }
            continue
        }
        compareSamples(of: track, in: source, with: copy, in: output)
    }
}

/// The top-level boxes by ISO/IEC 14496-12 §4.2 size fields alone: contiguous from 0 to the end.
private func checkTiling(_ bytes: [UInt8], report: EditReport) {
    guard report.fileSize == UInt64(bytes.count) else {
        fatalError("the report says \(report.fileSize) bytes, the output has \(bytes.count)")
    }
    var offset = 0
    var movies = 0
    while offset < bytes.count {
        guard bytes.count - offset >= 8 else { fatalError("\(bytes.count - offset) bytes at \(offset) do not form a box") }
        var size = UInt64(be32(bytes, offset))
        let type = be32(bytes, offset + 4)
        var header: UInt64 = 8
        if size == 1 {
            guard bytes.count - offset >= 16 else { fatalError("a 64-bit size cut short at \(offset)") }
            size = UInt64(be32(bytes, offset + 8)) << 32 | UInt64(be32(bytes, offset + 12))
            header = 16
        } else if size == 0 {
            fatalError("a box of size 0 at \(offset): every written box says its size")
        }
        guard size >= header, size <= UInt64(bytes.count - offset) else {
            fatalError("box at \(offset) has size \(size) with \(bytes.count - offset) bytes left")
        }
        if type == 0x6D6F_6F76 { movies += 1 }   // 'moov'
        offset += Int(size)
    }
    if movies != 1 { fatalError("the output has \(movies) moov boxes") }
}

private func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
}

/// An added track's samples: its table and fragments read and every sample lies inside the output.
private func checkSamplesRead(_ track: Track, in movie: Movie) {
    do throws(BoxError) {
        for sample in try movie.samples(of: track, maxSamples: maxComparedSamples) {
            _ = try track.source.read(at: sample.offset, count: Int(sample.size))
        }
    } catch {
        fatalError("added track \(track.id): its samples do not read: \(error)")
    }
}

/// A copied track's samples: the same number, each with the same size, timing and bytes — of
/// its table, or, from a fragmented movie (written regular or kept fragmented), of its table and
/// fragments.
private func compareSamples(of track: Track, in source: Movie, with copy: Track, in output: Movie) {
    // A table the engine could not read either: it then copies the track's boxes as they are.
    guard let table = try? track.sampleTable() else { return }
    if source.isFragmented {
        // More samples than are compared: not read at all (the fragment reader reads them whole).
        guard let samples = try? source.samples(of: track, maxSamples: maxComparedSamples) else { return }
        // Written regular, the tables start at decode time 0, the first fragment's `tfdt` moving
        // to the edit list, and a sample before a gap between fragments lasts to the next
        // fragment (DefragmentedMovie): decode times are compared from the first, durations
        // not. Kept fragmented, both are as they were.
        let start = output.isFragmented ? 0 : samples.first?.decodeTime ?? 0
        let expected = samples.map { sample in
            var moved = sample
            moved.decodeTime = sample.decodeTime &- start
            return moved
        }
        do throws(BoxError) {
            let copied = try output.samples(of: copy, maxSamples: maxComparedSamples)
            compare(track, expected, count: samples.count, with: copy, copied, copiedCount: copied.count,
                    comparesDurations: output.isFragmented)
        } catch {
            fatalError("track \(track.id): the copy's samples do not read: \(error)")
        }
        return
    }
    let copiedTable: SampleTable
    do throws(BoxError) {
        copiedTable = try copy.sampleTable()
    } catch {
        fatalError("track \(track.id): the copy's sample table does not read: \(error)")
    }
    compare(track, table, count: table.count, with: copy, copiedTable, copiedCount: copiedTable.count)
}

/// Two tracks' samples, `count` and `copiedCount` of them, compared one by one (the first
/// `maxComparedSamples`), their durations too when `comparesDurations`.
private func compare(_ track: Track, _ table: some Sequence<SampleTable.Sample>, count: Int, with copy: Track,
                     _ copiedTable: some Sequence<SampleTable.Sample>, copiedCount: Int, comparesDurations: Bool = true) {
    guard count == copiedCount else {
        fatalError("track \(track.id): \(count) samples in the source, \(copiedCount) in the copy")
    }
    for (index, (sample, copied)) in zip(table, copiedTable).enumerated() {
        if index == maxComparedSamples { break }
        guard sample.size == copied.size, sample.decodeTime == copied.decodeTime, !comparesDurations || sample.duration == copied.duration,
              sample.compositionOffset == copied.compositionOffset, sample.isSync == copied.isSync,
              sample.descriptionIndex == copied.descriptionIndex else {
            fatalError("track \(track.id) sample \(index + 1): \(sample) in the source, \(copied) in the copy")
        }
        guard sample.size > 0 else { continue }
        let original: [UInt8], again: [UInt8]
        do throws(BoxError) {
            original = try track.source.read(at: sample.offset, count: Int(sample.size))
            again = try copy.source.read(at: copied.offset, count: Int(copied.size))
        } catch {
            fatalError("track \(track.id) sample \(index + 1) was copied, but its bytes do not read: \(error)")
        }
        if again != original { fatalError("track \(track.id) sample \(index + 1): the bytes differ") }
    }
}

private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}

/// A small deterministic generator (SplitMix64), so an input always gives the same plans.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

// MARK: - Plans

/// Random edit plans for one movie, from fixed building blocks, naming its tracks (and a few
/// IDs it may not have).
private struct PlanMaker {
    let movie: Movie

    /// Cue lists: two plain cues; overlapping, styled cues; a cue far past any test movie's
    /// end (an empty list, always refused, is made rarely).
    static let cueLists: [[Cue]] = [
        "1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,500 --> 00:00:02,000\n[door slams]\n",
        "1\n00:00:00,000 --> 00:00:03,000\n<i>One</i>\n\n2\n00:00:00,500 --> 00:00:01,000\n<b>Two</b>\n\n3\n00:00:00,700 --> 00:00:02,000\n{\\an8}Three\n",
        "1\n00:00:00,000 --> 00:00:00,040\nShort\n\n2\n10:00:00,000 --> 10:00:01,000\nPast the end\n",
    ].map { (try? SubRipParser.parse(string: $0).cues) ?? [] }

    static let languages = ["en", "fr-CA", "zh-Hant", "und", "es-419", "x-private"]
    static let names = ["", "V2", "Main", String(repeating: "long name ", count: 40), "Énglish ✓"]
    static let characteristics = [
        "public.accessibility.transcribes-spoken-dialog", "public.accessibility.describes-music-and-sound",
        "public.main-program-content", "public.auxiliary-content", "public.subtitles.forced-only", "x",
    ]
    static let referenceTypes: [FourCC] = ["folw", "forc", "chap", "cdsc", "hint", "sync"]
    static let metadataKeys = [
        "title", "artist", "comment", "udta/©nam", "udta/©xyz", "itsk/©nam", "mdta/com.apple.quicktime.title",
        "mdta/com.apple.quicktime.location.ISO6709", "mdta/org.legible.fuzz",
    ]
    static let chapterLists: [[Chapter]] = [
        [Chapter(start: .zero, title: "Opening")],
        [Chapter(start: .zero, title: "One"), Chapter(start: .milliseconds(1_500), title: "Two"),
         Chapter(start: .seconds(3_600), title: "Past the end")],
    ]

    /// A plan of a few parts, most often one or two (each part can make the engine refuse the
    /// plan, and a refused plan checks nothing).
    func plan(using random: inout SplitMix64) -> EditPlan {
        var plan = EditPlan()
        for _ in 0..<count(using: &random) { plan.subtitleTracks.append(subtitleTrack(using: &random)) }
        for _ in 0..<count(using: &random) {
            plan.trackChanges.append(TrackChangeRequest(trackID: trackID(using: &random), changes: changes(using: &random)))
        }
        for _ in 0..<count(using: &random) { plan.metadataChanges.append(metadataChange(using: &random)) }
        if Int.random(in: 0..<4, using: &random) == 0, let review = try? SharingReview(movie: movie, limits: fuzzLimits) {
            plan.removal = MetadataRemoval(review)
        }
        if Int.random(in: 0..<4, using: &random) == 0, let chapters = Self.chapterLists.randomElement(using: &random) {
            plan.chapters = ChapterTrackRequest(chapters: chapters, language: language(using: &random),
                                                name: Self.names.randomElement(using: &random),
                                                addsLanguage: Bool.random(using: &random), writesNeroList: Bool.random(using: &random))
        }
        plan.pastEnd = PastEndPolicy.allCases.randomElement(using: &random) ?? .clip
        plan.brand = [nil, .mov, .mp4, .m4v].randomElement(using: &random) ?? nil
        plan.refusesLosses = Int.random(in: 0..<8, using: &random) == 0
        return plan
    }

    /// 0 (half the time), 1, 2 or 3.
    func count(using random: inout SplitMix64) -> Int {
        [0, 0, 0, 0, 1, 1, 2, 3].randomElement(using: &random) ?? 0
    }

    /// A track of the movie, mostly; sometimes an ID it may not have.
    func trackID(using random: inout SplitMix64) -> UInt32 {
        let ids = movie.tracks.map(\.id)
        if ids.isEmpty || Int.random(in: 0..<16, using: &random) == 0 {
            return [0, 1, 2, 0xFFFF_FFFF, (ids.max() ?? 0) &+ 1].randomElement(using: &random) ?? 1
        }
        return ids.randomElement(using: &random) ?? 1
    }

    func language(using random: inout SplitMix64) -> LanguageTag? {
        Self.languages.randomElement(using: &random).flatMap { try? LanguageTag(parsing: $0) }
    }

    func subtitleTrack(using random: inout SplitMix64) -> SubtitleTrackRequest {
        let format: SubtitleTrackRequest.Format = Bool.random(using: &random)
            ? .tx3g : .webVTT(header: WebVTTHeader(styleSheets: Bool.random(using: &random) ? ["::cue { color: yellow }"] : []),
                              sourceLabel: Bool.random(using: &random) ? "English" : nil)
        let properties = changes(using: &random)
        // The sound tracks and subtitle tracks the references may name, and sometimes any track.
        let sound = movie.tracks.filter { $0.handler?.handlerType == "soun" }.map(\.id)
        let subtitles = movie.tracks.filter { ["sbtl", "text", "subt"].contains($0.handler?.handlerType) }.map(\.id)
        let audio: AudioTrackChoice? = switch Int.random(in: 0..<4, using: &random) {
        case 0 where properties.language != nil: .automatic
        case 1: .track(sound.randomElement(using: &random) ?? trackID(using: &random))
        case 2 where Int.random(in: 0..<8, using: &random) == 0: .track(trackID(using: &random))
        default: nil
        }
        var twin: FullTrackChoice?
        switch Int.random(in: 0..<8, using: &random) {
        case 0: twin = .track(trackID(using: &random))
        case 1: twin = .addedBy(requestIndex: Int.random(in: 0..<3, using: &random))
        case 2, 3: twin = subtitles.randomElement(using: &random).map(FullTrackChoice.track)
        default: twin = nil
        }
        let cues = Int.random(in: 0..<16, using: &random) == 0 ? [] : Self.cueLists.randomElement(using: &random) ?? []
        return SubtitleTrackRequest(cues: cues, format: format, properties: properties,
                                    isForcedOnly: Int.random(in: 0..<4, using: &random) == 0, forcedTwinOf: twin, followedByAudio: audio)
    }

    /// Some of: language, name, group, enabled, default, characteristics added and removed,
    /// references added and removed.
    func changes(using random: inout SplitMix64) -> TrackChanges {
        var changes = TrackChanges()
        func maybe(_ random: inout SplitMix64) -> Bool { Int.random(in: 0..<3, using: &random) == 0 }
        if maybe(&random) { changes.language = language(using: &random) }
        if maybe(&random) { changes.name = Self.names.randomElement(using: &random) }
        if maybe(&random) {
            changes.alternateGroup = Bool.random(using: &random)
                ? .automatic : .number([0, 1, 2, 7, Int16.max, -1].randomElement(using: &random) ?? 0)
        }
        if maybe(&random) { changes.isEnabled = Bool.random(using: &random) }
        changes.makesDefault = maybe(&random)
        if maybe(&random) { changes.addedCharacteristics = [Self.characteristics.randomElement(using: &random) ?? "x"] }
        if maybe(&random) { changes.removedCharacteristics = [Self.characteristics.randomElement(using: &random) ?? "x"] }
        if maybe(&random) { changes.addedReferences = [reference(using: &random)] }
        if maybe(&random) {
            var removed = reference(using: &random)
            if Bool.random(using: &random) { removed.trackIDs = [] }
            changes.removedReferences = [removed]
        }
        return changes
    }

    func reference(using random: inout SplitMix64) -> TrackReference {
        TrackReference(type: Self.referenceTypes.randomElement(using: &random) ?? "folw",
                       trackIDs: (0..<Int.random(in: 1...2, using: &random)).map { _ in trackID(using: &random) })
    }

    func metadataChange(using random: inout SplitMix64) -> MetadataChange {
        let scope: MetadataScope = Int.random(in: 0..<4, using: &random) == 0 ? .track(trackID(using: &random)) : .movie
        let action: MetadataChange.Action = Bool.random(using: &random)
            ? .set(.text(Self.names.randomElement(using: &random) ?? "Fuzz")) : .remove
        return MetadataChange(key: Self.metadataKeys.randomElement(using: &random) ?? "title",
                              language: [nil, nil, nil, nil, nil, "en", "fr", "zh-Hant"].randomElement(using: &random) ?? nil,
                              scope: scope, action: action)
    }
}
