import Language
import Movie
import TimedText

/// One subtitle track to add, as a person states it: a subtitle file and the track's
/// properties. It is what `add-subtitles` takes on its command line and what each entry of a
/// ``SubtitlePlan`` holds; ``request(skipsImages:limits:)`` reads the file and makes the
/// engine's ``SubtitleTrackRequest``.
///
/// ```swift
/// let spec = SubtitleTrackSpec(file: "english-sdh.srt", language: "en", sdh: true, followAudio: .automatic)
/// let plan = EditPlan(subtitleTracks: [try spec.request()])
/// ```
///
/// As JSON (a plan entry), every key but `file` may be left out, and an unknown key is an
/// error: `{"file": "en-sdh.srt", "format": "tx3g", "language": "en", "name": "English SDH",
/// "sdh": true, "characteristics": ["public.easy-to-read"], "forced": false, "forcedFor": 3,
/// "forcedTrack": false, "group": "auto", "default": false, "followAudio": "auto"}`; `group` and `followAudio` take a
/// number as well as a string (`"group": 2`).
public struct SubtitleTrackSpec: Sendable, Hashable, Decodable {
    /// The subtitle file: SubRip, WebVTT or TTML (`SubtitleFile`).
    public var file: String
    /// The track's sample format; nil for `tx3g`.
    public var format: SubtitleTrackFormat?
    /// The language, a BCP 47 tag (`en`, `pt-BR`); nil for the file's own (TTML `xml:lang`), if any.
    public var language: String?
    /// The track name (`udta/name`).
    public var name: String?
    /// Subtitles for the deaf and hard of hearing: tags both SDH characteristics
    /// (`MediaCharacteristic.subtitlesForDeafAndHardOfHearing`).
    public var sdh: Bool?
    /// Other media characteristics to tag (`tagc`), such as `public.easy-to-read`.
    public var characteristics: [String]?
    /// A forced-only track: every sample is forced.
    public var forced: Bool?
    /// The full subtitle track whose forced-only twin this track is (it gets a `forc` reference).
    public var forcedFor: UInt32?
    /// Besides the full track, a forced-only twin of the cues the file marks forced
    /// (``requests(for:skipsImages:firstIndex:)``).
    public var forcedTrack: Bool?
    /// The alternate group; nil for `AlternateGroupChoice/automatic`.
    public var group: AlternateGroupChoice?
    /// Enables the track and disables the others of its alternate group.
    public var isDefault: Bool?
    /// The sound track that gets a `folw` reference to the new track.
    public var followAudio: AudioTrackChoice?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case file, format, language, name, sdh, characteristics, forced, forcedFor, forcedTrack, group, followAudio
        case isDefault = "default"
    }

    /// Creates a spec; what is left out takes its default.
    public init(file: String, format: SubtitleTrackFormat? = nil, language: String? = nil, name: String? = nil, sdh: Bool? = nil,
                characteristics: [String]? = nil, forced: Bool? = nil, forcedFor: UInt32? = nil, forcedTrack: Bool? = nil,
                group: AlternateGroupChoice? = nil, isDefault: Bool? = nil, followAudio: AudioTrackChoice? = nil) {
        self.file = file
        self.format = format
        self.language = language
        self.name = name
        self.sdh = sdh
        self.characteristics = characteristics
        self.forced = forced
        self.forcedFor = forcedFor
        self.forcedTrack = forcedTrack
        self.group = group
        self.isDefault = isDefault
        self.followAudio = followAudio
    }

    /// Decodes a plan entry. An unknown key is a `DecodingError`; a `group` or `followAudio` that
    /// is neither `auto` nor a number is a ``SubtitleTrackSpecError``.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        format = try container.decodeIfPresent(SubtitleTrackFormat.self, forKey: .format)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        sdh = try container.decodeIfPresent(Bool.self, forKey: .sdh)
        characteristics = try container.decodeIfPresent([String].self, forKey: .characteristics)
        forced = try container.decodeIfPresent(Bool.self, forKey: .forced)
        forcedFor = try container.decodeIfPresent(UInt32.self, forKey: .forcedFor)
        forcedTrack = try container.decodeIfPresent(Bool.self, forKey: .forcedTrack)
        group = try Self.text(container, .group).map { (text) throws(SubtitleTrackSpecError) in
            guard let choice = AlternateGroupChoice(text: text) else { throw .invalidGroup(text) }
            return choice
        }
        isDefault = try container.decodeIfPresent(Bool.self, forKey: .isDefault)
        followAudio = try Self.text(container, .followAudio).map { (text) throws(SubtitleTrackSpecError) in
            guard let choice = AudioTrackChoice(text: text) else { throw .invalidFollowAudio(text) }
            return choice
        }
    }

    /// A string value, or a whole number as its text.
    private static func text(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String? {
        if let number = try? container.decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        return try container.decodeIfPresent(String.self, forKey: key)
    }

    /// Reads ``file`` (`SubtitleFile.read(_:limits:)`) and makes the engine's request. The
    /// warnings the parser tolerated are not returned: to show them, read the file yourself and
    /// call ``request(for:skipsImages:)``.
    public func request(skipsImages: Bool = false, limits: SubtitleParseLimits = .standard) throws(SubtitleTrackSpecError) -> SubtitleTrackRequest {
        let document: SubtitleDocument
        do {
            document = try SubtitleFile.read(file, limits: limits)
        } catch {
            throw .unreadableFile(error)
        }
        return try request(for: document, skipsImages: skipsImages)
    }

    /// The engine's request for `document`, the parsed ``file``. A document with image
    /// subtitles (SMPTE-TT `smpte:backgroundImage`) is refused unless `skipsImages`, which adds
    /// its text cues alone. This is the one track the spec states; with ``forcedTrack``,
    /// ``requests(for:skipsImages:firstIndex:)`` makes its forced-only twin too.
    public func request(for document: SubtitleDocument, skipsImages: Bool = false) throws(SubtitleTrackSpecError) -> SubtitleTrackRequest {
        if !document.imageLines.isEmpty, !skipsImages { throw .imageSubtitles(lines: document.imageLines) }
        let tag: LanguageTag?
        do {
            tag = try language.map { (text) throws(LanguageTagError) in try LanguageTag(parsing: text) }
        } catch {
            throw .invalidLanguage(error)
        }
        let properties = TrackChanges(language: tag, name: name, alternateGroup: group ?? .automatic, makesDefault: isDefault ?? false,
                                      addedCharacteristics: (characteristics ?? []) + (sdh == true ? MediaCharacteristic.subtitlesForDeafAndHardOfHearing : []))
        return SubtitleTrackRequest(document: document, format: format ?? .tx3g, properties: properties,
                                    isForcedOnly: forced ?? false, forcedTwinOf: forcedFor.map(FullTrackChoice.track), followedByAudio: followAudio)
    }
}
