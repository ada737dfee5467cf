import ArgumentParser
import ISOBMFF
import TimedText

/// A captions file as `add-captions` and `convert` read it: SCC byte pairs (by the `.scc`
/// extension or the `Scenarist_SCC` header), or cues from SubRip, WebVTT or TTML.
enum CaptionInputFile {
    case scc(SCCDocument)
    case cues(SubtitleDocument)

    static func read(_ path: String) throws(SubtitleInputFile.Failure) -> CaptionInputFile {
        guard isSCC(path) else { return .cues(try SubtitleInputFile.read(path)) }
        do {
            let bytes = try SmallInputFile.read(path, limit: UInt64(SubtitleParseLimits.standard.maxInputBytes), kind: "an SCC file")
            return .scc(try SCCParser.parse(bytes: bytes))
        } catch let error as BoxError {
            throw SubtitleInputFile.Failure(description: "\(path): \(error)")
        } catch {
            throw SubtitleInputFile.Failure(description: "\(path): \(error)")
        }
    }

    /// `.scc`, or a file that starts with the SCC header.
    private static func isSCC(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".scc") { return true }
        guard let source = try? FileByteSource(path: path),
              let bytes = try? source.read(at: 0, count: Int(min(source.size, 16))) else { return false }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3).prefix(13)) : Array(bytes.prefix(13))
        return start == Array("Scenarist_SCC".utf8)
    }
}

extension CEA608Channel: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
