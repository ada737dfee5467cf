import ArgumentParser
import ISOBMFF
import TimedText

/// Reads a subtitle file (SubRip, WebVTT or TTML) into cues, as `convert` and `add-subtitles`
/// both do: the format from the extension, else from the content.
enum SubtitleInputFile {
    /// Why a subtitle file could not be read: one line naming the file.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ path: String) throws(Failure) -> SubtitleDocument {
        do {
            let bytes = try SmallInputFile.read(path, limit: UInt64(SubtitleParseLimits.standard.maxInputBytes), kind: "a subtitle file")
            switch format(ofPath: path) ?? SubtitleFormat.sniff(bytes) {
            case .subRip: return try SubRipParser.parse(bytes: bytes)
            case .webVTT: return try WebVTTParser.parse(bytes: bytes)
            case .ttml: return try TTMLParser.parse(bytes: bytes)
            }
        } catch let error as BoxError {
            throw Failure(description: "\(path): \(error)")
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }

    /// Reads a command's subtitle file: a file that cannot be read is one `error:` line and exit
    /// status 2; what the parser tolerated is printed as warnings.
    static func readForCommand(_ path: String) throws -> SubtitleDocument {
        let document: SubtitleDocument
        do {
            document = try read(path)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        for warning in document.warnings { printWarning("\(path): \(warning)") }
        return document
    }

    /// Whether `path` names a subtitle file by its extension.
    static func isSubtitlePath(_ path: String) -> Bool { format(ofPath: path) != nil }

    /// The input format an extension names.
    private static func format(ofPath path: String) -> SubtitleFormat? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".srt") { return .subRip }
        if lowered.hasSuffix(".vtt") || lowered.hasSuffix(".webvtt") { return .webVTT }
        if [".ttml", ".xml", ".dfxp"].contains(where: lowered.hasSuffix) { return .ttml }
        return nil
    }
}
