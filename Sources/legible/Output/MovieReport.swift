import ISOBMFF
import Movie
import TextTracks

/// What `legible info` shows of a movie, as JSON (the documented contract) and as text.
struct MovieReport {
    let path: String
    let movie: Movie
    let selection: MediaSelection
    let chapters: ChapterReport

    init(path: String, movie: Movie) {
        self.path = path
        self.movie = movie
        self.selection = MediaSelection(movie: movie)
        chapters = ChapterReport(chapters: ChapterReader.chapters(in: movie))
    }

    var brandDescription: String {
        guard let fileType = movie.fileType else { return "QuickTime movie (no ftyp)" }
        let kind = movie.isQuickTime ? "QuickTime movie" : "MPEG-4 file"
        return "\(kind), brand '\(fileType.majorBrand)'"
    }

    // MARK: JSON

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("file", .string(path)),
            ("format", .string(movie.isQuickTime ? "quicktime" : "mp4")),
            ("majorBrand", .string(movie.fileType?.majorBrand.description)),
            ("compatibleBrands", .array((movie.fileType?.compatibleBrands ?? []).map { .string($0.description) })),
            ("duration", .seconds(movie.durationSeconds)),
            ("timescale", movie.header.map { .unsigned($0.timescale) } ?? .null),
            ("fragmented", .bool(movie.isFragmented)),
            ("compressedMovieHeader", .bool(movie.isCompressed)),
            ("tracks", .array(movie.tracks.map(trackJSON))),
            ("selectionGroups", .array(selection.groups.map(groupJSON))),
        ]
        members.append(("chapters", .object(chapters.jsonMembers)))
        members.append(("warnings", .array(movie.warnings.map { .string($0.description) })))
        return .object(members)
    }

    func trackJSON(_ track: Track) -> JSONValue {
        var references: [(String, JSONValue)] = []
        for reference in track.references {
            references.append((reference.type.description, .array(reference.trackIDs.map { .unsigned($0) })))
        }
        var members: [(String, JSONValue)] = [
            ("id", .unsigned(track.id)),
            ("mediaType", .string(track.mediaType.rawValue)),
            ("handler", .string(track.handler?.handlerType.description)),
            ("codec", .string(track.codec?.description)),
            ("language", .string(track.language)),
            ("extendedLanguage", .string(track.extendedLanguage?.tag)),
            ("alternateGroup", .integer(Int64(track.header.alternateGroup))),
            ("enabled", .bool(track.isEnabled)),
            ("name", .string(track.name)),
            ("characteristics", .array(track.userData.characteristics.map { .string($0) })),
            ("kinds", .array(track.userData.kinds.map { kind in
                .object([("scheme", .string(kind.schemeURI)), ("value", .string(kind.value))])
            })),
            ("references", .object(references)),
            ("sampleCount", .unsigned(movie.sampleCount(of: track))),
            ("duration", .seconds(movie.durationSeconds(of: track))),
            ("timescale", .unsigned(track.mediaHeader.timescale)),
            ("layer", .integer(Int64(track.header.layer))),
            ("externalDataReferences", .array(track.externalDataReferences.map { reference in
                .object([("type", .string(reference.type.description)), ("location", .string(reference.location))])
            })),
        ]
        if let entry = track.sampleEntries.first {
            if let size = entry.pixelSize {
                members += [("width", .unsigned(size.width)), ("height", .unsigned(size.height))]
            }
            if let audio = entry.audio {
                members += [("channels", .unsigned(audio.channels)), ("sampleRate", .number(audio.sampleRate))]
            }
        }
        if let captions = CaptionChannelReport(track: track, movie: movie) { members.append(("captionChannels", captions.json)) }
        if let flags = track.subtitleDisplayFlags {
            members.append(("displayFlags", .string("0x" + String(flags.rawValue, radix: 16).leftPadded(to: 8))))
        }
        return .object(members)
    }

    func groupJSON(_ group: SelectionGroup) -> JSONValue {
        .object([
            ("characteristic", .string(group.characteristic.rawValue)),
            ("alternateGroup", .integer(Int64(group.alternateGroup))),
            ("defaultTrackID", group.defaultOption.map { .unsigned($0.trackID) } ?? .null),
            ("options", .array(group.options.map { option in
                .object([
                    ("trackID", .unsigned(option.trackID)),
                    ("displayName", .string(option.displayName)),
                    ("language", .string(option.language)),
                    ("characteristics", .array(option.characteristics.map { .string($0) })),
                    ("forcedOnly", .bool(option.isForcedOnly)),
                    ("forcedOnlyTrackID", option.forcedOnlyTrackID.map { .unsigned($0) } ?? .null),
                    ("enabled", .bool(option.isEnabled)),
                    ("followers", .array(option.followers.map { .unsigned($0) })),
                ])
            })),
        ])
    }

    // MARK: Text

    var text: String {
        var lines: [String] = []
        let duration = movie.durationSeconds.map { Self.formatSeconds($0) } ?? "unknown duration"
        var summary = "\(path): \(brandDescription), \(duration), \(movie.tracks.count) track\(movie.tracks.count == 1 ? "" : "s")"
        if movie.isFragmented { summary += ", fragmented (\(movie.fragments?.fragmentCount ?? 0) fragments)" }
        if movie.isCompressed { summary += ", compressed movie header" }
        lines.append(summary)
        for track in movie.tracks {
            var line = "  track \(track.id): \(track.mediaType.rawValue.rightPadded(to: 13)) "
            line += "\(track.codec.map { "'\($0)'" } ?? "—") handler '\(track.handler?.handlerType.description ?? "?")'"
            line += ", \(TerminalText.field(track.language))"
            if let tag = track.extendedLanguage?.tag { line += " (\(TerminalText.field(tag)))" }
            line += ", group \(track.header.alternateGroup), \(track.isEnabled ? "enabled" : "disabled")"
            line += ", \(movie.sampleCount(of: track)) samples, \(movie.durationSeconds(of: track).map { Self.formatSeconds($0) } ?? "?")"
            if let name = track.name { line += ", \"\(TerminalText.field(name))\"" }
            lines.append(line)
            if let captions = CaptionChannelReport(track: track, movie: movie) { lines.append("      " + captions.text) }
            if !track.userData.characteristics.isEmpty {
                lines.append("      characteristics: " + track.userData.characteristics.map(TerminalText.field).joined(separator: ", "))
            }
            if !track.userData.kinds.isEmpty {
                lines.append("      kinds: " + track.userData.kinds.map { TerminalText.field("\($0.schemeURI) \($0.value)") }.joined(separator: "; "))
            }
            if !track.externalDataReferences.isEmpty {
                lines.append("      media outside the file (dref): " + track.externalDataReferences.map { reference in
                    "'\(reference.type)'" + (reference.location.map { " " + TerminalText.field($0) } ?? "")
                }.joined(separator: "; "))
            }
            if !track.references.isEmpty {
                lines.append("      references: " + track.references.map { "\($0.type) → \($0.trackIDs.map(String.init).joined(separator: ","))" }.joined(separator: "; "))
            }
        }
        if !selection.groups.isEmpty {
            lines.append("  selection groups:")
            for group in selection.groups {
                let title = group.alternateGroup == 0 ? "not grouped" : "alternate group \(group.alternateGroup)"
                lines.append("    \(group.characteristic.rawValue) (\(title)):")
                for option in group.options {
                    var line = "      \(option.isEnabled ? "*" : " ") \(TerminalText.field(option.displayName).rightPadded(to: 24)) track \(option.trackID)"
                    line += ", \(TerminalText.field(option.language))"
                    if let twin = option.forcedOnlyTrackID { line += ", forced-only twin: track \(twin)" }
                    if !option.followers.isEmpty { line += ", followed by track \(option.followers.map(String.init).joined(separator: ","))" }
                    lines.append(line)
                }
            }
        }
        if chapters.chapters.shown != nil {
            lines += chapters.sourceLines.enumerated().map { index, line in index == 0 ? "  chapters: \(line)" : "    \(line)" }
            lines += chapters.chapterLines.map { "    \($0)" }
        }
        for warning in movie.warnings { lines.append("  warning: \(warning)") }
        for problem in chapters.chapters.problems { lines.append("  warning: chapters: \(problem)") }
        return lines.joined(separator: "\n")
    }

    /// `1:02:03.456` or `5.000 s`.
    static func formatSeconds(_ seconds: Double) -> String {
        guard let milliseconds = (seconds * 1000).clampedInt64 else { return "unknown duration" }
        let whole = milliseconds / 1000
        let fraction = String(milliseconds % 1000).leftPadded(to: 3)
        if whole < 60 { return "\(whole).\(fraction) s" }
        let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
        let clock = hours > 0 ? "\(hours):\(String(minutes).leftPadded(to: 2))" : "\(minutes)"
        return "\(clock):\(String(secs).leftPadded(to: 2)).\(fraction)"
    }
}
