import Language

/// The tracks the subtitle files beside a movie make, read from their names (``SidecarName``)
/// and arranged for one write: which files are skipped and why, which forced-only track is the
/// twin of which full track, and which track the movie's sound track in that language follows.
///
/// ```swift
/// let set = try SidecarSet(fileNames: ["Movie.en.srt", "Movie.en.forced.srt", "Movie.notes.txt"],
///                          movieName: "Movie", soundLanguages: [try LanguageTag(parsing: "en")])
/// // set.tracks: Movie.en.srt, then Movie.en.forced.srt (twin of track 0, followed by the audio)
/// // set.skipped: Movie.notes.txt ('.txt' is not a subtitle format)
/// ```
public struct SidecarSet: Sendable {
    /// One file that makes a track.
    public struct Track: Sendable, Hashable {
        /// The file's name, as given.
        public var fileName: String
        /// What the name says.
        public var name: SidecarName
        /// For a forced-only track, the index in ``SidecarSet/tracks`` of its full track, which
        /// comes before it; nil when the track is not forced-only or has no full track.
        public var forcedTwinOf: Int?
        /// Whether the movie's sound track in the track's language is to follow it (`folw`).
        public var followsAudio: Bool
    }

    /// One file named after the movie that makes no track.
    public struct Skipped: Sendable, Hashable {
        /// The file's name.
        public var fileName: String
        /// Why it makes no track.
        public var reason: SidecarNameError
    }

    /// The tracks, full subtitle tracks first (each before its forced-only twin, as
    /// ``FullTrackChoice/addedBy(requestIndex:)`` needs), then forced-only ones, then caption
    /// tracks; by file name within each. A subtitle track's index is its request's index.
    public var tracks: [Track]
    /// The files named after the movie that make no track, by file name.
    public var skipped: [Skipped]
    /// What the set does not do that a reader might expect.
    public var notes: [SidecarNote]

    /// Reads `fileNames` (the files beside the movie; those not named after it are left out) for
    /// a movie whose sound tracks are in `soundLanguages`.
    public init(fileNames: [String], movieName: String, soundLanguages: [LanguageTag]) throws(SidecarClash) {
        var read: [Track] = []
        skipped = []
        notes = []
        for fileName in fileNames.sorted() where SidecarName.isNamedAfter(movieName: movieName, fileName: fileName) {
            do {
                read.append(Track(fileName: fileName, name: try SidecarName(fileName: fileName, movieName: movieName),
                                  forcedTwinOf: nil, followsAudio: false))
            } catch {
                skipped.append(Skipped(fileName: fileName, reason: error))
            }
        }
        try Self.checkClashes(read)
        tracks = read.filter { !$0.name.isForcedOnly && !$0.name.format.makesCaptions }
            + read.filter(\.name.isForcedOnly) + read.filter(\.name.format.makesCaptions)
        pairForcedTracks()
        chooseFollowers(soundLanguages: soundLanguages)
    }

    /// Two files that make the same track (language, kind and subtitles or captions), or that
    /// both ask to be the default, are refused: which one was meant cannot be told.
    private static func checkClashes(_ tracks: [Track]) throws(SidecarClash) {
        var seen: [String: String] = [:]
        var defaultFile: String?
        for track in tracks {
            let name = track.name
            let key = "\(name.language)|\(name.isSDH)|\(name.isForcedOnly)|\(name.format.makesCaptions)"
            if let first = seen[key] { throw .sameTrack(first, track.fileName) }
            seen[key] = track.fileName
            if name.isDefault {
                if let defaultFile { throw .twoDefaults(defaultFile, track.fileName) }
                defaultFile = track.fileName
            }
        }
    }

    /// Each forced-only track's full track: the one of its language and SDH kind, else the one
    /// of its language that is not SDH, else any of its language.
    private mutating func pairForcedTracks() {
        for index in tracks.indices where tracks[index].name.isForcedOnly {
            let forced = tracks[index].name
            let full = tracks.indices.filter { !tracks[$0].name.isForcedOnly && !tracks[$0].name.format.makesCaptions
                && tracks[$0].name.language == forced.language }
            let twin = full.first { tracks[$0].name.isSDH == forced.isSDH } ?? full.first { !tracks[$0].name.isSDH } ?? full.first
            tracks[index].forcedTwinOf = twin
            if twin == nil { notes.append(.noFullTrack(fileName: tracks[index].fileName, language: forced.language)) }
        }
    }

    /// Per language with a sound track, the one subtitle track it follows: the forced-only
    /// track (QTFF asks `folw` to name it in a forced pair), else the full one, plain before SDH.
    /// Caption tracks take no `folw` here.
    private mutating func chooseFollowers(soundLanguages: [LanguageTag]) {
        let sounds = Set(soundLanguages.map(\.iso639Code))
        var languages: [String] = []
        for track in tracks where !track.name.format.makesCaptions && !languages.contains(track.name.language.iso639Code) {
            languages.append(track.name.language.iso639Code)
        }
        for code in languages {
            let candidates = tracks.indices.filter { !tracks[$0].name.format.makesCaptions && tracks[$0].name.language.iso639Code == code }
            guard sounds.contains(code) else {
                notes.append(.noSoundTrack(language: tracks[candidates[0]].name.language))
                continue
            }
            let names = tracks.map(\.name)
            let rank = { (index: Int) in (names[index].isForcedOnly ? 0 : 2) + (names[index].isSDH ? 1 : 0) }
            if let chosen = candidates.min(by: { rank($0) < rank($1) }) { tracks[chosen].followsAudio = true }
        }
    }
}

/// Something a ``SidecarSet`` leaves undone, said rather than guessed.
public enum SidecarNote: Sendable, Hashable, CustomStringConvertible {
    /// A forced-only file has no full track of its language to pair with.
    case noFullTrack(fileName: String, language: LanguageTag)
    /// The movie has no sound track in the language, so no sound track follows its subtitles.
    case noSoundTrack(language: LanguageTag)

    public var description: String {
        switch self {
        case let .noFullTrack(fileName, language):
            "\(fileName): no full \(Self.label(language)) subtitle file to pair this forced-only track with ('forc'); it is added alone"
        case let .noSoundTrack(language):
            "the movie has no \(Self.label(language)) sound track: no sound track follows the \(Self.label(language)) subtitles ('folw')"
        }
    }

    private static func label(_ language: LanguageTag) -> String {
        LanguageNaming.english.name(for: language.description) ?? language.description
    }
}

/// Two files beside a movie that cannot both be added.
public enum SidecarClash: Error, Sendable, Hashable, CustomStringConvertible {
    /// Both would make the same track: same language, kind, and subtitles or captions.
    case sameTrack(String, String)
    /// Both say `default`, and one group has one default track.
    case twoDefaults(String, String)

    public var description: String {
        switch self {
        case let .sameTrack(first, second): "'\(first)' and '\(second)' would make the same track (same language and kind); keep one"
        case let .twoDefaults(first, second): "'\(first)' and '\(second)' both say 'default'; a group has one default track"
        }
    }
}
