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

/// The samples of a subtitle track and the sample description they need: what an encoder hands
/// to whoever writes the track (the remux engine, or a test's minimal MP4 writer).
public struct EncodedTextTrack<Description: Sendable & Equatable>: Sendable, Equatable {
    /// The sample description (the single `stsd` entry).
    public var description: Description
    /// The timescale of every start and duration.
    public var timescale: UInt32
    /// The samples, contiguous from time 0.
    public var samples: [TimedTextSample]

    /// Creates an encoded track.
    public init(description: Description, timescale: UInt32, samples: [TimedTextSample]) {
        self.description = description
        self.timescale = timescale
        self.samples = samples
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
        guard let startTime = SubtitleTime(units: self.start, timescale: timescale),
              let endTime = SubtitleTime(units: self.start &+ max(0, duration), timescale: timescale) else {
            throw SampleCodecError(.invalidTimescale)
        }
        return (startTime, endTime)
    }
}
