#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import ISOBMFF
import TimedText

/// The subtitle formats `extract` and `convert` write.
enum SubtitleOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case vtt, srt

    /// The format a path's extension asks for, if it names one.
    init?(path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".vtt") || lowered.hasSuffix(".webvtt") {
            self = .vtt
        } else if lowered.hasSuffix(".srt") {
            self = .srt
        } else {
            return nil
        }
    }

    /// The output format from `--format`, else the output path's extension, else `fallback`;
    /// a usage error when an output path has an extension that is neither.
    static func resolve(explicit: SubtitleOutputFormat?, output: String?, fallback: SubtitleOutputFormat) throws -> SubtitleOutputFormat {
        if let explicit { return explicit }
        guard let output, output != "-" else { return fallback }
        if let format = SubtitleOutputFormat(path: output) { return format }
        throw ValidationError("cannot tell the output format from '\(output)': use a .vtt or .srt name, or --format vtt|srt")
    }

    /// The file text for `cues` (a WebVTT file keeps `header`).
    func render(_ cues: [Cue], header: WebVTTHeader?) -> String {
        switch self {
        case .vtt: WebVTTWriter.write(cues: cues, header: header ?? WebVTTHeader())
        case .srt: SubRipWriter.write(cues: cues)
        }
    }
}

/// Writes command output: standard output, or a file replaced safely.
enum SubtitleOutputFile {
    /// Prints `text` to standard output when `path` is nil or `-`, else writes it to `path`
    /// through a temporary file in the same folder that is synced and renamed over the target,
    /// so a crash never leaves a half-written file and the old one stays until the new is whole.
    static func save(_ text: String, to path: String?) throws(BoxError) {
        guard let path, path != "-" else {
            print(text, terminator: "")
            return
        }
        func failure(_ what: String) -> BoxError {
            BoxError(.io("cannot \(what) '\(path)': \(String(cString: strerror(errno)))"), at: nil)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".legible-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw failure("create a temporary file next to") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        guard writeAll(Array(text.utf8), to: descriptor) else {
            let error = failure("write")
            close(descriptor)
            throw error
        }
        // mkstemp creates the file 0600; a subtitle file is an ordinary document.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard fsync(descriptor) == 0 else {
            let error = failure("sync")
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("close") }
        guard rename(temporary, path) == 0 else { throw failure("replace") }
        ok = true
        // Sync the folder too, so the rename itself survives a crash.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
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
