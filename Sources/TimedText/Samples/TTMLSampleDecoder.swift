import Conversion
import ISOBMFF

/// Reads `stpp` samples back into cues: each sample is a TTML document (ISO/IEC 14496-30 §5)
/// whose times are on the track's media timeline, read with ``TTMLParser``.
///
/// A cue shown across several samples is in each of their documents with the same times; it
/// becomes one cue again (a cue equal to one of the previous sample's is not repeated), and a
/// cue cut at sample boundaries (consecutive pieces with the same text) is joined.
public enum TTMLSampleDecoder {
    /// The cues of a track's samples, and what the documents held that cues cannot (the
    /// parser's warnings, one loss per message naming the samples).
    ///
    /// - Throws: ``SampleCodecError`` naming the first sample whose document does not parse,
    ///   or a zero timescale.
    public static func cues(from samples: [TimedTextSample], timescale: UInt32) throws(SampleCodecError) -> (cues: [Cue], losses: [ConversionLoss]) {
        guard timescale > 0 else { throw SampleCodecError(.invalidTimescale) }
        var cues: [Cue] = []
        var previous: [Cue] = []
        var warnings: [String: [Int]] = [:]
        var order: [String] = []
        for (index, sample) in samples.enumerated() {
            let times = try sample.times(timescale: timescale)
            let document: SubtitleDocument
            do throws(SubtitleParseError) {
                document = try TTMLParser.parse(bytes: sample.bytes)
            } catch {
                throw SampleCodecError(.malformedDocument(error.description), sampleIndex: index, sampleStart: times.start)
            }
            var messages = document.warnings.filter { $0 != .noCues }.map(\.message)
            if !document.imageLines.isEmpty { messages.append("image subtitles (smpte:backgroundImage) are not read") }
            for message in messages {
                if warnings[message] == nil { order.append(message) }
                warnings[message, default: []].append(index + 1)
            }
            for cue in document.cues where !previous.contains(cue) { cues.appendMerging(cue) }
            previous = document.cues
        }
        let sampleSubject = ConversionLoss.Subject(singular: "sample", plural: "samples")
        let losses = order.map { message in
            ConversionLoss(kind: .ttmlDocument, subject: sampleSubject, numbers: warnings[message] ?? [], message: message)
        }
        return (cues, losses)
    }

    /// The libFuzzer entry point: decodes arbitrary bytes as two samples and as a sample
    /// entry. Never traps; errors are expected and ignored.
    public static func fuzz(_ bytes: [UInt8]) {
        _ = try? cues(from: [TimedTextSample(start: 0, duration: 1, bytes: bytes),
                             TimedTextSample(start: 1, duration: 1, bytes: bytes)], timescale: 1000)
        let entry = Box(type: TTMLSampleDescription.format, payload: [0, 0, 0, 0, 0, 0, 0, 1] + bytes)
        if let description = try? TTMLSampleDescription(entry) {
            _ = description.codecsString
            _ = description.makeBox()
        }
    }
}

/// The loss of what a TTML sample says that cues cannot.
extension ConversionLoss.Kind {
    /// What a TTML document in an `stpp` sample says that cues cannot (the parser's warnings).
    public static let ttmlDocument = Self(rawValue: "ttml-document")
}
