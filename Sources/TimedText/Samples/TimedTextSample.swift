/// One sample of a subtitle track as bytes with its place on the track's timeline: what the
/// sample encoders produce and the decoders read.
public struct TimedTextSample: Sendable, Equatable {
    /// The decode time, in track timescale units.
    public var start: Int64
    /// The duration, in track timescale units.
    public var duration: Int64
    /// The sample data.
    public var bytes: [UInt8]

    /// Creates a sample.
    public init(start: Int64, duration: Int64, bytes: [UInt8]) {
        self.start = start
        self.duration = duration
        self.bytes = bytes
    }
}

extension Array where Element == Cue {
    /// Appends `cue`, or extends the last cue when `cue` continues it: it starts where the last
    /// one ends and shows the same thing. Consecutive samples that repeat a cue (a `tx3g` track
    /// split at another cue's boundary, or a writer that repeats text) become one cue again.
    mutating func appendMerging(_ cue: Cue) {
        if let last, last.end == cue.start, last.text == cue.text, last.placement == cue.placement,
           last.isForced == cue.isForced, last.settings == cue.settings, last.identifier == cue.identifier {
            self[count - 1].end = cue.end
        } else {
            append(cue)
        }
    }
}

extension TimedTextSample {
    /// Start and end as subtitle times; throws for a zero timescale.
    func times(timescale: UInt32) throws(SampleCodecError) -> (start: SubtitleTime, end: SubtitleTime) {
        // A sample's end saturates: file times may be anything, and a wrapped end would come
        // before its start.
        let (end, overflow) = self.start.addingReportingOverflow(max(0, duration))
        guard let startTime = SubtitleTime(units: self.start, timescale: timescale),
              let endTime = SubtitleTime(units: overflow ? .max : end, timescale: timescale) else {
            throw SampleCodecError(.invalidTimescale)
        }
        return (startTime, endTime)
    }
}
