import ElementaryStreams
import ISOBMFF
import Movie

/// Verify before commit: a file an edit wrote (or is about to make visible, in place) is read
/// back with Legible's own reader, headers only — `moov`, `moof`s, sample tables and `trun`s,
/// never a byte of `mdat` — and checked against the plan before it lands:
/// - it reads as a movie within the reader's ``Limits`` (no damage the source did not have, no
///   stop at a bound), with a whole movie header (`mvhd`) when the source has one;
/// - it has the tracks the plan keeps and adds, and no other;
/// - every kept track has the source's samples, as many and each of the same size, so the same
///   bytes in all;
/// - every imported track has the samples of its source (a track of another movie, a raw
///   stream), as many and each of the same size, each inside an `mdat`;
/// - every added track has the samples planned, as many and the bytes they add up to, none
///   larger than a text track's reader takes (``SampleDataReader/textTrack``);
/// - every sample lies inside an `mdat` box (ISO/IEC 14496-12 §8.1.1), as the source's did
///   (a crafted source may keep samples elsewhere; the copy keeps them where they were).
///
/// `source` is the movie the layout was made from: for a fragmented movie written regular, the
/// regular movie made from it (``DefragmentedMovie``), whose tables hold every sample.
struct WrittenMovieCheck {
    let source: Movie
    let removedTrackIDs: Set<UInt32>
    let addedTracks: [NewTrackMedia]
    let importedTracks: [ImportedTrackMedia]
    let limits: Limits

    init(edited: EditedMovie, source: Movie, limits: Limits) {
        self.source = source
        removedTrackIDs = edited.removal.trackIDs
        addedTracks = edited.newMedia
        importedTracks = edited.importedMedia
        self.limits = limits
    }

    /// Reads `written` back and compares it with the plan; a difference is
    /// ``EditError/verificationFailed(_:)``.
    func verify(_ written: any ByteSource) throws(EditError) {
        let file = BoxTreeParser.parse(written, limits: limits)
        // Damage the source has (a cut-short box kept for its samples) is copied as it is.
        if let damage = file.damage, file.stoppedAtLimit || source.file.damage == nil {
            throw .verificationFailed(.unreadable(damage))
        }
        let output: Movie
        do throws(BoxError) {
            output = try Movie(file: file, limits: limits)
        } catch {
            throw .verificationFailed(.unreadable(error))
        }
        if source.movieBox.child("mvhd") != nil, output.header == nil || output.movieHeaderDamage != nil {
            throw .verificationFailed(.noMovieHeader)
        }

        let keptIDs = source.tracks.map(\.id).filter { !removedTrackIDs.contains($0) }
        let outputIDs = Set(output.tracks.map(\.id))
        let plannedIDs = keptIDs + addedTracks.map(\.trackID) + importedTracks.map(\.trackID)
        if let missing = plannedIDs.first(where: { !outputIDs.contains($0) }) {
            throw .verificationFailed(.missingTrack(trackID: missing))
        }
        let planned = Set(plannedIDs)
        if let extra = output.tracks.first(where: { !planned.contains($0.id) }) {
            throw .verificationFailed(.unexpectedTrack(trackID: extra.id))
        }

        let sourceSamples = try boxing(Self.fragmentSamples(of: source))
        let outputSamples: [UInt32: [SamplePlace]]
        do throws(BoxError) {
            outputSamples = try Self.fragmentSamples(of: output)
        } catch {
            throw .verificationFailed(.unreadable(error))
        }
        let sourceMedia = MediaBoxes(source.file), outputMedia = MediaBoxes(file)
        for id in keptIDs {
            guard let before = source.track(id: id), let after = output.track(id: id) else { continue }
            try compare(id, Self.samples(of: before, fragments: sourceSamples, written: false),
                        Self.samples(of: after, fragments: outputSamples, written: true),
                        sourceMedia: sourceMedia, outputMedia: outputMedia)
        }
        for media in importedTracks {
            guard let after = output.track(id: media.trackID) else { continue }
            let written = try Self.samples(of: after, fragments: outputSamples, written: true)
            switch media.expected {
            case let .track(track, movie):
                // The source was read before; its table not reading now is its fault, not the output's.
                try compare(media.trackID, Self.samples(of: track, fragments: [:], written: false), written,
                            sourceMedia: MediaBoxes(movie.file), outputMedia: outputMedia)
            case let .stream(samples):
                try compare(media.trackID, samples, written, outputMedia: outputMedia)
            }
        }
        for media in addedTracks {
            guard let track = output.track(id: media.trackID) else { continue }
            try check(media, Self.samples(of: track, fragments: outputSamples, written: true), outputMedia: outputMedia)
        }
    }

    /// A kept track's samples: as many, each of the same size and, where the source's was inside
    /// an `mdat`, inside one of the output's.
    private func compare(_ trackID: UInt32, _ expected: TrackSamples, _ found: TrackSamples,
                         sourceMedia: MediaBoxes, outputMedia: MediaBoxes) throws(EditError) {
        var expectedSamples = expected.makeIterator(), foundSamples = found.makeIterator()
        var expectedCount: UInt64 = 0, foundCount: UInt64 = 0
        var sourceHint: Range<UInt64> = 0..<0, outputHint: Range<UInt64> = 0..<0
        while true {
            let before = expectedSamples.next(), after = foundSamples.next()
            if before == nil, after == nil { break }
            if before != nil { expectedCount += 1 }
            guard let after else { continue }
            foundCount += 1
            let number = Int(clamping: foundCount)
            if let before, before.size != after.size {
                throw .verificationFailed(.sampleSize(trackID: trackID, sample: number, expected: before.size, found: after.size))
            }
            let mustBeMedia = before.map { sourceMedia.contains($0.offset, size: $0.size, hint: &sourceHint) } ?? true
            if mustBeMedia, !outputMedia.contains(after.offset, size: after.size, hint: &outputHint) {
                throw .verificationFailed(.sampleOutsideMedia(trackID: trackID, sample: number, offset: after.offset, size: after.size))
            }
        }
        guard expectedCount == foundCount else {
            throw .verificationFailed(.sampleCount(trackID: trackID, expected: expectedCount, found: foundCount))
        }
    }

    /// A raw stream's samples: as many, each of the same size and inside an `mdat`.
    private func compare(_ trackID: UInt32, _ expected: ElementaryStreamSamples, _ found: TrackSamples,
                         outputMedia: MediaBoxes) throws(EditError) {
        var count = 0, hint: Range<UInt64> = 0..<0
        for sample in found {
            count += 1
            if count <= expected.count, expected.size(of: count - 1) != sample.size {
                throw .verificationFailed(.sampleSize(trackID: trackID, sample: count, expected: expected.size(of: count - 1), found: sample.size))
            }
            if !outputMedia.contains(sample.offset, size: sample.size, hint: &hint) {
                throw .verificationFailed(.sampleOutsideMedia(trackID: trackID, sample: count, offset: sample.offset, size: sample.size))
            }
        }
        guard count == expected.count else {
            throw .verificationFailed(.sampleCount(trackID: trackID, expected: UInt64(expected.count), found: UInt64(count)))
        }
    }

    /// An added track's samples: as many as planned, the bytes planned, each inside an `mdat`
    /// and no larger than a text track's reader takes.
    private func check(_ media: NewTrackMedia, _ samples: TrackSamples, outputMedia: MediaBoxes) throws(EditError) {
        let limit = SampleDataReader.textTrack.maxSampleBytes
        var count: UInt64 = 0, total: UInt64 = 0, hint: Range<UInt64> = 0..<0
        for sample in samples {
            count += 1
            total = total.saturatingAdd(UInt64(sample.size))
            let number = Int(clamping: count)
            if sample.size > limit {
                throw .verificationFailed(.sampleTooLarge(trackID: media.trackID, sample: number, size: sample.size, limit: limit))
            }
            if !outputMedia.contains(sample.offset, size: sample.size, hint: &hint) {
                throw .verificationFailed(.sampleOutsideMedia(trackID: media.trackID, sample: number, offset: sample.offset, size: sample.size))
            }
        }
        guard count == UInt64(media.sampleCount) else {
            throw .verificationFailed(.sampleCount(trackID: media.trackID, expected: UInt64(media.sampleCount), found: count))
        }
        guard total == UInt64(media.bytes.count) else {
            throw .verificationFailed(.totalBytes(trackID: media.trackID, expected: UInt64(media.bytes.count), found: total))
        }
    }

    /// Where a sample is and how big: all the check compares, in 16 bytes.
    private struct SamplePlace {
        var offset: UInt64
        var size: UInt32

        init(_ sample: SampleTable.Sample) {
            offset = sample.offset
            size = sample.size
        }
    }

    /// The samples of the tracks that have movie fragments (their tables' first), read once
    /// for all of them; none when the movie is not fragmented.
    private static func fragmentSamples(of movie: Movie) throws(BoxError) -> [UInt32: [SamplePlace]] {
        guard let fragments = movie.fragments else { return [:] }
        let tracks = movie.tracks.filter { fragments.tracks[$0.id] != nil }
        return try movie.samples(ofEach: tracks, maxSamples: DefragmentedMovie.maximumSamples, making: SamplePlace.init)
    }

    /// A track's samples: those read from its fragments, or its sample table's, walked as they
    /// are compared rather than held (a long movie has millions). A table that does not read is
    /// the fault of the `written` file, or else of the source.
    private static func samples(of track: Track, fragments: [UInt32: [SamplePlace]],
                                written: Bool) throws(EditError) -> TrackSamples {
        if let listed = fragments[track.id] { return .listed(listed) }
        do throws(BoxError) {
            return .table(try track.sampleTable())
        } catch {
            throw written ? .verificationFailed(.unreadable(error)) : .box(error)
        }
    }

    /// The samples of a track, from its table or listed: one concrete sequence, so walking
    /// them costs no dynamic dispatch per sample.
    private enum TrackSamples: Sequence {
        case table(SampleTable)
        case listed([SamplePlace])

        /// One of the two walks; the other is nil.
        struct Iterator: IteratorProtocol {
            var table: SampleTable.Iterator?
            var listed: IndexingIterator<[SamplePlace]>?

            mutating func next() -> SamplePlace? { table?.next().map(SamplePlace.init) ?? listed?.next() }
        }

        func makeIterator() -> Iterator {
            switch self {
            case let .table(table): Iterator(table: table.makeIterator())
            case let .listed(samples): Iterator(listed: samples.makeIterator())
            }
        }
    }

    /// The payloads of a file's top-level `mdat` boxes, as far as the file holds them, found
    /// among its boxes (in file order) as samples ask: nothing is listed.
    private struct MediaBoxes {
        let file: BoxFile

        init(_ file: BoxFile) { self.file = file }

        /// Whether `size` bytes at `offset` lie inside one payload; an empty sample lies anywhere.
        /// `hint` is the payload the previous sample was in: samples mostly follow one another,
        /// so the search (logarithmic in a fragmented file's thousands of boxes) is rare.
        func contains(_ offset: UInt64, size: UInt32, hint: inout Range<UInt64>) -> Bool {
            guard size > 0 else { return true }
            let (end, overflow) = offset.addingReportingOverflow(UInt64(size))
            guard !overflow else { return false }
            if hint.lowerBound <= offset, end <= hint.upperBound { return true }
            guard let position = file.boxes.position(containing: offset), file.boxes.type(at: position) == "mdat",
                  let payload = file.boxes.extent(at: position, fileSize: file.source.size)?.payload else { return false }
            hint = payload
            return hint.lowerBound <= offset && end <= hint.upperBound
        }
    }
}
