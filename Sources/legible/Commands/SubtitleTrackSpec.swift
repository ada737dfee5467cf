import ArgumentParser
import ISOBMFF
import Movie
import Remux
import TimedText

/// One subtitle track to add, as the command line or a plan file states it; turned into the
/// engine's request once its file has been read.
struct SubtitleTrackSpec: Decodable {
    var file: String
    var format: SubtitleTrackFormat?
    var language: String?
    var name: String?
    var sdh: Bool?
    var characteristics: [String]?
    var forced: Bool?
    var forcedFor: UInt32?
    var group: String?
    var isDefault: Bool?
    var followAudio: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case file, format, language, name, sdh, characteristics, forced, forcedFor, group, followAudio
        case isDefault = "default"
    }

    init(file: String, format: SubtitleTrackFormat?, language: String?, name: String?, sdh: Bool?, characteristics: [String]?,
         forced: Bool?, forcedFor: UInt32?, group: String?, isDefault: Bool?, followAudio: String?) {
        self.file = file
        self.format = format
        self.language = language
        self.name = name
        self.sdh = sdh
        self.characteristics = characteristics
        self.forced = forced
        self.forcedFor = forcedFor
        self.group = group
        self.isDefault = isDefault
        self.followAudio = followAudio
    }

    /// Unknown keys are errors; `group` and `followAudio` take a number as well as a string
    /// (`"group": 2`, `"followAudio": 2`), as `--group 2` does.
    init(from decoder: any Decoder) throws {
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
        group = try Self.stringOrNumber(container, .group)
        isDefault = try container.decodeIfPresent(Bool.self, forKey: .isDefault)
        followAudio = try Self.stringOrNumber(container, .followAudio)
    }

    private static func stringOrNumber(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String? {
        if let number = try? container.decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        return try container.decodeIfPresent(String.self, forKey: key)
    }

    /// Reads the subtitle file and builds the request; warnings about the file are printed. A
    /// file with image subtitles is refused unless `skipImages` (and then still with `strict`).
    func request(quiet: Bool, skipImages: Bool, strict: Bool) throws -> SubtitleTrackRequest {
        let document: SubtitleDocument
        do {
            document = try SubtitleInputFile.read(file)
        } catch {
            throw EditFailure(error.description)
        }
        if !quiet { for warning in document.warnings { printWarning("\(file): \(warning)") } }
        if !document.imageLines.isEmpty {
            guard skipImages, !strict else { throw EditFailure(ConversionLossReport.imageRefusal(document.imageLines, path: file)) }
            if !quiet { ConversionLossReport.print([ConversionLossReport.skippedImages(document.imageLines)], prefix: file) }
        }
        // A TTML xml:lang is the language when none is given.
        let documentLanguage = document.language.flatMap { try? LanguageTag(parsing: $0) }
        let tag: LanguageTag?
        do {
            tag = try language.map { (text) throws(LanguageTagError) in try LanguageTag(parsing: text) } ?? documentLanguage
        } catch {
            throw EditFailure("--language: \(error)")
        }
        var characteristics = characteristics ?? []
        if sdh == true { characteristics += TrackChanges.subtitlesForDeafAndHardOfHearing }
        guard let groupChoice = AlternateGroupChoice(argument: group ?? "auto") else {
            throw EditFailure("group '\(group ?? "")' is neither 'auto' nor a group number")
        }
        let audio = try followAudio.map { (text) throws -> AudioTrackChoice in
            guard let choice = AudioTrackChoice(argument: text) else {
                throw EditFailure("follow-audio '\(text)' is neither 'auto' nor a track ID")
            }
            return choice
        }
        let trackFormat = format ?? .tx3g
        return SubtitleTrackRequest(
            cues: document.cues,
            format: trackFormat.requestFormat(header: document.webVTTHeader),
            properties: TrackChanges(language: tag, name: name, alternateGroup: groupChoice, makesDefault: isDefault ?? false,
                                     addedCharacteristics: characteristics),
            isForcedOnly: forced ?? false, forcedTwinOf: forcedFor, followedByAudio: audio)
    }
}

/// The sample format of an added subtitle track.
enum SubtitleTrackFormat: String, Decodable, CaseIterable, ExpressibleByArgument {
    /// 3GPP timed text, what Apple players show.
    case tx3g
    /// WebVTT in MP4 (ISO/IEC 14496-30).
    case wvtt
    /// TTML (IMSC1 Text) in MP4 (ISO/IEC 14496-30), what DASH players show.
    case stpp

    /// The request's format; a WebVTT input's header goes into a `wvtt` track.
    func requestFormat(header: WebVTTHeader?) -> SubtitleTrackRequest.Format {
        switch self {
        case .tx3g: .tx3g
        case .wvtt: .webVTT(header: header ?? WebVTTHeader(), sourceLabel: nil)
        case .stpp: .ttml
        }
    }
}
