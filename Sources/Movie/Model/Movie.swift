import ISOBMFF

/// A QuickTime or MPEG-4 movie: its box tree and the typed view of its header and tracks.
///
/// Opening reads only structure (`ftyp`, `moov`, `moof`, never `mdat`). The box tree is kept, so
/// an edit can change boxes and write the file back with everything else unchanged.
public struct Movie: Sendable {
    /// The parsed file.
    public let file: BoxFile
    /// The `ftyp` box, if the file has one (QuickTime movies may not).
    public let fileType: FileTypeBox?
    /// The `moov` box (inflated when the file stores it compressed in `cmov`).
    public let movieBox: Box
    /// The movie header; nil when `moov` has none (the movie is still described, with a warning).
    public let header: MovieHeaderBox?
    /// What is wrong with the movie header when it is damaged (an unknown version, a size past
    /// its fields) or missing, as a warning also in ``warnings``; an edit refuses the movie
    /// (``checkEditable()``).
    public let movieHeaderDamage: BoxError?
    /// The tracks, in `moov` order.
    public let tracks: [Track]
    /// Whether `moov` was stored compressed (`cmov`).
    public let isCompressed: Bool
    /// Sample counts from `moof`s, for fragmented files.
    public let fragments: FragmentSummary?
    /// For each track ID that movie fragments name and no `trak` has, a warning at the first
    /// `tfhd` naming it, also in ``warnings``: the samples of those fragments belong to no track,
    /// so they are counted nowhere, and an edit refuses the movie
    /// (``checkEditable()``).
    public let undescribedTrackFragments: [BoxError]
    /// Problems tolerated while reading, with box path and offset: a truncated last box, damaged
    /// optional metadata, a missing movie header.
    public let warnings: [BoxError]
    /// Where reading stopped at a bound of `Limits` (`BoxFile.stoppedAtLimit`), as a warning
    /// that is also in ``warnings``: what follows was not read. Nil when the file was read whole
    /// or stopped at damage. Whatever needs the whole file (an edit, a fragmented track's
    /// samples) refuses with it.
    public let readingStop: BoxError?

    /// Opens and parses a file.
    public static func open(path: String, limits: Limits = .standard) throws(BoxError) -> Movie {
        try read(try FileByteSource(path: path), limits: limits)
    }

    /// Parses `source` and builds its typed view, its fragments added up in the same pass as
    /// the reader reaches them (``FragmentTally``).
    public static func read(_ source: any ByteSource, limits: Limits = .standard) throws(BoxError) -> Movie {
        try read(source, limits: limits, samplesUpTo: nil).movie
    }

    /// As ``read(_:limits:)``, and, given `maxSamples`, the samples of every track by track ID
    /// as ``samples(ofEach:maxSamples:)`` of all tracks gives them, its fragments' gathered as
    /// the reader reaches them, so that a rewrite of the whole movie parses them once. The
    /// samples are nil when the movie has no fragments, or when gathering gave up (a `moov`
    /// after the first fragment or compressed, a table or `trun` that does not read, a walk
    /// stopped at a bound): `samples(ofEach:maxSamples:)` reads them again, and throws what
    /// stopped it.
    public static func read(_ source: any ByteSource, limits: Limits,
                            samplesUpTo maxSamples: Int?) throws(BoxError) -> (movie: Movie, samples: [UInt32: [SampleTable.Sample]]?) {
        var tally = FragmentTally()
        var gathered = maxSamples.map { ReadingPassSamples(source: source, maxSamples: $0, limits: limits) }
        let file = BoxTreeParser.parse(source, limits: limits) { box in
            if box.type == "moof" { tally.add(box, limits: limits) }
            gathered?.reached(box)
        }
        let movie = try Movie(file: file, tally: tally, limits: limits)
        return (movie, gathered?.samples(of: movie))
    }

    /// Builds the typed view of a parsed file; throws when it has no usable `moov` or a track's
    /// structural boxes (`tkhd`, `mdhd`, sample tables) are damaged.
    public init(file: BoxFile, limits: Limits = .standard) throws(BoxError) {
        try self.init(file: file, tally: nil, limits: limits)
    }

    /// As ``init(file:limits:)``, with the fragments of `file` already added up in `tally`
    /// (nil: they are added up here).
    init(file: BoxFile, tally given: FragmentTally?, limits: Limits) throws(BoxError) {
        self.file = file
        guard let moov = file.box("moov") else { throw Self.missingMovieError(in: file) }
        if moov.missingBytes > 0, let location = moov.location {
            throw BoxError(.truncated(needed: moov.header.totalSize, available: moov.header.totalSize - moov.missingBytes), at: location)
        }
        let source = file.source
        var warnings = file.warnings
        // What stopped the walk: the tracks below know only the samples before it.
        readingStop = file.stoppedAtLimit ? file.damage.map { damage in
            BoxError(.damaged("the file is read only up to here (\(damage.message)): what follows is not read"), at: damage.location)
        } : nil
        if let damage = file.damage { warnings.append(readingStop ?? damage) }
        fileType = try file.box("ftyp").map { (box) throws(BoxError) in try FileTypeBox(box.loaded(limits: limits)) }
        if let cmov = moov.child("cmov") {
            movieBox = try CompressedMovie.inflate(cmov, limits: limits)
            isCompressed = true
        } else {
            movieBox = moov
            isCompressed = false
        }
        if let mvhd = movieBox.child("mvhd") {
            let header = try MovieHeaderBox(mvhd.loaded(limits: limits))
            self.header = header
            movieHeaderDamage = Self.movieHeaderDamage(mvhd, header: header)
            if let movieHeaderDamage { warnings.append(movieHeaderDamage) }
        } else {
            header = nil
            // An output would have none either: players then read no sample (ffprobe reads 0).
            let missing = BoxError(.missingBox("moov has no mvhd: movie duration and timescale are unknown"),
                                   at: movieBox.location ?? BoxLocation(path: "moov", offset: 0))
            movieHeaderDamage = missing
            warnings.append(missing)
        }
        var tracks: [Track] = []
        for trak in movieBox.children("trak") {
            let track = try Track(trak, source: source, limits: limits)
            warnings += track.warnings
            tracks.append(track)
        }
        self.tracks = tracks
        let tally: FragmentTally
        if let given { tally = given } else { tally = try FragmentTally(fragments: FragmentBoxes(file.boxes), limits: limits) }
        let mvex = movieBox.child("mvex")
        fragments = tally.fragmentCount == 0 && tally.problem == nil && mvex == nil ? nil
            : try tally.summary(movieExtends: mvex, limits: limits)
        undescribedTrackFragments = tally.undescribedTracks(known: Set(tracks.map(\.id)), describer: "moov")
        warnings += undescribedTrackFragments
        self.warnings = warnings
    }

    /// Why a file without `moov` cannot be opened, in the most useful words available.
    static func missingMovieError(in file: BoxFile) -> BoxError {
        if let notBoxes = file.unrecognizedFormatError { return notBoxes }
        if let damage = file.damage { return damage }
        let types = file.boxes.map(\.type)
        if types.contains("moof") || types.contains("styp") {
            return BoxError(.segmentWithoutInitialization, at: nil)
        }
        if let truncation = file.warnings.first {
            return BoxError(.damaged("no moov box: the file ends inside this box (\(truncation.message)): it is truncated"),
                            at: truncation.location)
        }
        return BoxError(.notAMovie("no moov box: not a QuickTime or MPEG-4 movie (top-level boxes: \(types.map(\.description).joined(separator: " ")))"),
                        at: nil)
    }

    /// Whether QuickTime rules apply: no `ftyp`, or `qt  ` among its brands.
    public var isQuickTime: Bool { fileType?.isQuickTime ?? true }
    /// Whether the movie is fragmented (`mvex`, samples in `moof` boxes).
    public var isFragmented: Bool { fragments != nil }
    /// Movie duration in seconds from `mvhd` (for fragmented files, or without `mvhd`, the
    /// longest track).
    public var durationSeconds: Double? {
        let fromHeader = header?.durationSeconds ?? 0
        guard fromHeader == 0, isFragmented || header == nil else { return header?.durationSeconds }
        return tracks.compactMap { durationSeconds(of: $0) }.max()
    }

    /// The track with ID `id`.
    public func track(id: UInt32) -> Track? { tracks.first { $0.id == id } }

    /// Samples in a track: from `stsz`, or from `moof`s in a fragmented file.
    public func sampleCount(of track: Track) -> UInt64 {
        track.tableSampleCount.saturatingAdd(fragments?.tracks[track.id]?.samples ?? 0)
    }

    /// A track's media duration in seconds: `mdhd`, plus fragment durations when fragmented.
    public func durationSeconds(of track: Track) -> Double? {
        let timescale = track.mediaHeader.timescale
        guard timescale > 0 else { return nil }
        let fragmentDuration = fragments?.tracks[track.id]?.duration ?? 0
        return Double(track.mediaHeader.duration.saturatingAdd(fragmentDuration)) / Double(timescale)
    }

    /// The video the movie shows, which subtitles are placed over: the first enabled video track
    /// with a display size that is not a chapter track (chapter images are video too), else the
    /// first such track of any state.
    public var mainVideoTrack: Track? {
        let chapters = chapterTrackIDs
        let videos = tracks.filter { $0.mediaType == .video && $0.header.width > 0 && !chapters.contains($0.id) }
        return videos.first(where: \.isEnabled) ?? videos.first
    }

    /// Tracks that some enabled track lists as its chapters (`tref/chap`); players keep them out
    /// of the subtitle menu.
    public var chapterTrackIDs: Set<UInt32> {
        Set(tracks.flatMap { $0.referencedTrackIDs(TrackReference.chapterList) })
    }
}
