#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import ElementaryStreams
import ISOBMFF
import Movie
import Remux

/// `add-track --plan FILE.json`: several tracks added in one write, each an entry with the
/// options `add-track` takes for one SOURCE, in camelCase:
/// `{"tracks": [{"file": "ad.m4a", "language": "en", "describesVideo": true}, …]}`.
struct TrackImportPlan: Decodable {
    var tracks: [TrackImportEntry]

    enum CodingKeys: String, CodingKey, CaseIterable { case tracks }

    init(tracks: [TrackImportEntry]) { self.tracks = tracks }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        tracks = try decoder.container(keyedBy: CodingKeys.self).decode([TrackImportEntry].self, forKey: .tracks)
    }

    /// The plan in the file at `path`, each relative `file` taken from the plan's folder.
    static func read(_ path: String) throws -> TrackImportPlan {
        let plan: TrackImportPlan
        do {
            plan = try JSONDecoder().decode(TrackImportPlan.self, from: Data(try SmallInputFile.read(path, limit: 16 << 20, kind: "a track plan")))
        } catch let error as DecodingError {
            throw CommandFailure("\(path): not a track plan: \(error.explanation)")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(path): cannot read the plan: \(error)")
        }
        guard !plan.tracks.isEmpty else { throw CommandFailure("\(path): the plan lists no tracks") }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return TrackImportPlan(tracks: plan.tracks.map { entry in
            var entry = entry
            if !entry.file.hasPrefix("/") { entry.file = folder + "/" + entry.file }
            return entry
        })
    }
}

/// One track to add: the file it comes from, which of its tracks, and its properties.
struct TrackImportEntry: Decodable {
    var file: String
    var track: UInt32?
    var type: SourceTrackType?
    var language: String?
    var name: String?
    var describesVideo: Bool?
    var characteristics: [String]?
    var group: AlternateGroupChoice?
    var isDefault: Bool?
    var fallbackFor: UInt32?
    var offset: MediaTime?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case file, track, type, language, name, describesVideo, characteristics, group, fallbackFor, offset
        case isDefault = "default"
    }

    init(file: String, track: UInt32?, type: SourceTrackType?) {
        self.file = file
        self.track = track
        self.type = type
    }

    /// An entry; `group` is `auto` or a number, `offset` seconds (negative: earlier).
    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        track = try container.decodeIfPresent(UInt32.self, forKey: .track)
        type = try container.decodeIfPresent(SourceTrackType.self, forKey: .type)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        describesVideo = try container.decodeIfPresent(Bool.self, forKey: .describesVideo)
        characteristics = try container.decodeIfPresent([String].self, forKey: .characteristics)
        isDefault = try container.decodeIfPresent(Bool.self, forKey: .isDefault)
        fallbackFor = try container.decodeIfPresent(UInt32.self, forKey: .fallbackFor)
        let groupText = try (try? container.decodeIfPresent(Int16.self, forKey: .group)).map { String($0) }
            ?? container.decodeIfPresent(String.self, forKey: .group)
        group = try groupText.map { text in
            guard let choice = AlternateGroupChoice(text: text) else {
                throw DecodingError.dataCorruptedError(forKey: .group, in: container, debugDescription: "\"\(text)\" is neither auto nor a group number")
            }
            return choice
        }
        offset = try container.decodeIfPresent(Double.self, forKey: .offset).map { seconds in
            guard seconds.isFinite, seconds.magnitude <= 360_000 else {
                throw DecodingError.dataCorruptedError(forKey: .offset, in: container, debugDescription: "\(seconds) is not an offset in seconds")
            }
            return MediaTime(microseconds: Int64((seconds * 1_000_000).rounded()))
        }
    }

    /// The engine's request: the file read as raw audio (by its extension) or as a movie with
    /// the track chosen, and the properties.
    func request() throws -> ImportedTrackRequest {
        if track != nil, type != nil { throw CommandFailure("\(file): --track and --type exclude each other") }
        if fallbackFor != nil, group != nil { throw CommandFailure("\(file): a fallback joins its partner's group; leave out the group") }
        let changes = TrackChanges(language: try languageTag(language), name: name, alternateGroup: group, makesDefault: isDefault ?? false,
                                   addedCharacteristics: (characteristics ?? []) + (describesVideo == true ? [MediaCharacteristic.describesVideo] : []))
        var request = ImportedTrackRequest(try source(), properties: changes, fallbackFor: fallbackFor)
        request.offset = offset ?? .zero
        return request
    }

    private func source() throws -> ImportedTrackSource {
        let suffix = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if ElementaryStreamReader.extensions[suffix] != nil {
            if track != nil || type != nil { throw CommandFailure("\(file) is a raw audio stream, which has one track: leave out --track and --type") }
            do {
                return .stream(try ElementaryStreamReader.read(path: file))
            } catch {
                throw CommandFailure(file: file, error)
            }
        }
        let other = try Movie.openForCommand(path: file)
        return .track(other, trackID: try chosenTrack(of: other))
    }

    /// The track `track` or `type` names, or the file's only track.
    private func chosenTrack(of other: Movie) throws -> UInt32 {
        if let track { return track }
        let candidates = type.map { kind in other.tracks.filter { kind.matches($0.mediaType) } } ?? other.tracks
        if let only = candidates.first, type != nil || candidates.count == 1 { return only.id }
        let list = other.tracks.map { "\($0.id) (\($0.mediaType), \($0.displayLanguage))" }.joined(separator: ", ")
        throw CommandFailure(type.map { "\(file) has no \($0.rawValue) track; its tracks are \(list)" }
            ?? "\(file) has several tracks (\(list)): choose one with --track ID or --type audio|video|subtitle")
    }
}

/// The kind of track `add-track --type` takes from its source.
enum SourceTrackType: String, ExpressibleByArgument, CaseIterable, Decodable {
    case audio, video, subtitle

    /// Whether a track of `mediaType` is of this kind (subtitle: any legible track).
    func matches(_ mediaType: MediaType) -> Bool {
        switch self {
        case .audio: mediaType == .audio
        case .video: mediaType == .video
        case .subtitle: mediaType.isLegible
        }
    }
}
