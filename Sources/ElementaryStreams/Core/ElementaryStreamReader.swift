import ISOBMFF

/// Reads a raw audio file as audio houses deliver it (ADTS AAC, AC-3, E-AC-3, WAV/BWF/RF64 PCM)
/// into an ``ElementaryStream``: the format is recognised by the file's first bytes, an ID3v2
/// tag before ADTS frames skipped; the extension only words the error for a file none of them
/// starts.
///
/// The file is walked header by header with positional reads; memory grows with the sample
/// table only (see ``ElementaryStreamSamples``).
public enum ElementaryStreamReader {
    /// The extensions of the formats read, for callers that list them.
    public static let extensions: [String: ElementaryStream.Format] = [
        "aac": .adtsAAC, "adts": .adtsAAC, "ac3": .ac3, "ec3": .eac3, "eac3": .eac3, "wav": .pcm, "bwf": .pcm, "rf64": .pcm,
    ]

    /// Reads the file at `path`.
    public static func read(path: String) throws(ElementaryStreamError) -> ElementaryStream {
        let source: FileByteSource
        do {
            source = try FileByteSource(path: path)
        } catch {
            throw ElementaryStreamError(.io, "\(error)", at: nil)
        }
        return try read(source, fileName: path)
    }

    /// Reads `source`; `fileName` (its name or path) words the error for an unrecognised file.
    public static func read(_ source: any ByteSource, fileName: String) throws(ElementaryStreamError) -> ElementaryStream {
        var window = SourceWindow(source)
        let start = try skippingID3(&window)
        let head = try window.bytes(at: start, upTo: 12)
        if head.isEmpty { throw ElementaryStreamError(.noFrames, "the file holds no audio", at: start) }
        if WAVReader.hasSignature(head) { return try WAVReader.read(source, from: start) }
        if ADTSHeader.hasSync(head) { return try ADTSReader.read(source, from: start) }
        if AC3FrameHeader.hasSync(head), let bsid = AC3FrameHeader.bitStreamID(head) {
            return bsid > 10 ? try EAC3Reader.read(source, from: start) : try AC3Reader.read(source, from: start)
        }
        let suffix = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let expected = extensions[suffix].map { "no \($0.rawValue) sync at its start" } ?? "its start is no ADTS, AC-3, E-AC-3 or WAV sync"
        throw ElementaryStreamError(.unrecognized, "\(fileName) is not a raw audio stream Legible reads: \(expected)", at: start)
    }

    /// The offset after an ID3v2 tag at the start (ID3v2.4 §3.1: "ID3", version, flags, a
    /// 28-bit sync-safe size, 10 more bytes with a footer), which some AAC files begin with; 0
    /// without one.
    private static func skippingID3(_ window: inout SourceWindow) throws(ElementaryStreamError) -> UInt64 {
        let head = Array(try window.bytes(at: 0, upTo: 10))
        guard head.count == 10, head[0...2] == [0x49, 0x44, 0x33][...], head[6...9].allSatisfy({ $0 < 0x80 }) else { return 0 }
        let size = head[6...9].reduce(UInt64(0)) { $0 << 7 | UInt64($1) }
        return 10 + size + (head[5] & 0x10 != 0 ? 10 : 0)
    }
}
