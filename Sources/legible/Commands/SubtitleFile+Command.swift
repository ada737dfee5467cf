import ArgumentParser
import TimedText

extension SubtitleFile {
    /// Reads a command's subtitle file: a file that cannot be read is one `error:` line and exit
    /// status 2; what the parser tolerated is printed as warnings.
    static func readForCommand(_ path: String) throws -> SubtitleDocument {
        let document: SubtitleDocument
        do {
            document = try read(path)
        } catch {
            throw CommandFailure(file: nil, error)
        }
        for warning in document.warnings { printWarning("\(path): \(warning)") }
        return document
    }
}
