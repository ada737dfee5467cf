import ISOBMFF

/// Why a timed-text sample or sample description could not be encoded or decoded.
///
/// The error names the sample (0-based index and start time) when there is one, so a user can
/// find the offending cue, and keeps the underlying `BoxError` (with its box path and offset)
/// for malformed input.
public struct SampleCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var reason: Reason
    /// The 0-based index of the sample, when the problem is in one sample.
    public var sampleIndex: Int?
    /// When that sample starts, when known.
    public var sampleStart: SubtitleTime?

    /// Creates an error.
    public init(_ reason: Reason, sampleIndex: Int? = nil, sampleStart: SubtitleTime? = nil) {
        self.reason = reason
        self.sampleIndex = sampleIndex
        self.sampleStart = sampleStart
    }

    /// The kinds of problem.
    public enum Reason: Sendable, Equatable {
        /// The text of a `tx3g` sample needs more than 65,535 UTF-8 bytes (its length is 16-bit).
        case textTooLong(byteCount: Int, limit: Int)
        /// The bytes do not have the structure the format requires.
        case malformed(BoxError)
        /// A sample entry of another format was given to a codec.
        case wrongSampleEntry(expected: FourCC, found: FourCC)
        /// A required box is missing (`vttC` in a `wvtt` entry, `payl` in a `vttc`).
        case missingBox(FourCC)
        /// A timescale of 0.
        case invalidTimescale
        /// A sample's document (`stpp`: TTML) does not parse; the text says why.
        case malformedDocument(String)
    }

    /// Adds the sample's index and start to an error raised without them.
    func inSample(_ index: Int, start: SubtitleTime?) -> SampleCodecError {
        SampleCodecError(reason, sampleIndex: sampleIndex ?? index, sampleStart: sampleStart ?? start)
    }

    public var description: String {
        let text: String
        switch reason {
        case .textTooLong(let count, let limit):
            text = "text is \(count) UTF-8 bytes, more than the \(limit) a tx3g sample can hold"
        case .malformed(let error):
            text = "malformed: \(error.description)"
        case .wrongSampleEntry(let expected, let found):
            text = "expected a '\(expected)' sample entry, found '\(found)'"
        case .missingBox(let type):
            text = "required '\(type)' box is missing"
        case .invalidTimescale:
            text = "the timescale is 0"
        case .malformedDocument(let reason):
            text = "the document does not parse: \(reason)"
        }
        var context: [String] = []
        if let sampleIndex { context.append("sample \(sampleIndex + 1)") }
        if let sampleStart { context.append("at \(sampleStart)") }
        return context.isEmpty ? text : context.joined(separator: " ") + ": " + text
    }
}
