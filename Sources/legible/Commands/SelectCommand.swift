import ArgumentParser
import ISOBMFF
import Language
import Movie

/// `legible select`: what an Apple player's automatic media selection picks for a viewer.
struct SelectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Show which audio, subtitle and video option an Apple player picks automatically for given preferences, and why.",
        discussion: """
        A player with automatic media selection (AVPlayer's default) chooses one option per \
        selection group from the viewer's preferred languages and captioning settings. This \
        command applies the documented rules to the movie's groups (see 'legible info') and \
        prints, per group, the option chosen and the reason, the tracks enabled with it, and \
        any question the documentation leaves open.

        The rules, briefly (sources in the library's AutomaticSelection documentation):
          audio      the best match for --languages, in their order ('en' matches en-US and \
        eng); commentary (txas, public.auxiliary-content) is never picked; an audio \
        description (public.accessibility.describes-video) only with --prefer-audio-description, \
        which then prefers it; no match: the enabled track
          subtitles  on with --prefer-captions or --prefer-sdh (SDH/CC first), or when the \
        audio is not in the first preferred language (then subtitles in that language); \
        otherwise off, but a track is still selected so forced cues show: the audio's folw \
        target, else a forced-only option, a forc pair or any subtitle in the audio's language
          video      the enabled track

        Examples:
          legible select movie.mov --languages en --prefer-sdh
                                  a viewer with "Closed Captions + SDH" on
          legible select movie.mov --languages es,en
                                  Spanish first: Spanish audio, forced Spanish cues
          legible select movie.mov --languages en --prefer-audio-description
                                  a viewer with "Audio Descriptions" on
          legible select movie.mov --languages fr --prefer-captions
                                  subtitles always on, French preferred
          legible select movie.mov --languages de --forced-only --json

        Exit status: 0 on success; 2 on bad input or usage (an invalid language tag is named).
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Option(help: "Preferred languages, most preferred first: BCP 47 tags separated by commas (es,en or pt-BR).")
    var languages: String

    @Flag(help: "Closed Captions + SDH: prefer CC and SDH options, and show subtitles.")
    var preferSDH = false

    @Flag(help: "Subtitles and captions always on (the best option in the preferred languages).")
    var preferCaptions = false

    @Flag(help: "Subtitles off except forced cues (MediaAccessibility's forced-only setting).")
    var forcedOnly = false

    @Flag(name: .customLong("prefer-audio-description"),
          help: "Audio Descriptions on: prefer audio tagged public.accessibility.describes-video in the chosen language.")
    var prefersAudioDescription = false

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if forcedOnly && (preferCaptions || preferSDH) {
            throw ValidationError("--forced-only turns subtitles off; it cannot go with --prefer-captions or --prefer-sdh")
        }
        _ = try preferences
    }

    private var preferences: SelectionPreferences {
        get throws {
            let tags = try languages.split(separator: ",", omittingEmptySubsequences: false).map { text in
                let trimmed = text.trimmingWhitespace
                do {
                    return try LanguageTag(parsing: trimmed)
                } catch {
                    throw ValidationError("--languages: \(error)")
                }
            }
            let display: SelectionPreferences.CaptionDisplay? = forcedOnly ? .forcedOnly : preferCaptions ? .alwaysOn : nil
            return SelectionPreferences(languages: tags, prefersAccessibleSubtitles: preferSDH, captionDisplay: display,
                                        prefersAudioDescriptions: prefersAudioDescription)
        }
    }

    func run() throws {
        let selection = AutomaticSelection(movie: try Movie.openForCommand(path: movie), preferences: try preferences)
        if json {
            print(jsonReport(selection).rendered())
        } else {
            printLines(textReport(selection))
        }
    }

    private func jsonReport(_ selection: AutomaticSelection) -> JSONValue {
        let preferences = selection.preferences
        return .object([
            ("file", .string(movie)),
            ("preferences", .object([
                ("languages", .array(preferences.languages.map { .string($0.description) })),
                ("prefersAccessibleSubtitles", .bool(preferences.prefersAccessibleSubtitles)),
                ("captionDisplay", .string(preferences.captionDisplay.rawValue)),
            ])),
            ("groups", .array(selection.groups.map { group in
                var members: [(String, JSONValue)] = [
                    ("characteristic", .string(group.characteristic.rawValue)),
                    ("alternateGroup", .integer(Int64(group.alternateGroup))),
                    ("selected", group.selected.map { choice in
                        .object([("trackID", .unsigned(choice.trackID)), ("reason", .string(choice.reason)),
                                 ("displayName", .string(choice.displayName))])
                    } ?? .null),
                    ("alsoEnabled", .array(group.alsoEnabled.map { .unsigned($0) })),
                    ("subtitleDisplay", .string(group.subtitleDisplay?.rawValue)),
                    ("openQuestions", .array(group.openQuestions.map { .string($0) })),
                ]
                if group.selected == nil { members.append(("reason", .string(group.reason))) }
                return .object(members)
            })),
        ])
    }

    private func textReport(_ selection: AutomaticSelection) -> String {
        let preferences = selection.preferences
        var lines = ["\(movie): languages \(preferences.languages.map(\.description).joined(separator: ", ")); captions \(preferences.captionDisplay.rawValue)\(preferences.prefersAccessibleSubtitles ? ", SDH preferred" : "")"]
        for group in selection.groups {
            let head = "\(group.characteristic.rawValue.rightPadded(to: 8)) group \(group.alternateGroup):"
            if let choice = group.selected {
                let label = group.characteristic == .visual ? "" : " \(TerminalText.field(choice.displayName))"
                let display = group.subtitleDisplay == .forcedOnly ? " [forced cues only]" : ""
                lines.append("\(head) track \(choice.trackID)\(label)\(display) — \(TerminalText.field(choice.reason))")
            } else {
                lines.append("\(head) none — \(TerminalText.field(group.reason))")
            }
            if !group.alsoEnabled.isEmpty {
                lines.append("    also enabled: track \(group.alsoEnabled.map(String.init).joined(separator: ", "))")
            }
            lines += group.openQuestions.map { "    open question: \(TerminalText.field($0))" }
        }
        return lines.joined(separator: "\n")
    }
}
