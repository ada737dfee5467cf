import ISOBMFF
import Movie

/// What the engine needs to know about every track while it applies a plan — handler, group,
/// language, display size — kept current as tracks are changed and added, so that a second
/// new subtitle track joins the group the first one took.
struct TrackDirectory {
    struct Entry {
        var trackID: UInt32
        var handler: FourCC?
        var group: Int16
        var language: String
        var isEnabled: Bool
        var isChapterTrack: Bool
    }

    private(set) var entries: [Entry]
    /// The display size (16.16) of the movie's main video, 0 × 0 without one; added tracks are
    /// never video, so it is settled when the directory is made.
    let mainVideoSize: (width: UInt32, height: UInt32)

    init(movie: Movie, chapterTrackIDs: Set<UInt32>) {
        entries = movie.tracks.map { track in
            Entry(trackID: track.id, handler: track.handler?.handlerType, group: track.header.alternateGroup,
                  language: track.displayLanguage, isEnabled: track.isEnabled,
                  isChapterTrack: chapterTrackIDs.contains(track.id))
        }
        let video = movie.mainVideoTrack?.header
        mainVideoSize = (video?.width ?? 0, video?.height ?? 0)
    }

    func group(of trackID: UInt32) -> Int16? { entries.first { $0.trackID == trackID }?.group }

    mutating func setGroup(_ group: Int16, of trackID: UInt32) {
        if let index = entries.firstIndex(where: { $0.trackID == trackID }) { entries[index].group = group }
    }

    mutating func setHandler(_ handler: FourCC, of trackID: UInt32) {
        if let index = entries.firstIndex(where: { $0.trackID == trackID }) { entries[index].handler = handler }
    }

    mutating func add(trackID: UInt32, handler: FourCC, group: Int16, language: LanguageTag?) {
        entries.append(Entry(trackID: trackID, handler: handler, group: group, language: language?.description ?? "und",
                             isEnabled: false, isChapterTrack: false))
    }

    /// The group number a choice stands for. Automatic: the group most legible tracks share
    /// (chapter tracks aside), else the lowest number no track uses (QTFF: subtitle and caption
    /// tracks belong in one group of their own).
    func resolve(_ choice: AlternateGroupChoice?, for trackID: UInt32, handler: FourCC? = nil) -> Int16? {
        switch choice {
        case nil: return nil
        case let .number(group)?: return group
        case .automatic?:
            let legible = entries.filter { entry in
                entry.trackID != trackID && !entry.isChapterTrack && entry.group != 0
                    && MediaType(handler: entry.handler).isLegible
            }
            let counts = Dictionary(grouping: legible, by: \.group).mapValues(\.count)
            if let shared = counts.max(by: { ($0.value, -Int($0.key)) < ($1.value, -Int($1.key)) })?.key { return shared }
            let used = Set(entries.map(\.group))
            return (1...Int16.max).first { !used.contains($0) } ?? 0
        }
    }

    /// The full subtitle track a forced-only track is added for: it must be legible, and the two
    /// share a language (QTFF "Referencing a related forced subtitle track").
    func forcedTwinTarget(_ trackID: UInt32, language: LanguageTag?) throws(BoxError) -> (group: Int16, language: LanguageTag?) {
        guard let target = entries.first(where: { $0.trackID == trackID }) else { throw unknownTrack(trackID) }
        guard MediaType(handler: target.handler).isLegible, !target.isChapterTrack else {
            throw BoxError(.invalidValue("track \(trackID) is not a subtitle track, so it cannot have a forced-only twin"), at: nil)
        }
        let targetLanguage = try? LanguageTag(parsing: target.language)
        if let language, let targetLanguage, language.iso639Code != targetLanguage.iso639Code {
            throw BoxError(.invalidValue("a forced-only track must have its twin's language: track \(trackID) is '\(target.language)', not '\(language)'"), at: nil)
        }
        return (target.group, targetLanguage)
    }

    /// The sound track that is to follow a subtitle track in `language`.
    func audioTrack(_ choice: AudioTrackChoice, language: LanguageTag?) throws(BoxError) -> UInt32 {
        let sounds = entries.filter { $0.handler == "soun" }
        switch choice {
        case let .track(trackID):
            guard sounds.contains(where: { $0.trackID == trackID }) else {
                throw BoxError(.invalidValue("track \(trackID) is not a sound track; sound tracks: \(Self.list(sounds))"), at: nil)
            }
            return trackID
        case .automatic:
            guard let language else {
                throw BoxError(.invalidValue("--follow-audio auto needs the subtitle language (--language)"), at: nil)
            }
            let matching = sounds.filter { (try? LanguageTag(parsing: $0.language))?.iso639Code == language.iso639Code }
            guard let chosen = matching.first(where: \.isEnabled) ?? matching.first else {
                throw BoxError(.invalidValue("no sound track is in '\(language)'; sound tracks: \(Self.list(sounds)); name one with --follow-audio TRACK"), at: nil)
            }
            return chosen.trackID
        }
    }

    /// Every referenced track must exist (QTFF: never refer to a track ID that is not there).
    func checkReferences(_ references: [TrackReference]) throws(BoxError) {
        for id in references.flatMap(\.trackIDs) where !entries.contains(where: { $0.trackID == id }) {
            throw unknownTrack(id)
        }
    }

    func unknownTrack(_ trackID: UInt32) -> BoxError {
        BoxError(.invalidValue("no track \(trackID) in this movie; its tracks are \(entries.map { String($0.trackID) }.joined(separator: ", "))"), at: nil)
    }

    private static func list(_ entries: [Entry]) -> String {
        entries.isEmpty ? "none" : entries.map { "\($0.trackID) (\($0.language))" }.joined(separator: ", ")
    }
}
