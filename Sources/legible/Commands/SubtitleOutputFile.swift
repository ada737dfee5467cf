#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FileOutput
import ISOBMFF
import TimedText

extension SubtitleOutputFormat: ExpressibleByArgument {
    /// The output format from `--format`, else the output path's extension, else `fallback`;
    /// a usage error when an output path has an extension that is neither.
    static func resolve(explicit: SubtitleOutputFormat?, output: String?, fallback: SubtitleOutputFormat) throws -> SubtitleOutputFormat {
        if let explicit { return explicit }
        guard let output, output != "-" else { return fallback }
        if let format = SubtitleOutputFormat(path: output) { return format }
        throw ValidationError("cannot tell the output format from '\(output)': use a .vtt, .srt, .ttml or .scc name, or --format vtt|srt|ttml|scc")
    }
}

/// Writes command output: standard output, or a file replaced safely.
enum SubtitleOutputFile {
    /// Prints `text` to standard output when `path` is nil or `-`, else writes it to `path`
    /// through a ``ReplacementFile``, so a crash never leaves a half-written file and the old
    /// one stays until the new is whole. On a terminal, control characters in cue text are
    /// shown escaped (``TerminalText/lines(_:)``); a pipe or file gets the text as it is. An
    /// existing file is replaced only when `replacingExisting` (`--overwrite`).
    static func save(_ text: String, to path: String?, replacingExisting: Bool) throws(BoxError) {
        guard let path, path != "-" else {
            print(isatty(STDOUT_FILENO) == 1 ? TerminalText.lines(text) : text, terminator: "")
            return
        }
        let file = try ReplacementFile(replacing: path, replacingExisting: replacingExisting)
        try file.sink.write(Array(text.utf8)[...])
        try file.commit()
    }
}

extension JSONValue {
    /// Cues as the `--json` output of `extract` and `convert` shows them: times in seconds (to
    /// the millisecond) and as WebVTT timestamps, the plain text, the WebVTT markup, the
    /// settings, placement and forced flag.
    static func cues(_ cues: [Cue]) -> JSONValue {
        .array(cues.map { cue in
            .object([
                ("identifier", .string(cue.identifier)),
                ("start", .seconds(Double(cue.start.roundedMilliseconds) / 1000)),
                ("end", .seconds(Double(cue.end.roundedMilliseconds) / 1000)),
                ("startTime", .string(cue.start.description)),
                ("endTime", .string(cue.end.description)),
                ("text", .string(cue.text.plainText)),
                ("markup", .string(WebVTTWriter.payloadText(cue.text))),
                ("settings", .string(WebVTTWriter.settingsText(for: cue))),
                ("placement", .string(cue.placement.rawValue)),
                ("forced", .bool(cue.isForced)),
            ])
        })
    }
}
