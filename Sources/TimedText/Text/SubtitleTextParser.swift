/// A parser of one subtitle text format. Conformers parse decoded text; decoding bytes (byte
/// order marks, UTF-16, what to do with bytes that are not UTF-8) is shared here.
public protocol SubtitleTextParser {
    /// How bytes that are not valid UTF-8 are read: SubRip files in the wild are often
    /// Windows-1252; WebVTT and TTML are UTF-8 by definition.
    static var undecodableFallback: SubtitleTextDecoder.Fallback { get }

    /// Parses text that is already decoded.
    static func parse(string: String, limits: SubtitleParseLimits) throws(SubtitleParseError) -> SubtitleDocument
}

extension SubtitleTextParser {
    /// Parses bytes in any encoding the format allows. Never traps, whatever the bytes: this is
    /// the libFuzzer entry point.
    public static func parse(bytes: [UInt8], limits: SubtitleParseLimits = .standard) throws(SubtitleParseError) -> SubtitleDocument {
        try limits.checkSize(bytes.count)
        let decoded = SubtitleTextDecoder.decode(bytes, fallback: undecodableFallback)
        var document = try parse(string: decoded.text, limits: limits)
        document.warnings.insert(contentsOf: decoded.warnings, at: 0)
        return document
    }
}
