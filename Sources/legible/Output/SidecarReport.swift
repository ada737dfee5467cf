import Remux

/// How `add-subtitles --sidecars` shows the files it found and the tracks they make: a table
/// (`--dry-run`) or JSON (`--json`, beside the write's own report).
enum SidecarReport {
    /// The sample format a track gets: `c608` for captions, else the subtitle format asked for.
    static func sampleFormat(_ track: SidecarSet.Track, subtitleFormat: SubtitleTrackFormat) -> String {
        track.name.format.makesCaptions ? "c608" : subtitleFormat.rawValue
    }

    /// The table: one line a track (file, track name, language, sample format ← file format,
    /// and what else it is), then the skipped files with their reasons, then the notes.
    static func print(_ set: SidecarSet, movie: String, subtitleFormat: SubtitleTrackFormat) {
        let count = set.tracks.count
        printLines("\(movie): \(count) sidecar file\(count == 1 ? "" : "s") make\(count == 1 ? "s" : "") \(count) track\(count == 1 ? "" : "s"), \(set.skipped.count) skipped")
        let width = (set.tracks.map { TerminalText.field($0.fileName).count }.max() ?? 0) + 2
        let nameWidth = (set.tracks.map(\.name.trackName.count).max() ?? 0) + 2
        for track in set.tracks {
            let formats = "\(sampleFormat(track, subtitleFormat: subtitleFormat)) ← \(track.name.format.rawValue)"
            let line = "  " + TerminalText.field(track.fileName).rightPadded(to: width) + "→ " + track.name.trackName.rightPadded(to: nameWidth)
                + track.name.language.description.rightPadded(to: 10) + formats.rightPadded(to: 17) + details(track, in: set).joined(separator: ", ")
            printLines(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        for skipped in set.skipped {
            printLines("  skipped \(TerminalText.field(skipped.fileName)): \(TerminalText.field(skipped.reason.description))")
        }
        for note in set.notes { printLines("note: \(TerminalText.field(note.description))") }
    }

    /// What a track is besides its language and format.
    private static func details(_ track: SidecarSet.Track, in set: SidecarSet) -> [String] {
        var details: [String] = []
        if track.name.isSDH || track.name.format.makesCaptions { details.append("SDH") }
        if track.name.isForcedOnly {
            details.append(track.forcedTwinOf.map { "forced-only, twin of \(TerminalText.field(set.tracks[$0].fileName))" } ?? "forced-only, unpaired")
        }
        if track.name.isDefault { details.append("default") }
        if track.followsAudio { details.append("followed by the sound track in its language") }
        return details
    }

    /// The same as JSON: `tracks` (in the order they are added), `skipped` and `notes`.
    static func json(_ set: SidecarSet, files: SidecarFiles, subtitleFormat: SubtitleTrackFormat) -> [(String, JSONValue)] {
        [
            ("tracks", .array(set.tracks.map { track in
                .object([
                    ("file", .string(files.path(track.fileName))), ("kind", .string(track.name.format.makesCaptions ? "captions" : "subtitles")),
                    ("fileFormat", .string(track.name.format.rawValue)), ("sampleFormat", .string(sampleFormat(track, subtitleFormat: subtitleFormat))),
                    ("language", .string(track.name.language.description)), ("name", .string(track.name.trackName)),
                    ("sdh", .bool(track.name.isSDH || track.name.format.makesCaptions)), ("forcedOnly", .bool(track.name.isForcedOnly)),
                    ("default", .bool(track.name.isDefault)),
                    ("forcedTwinOf", .string(track.forcedTwinOf.map { files.path(set.tracks[$0].fileName) })),
                    ("followedByAudio", .bool(track.followsAudio)),
                ])
            })),
            ("skipped", .array(set.skipped.map { .object([("file", .string(files.path($0.fileName))), ("reason", .string($0.reason.description))]) })),
            ("notes", .array(set.notes.map { .string($0.description) })),
        ]
    }
}
