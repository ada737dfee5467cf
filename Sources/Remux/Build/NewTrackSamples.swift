import ISOBMFF
import Movie
import TimedText

/// The samples of a track the engine builds, gathered as they come: their bytes back to back
/// (written as one chunk), their sizes, the `stts` runs of their durations and the media
/// duration, every sum and count checked, so no input makes the arithmetic trap.
struct NewTrackSamples {
    private(set) var bytes: [UInt8] = []
    private(set) var sizes: [UInt32] = []
    private var durations = RunLengthTable<UInt32>()
    /// The sum of the durations, in the media timescale.
    private(set) var duration: UInt64 = 0
    /// What the samples are, for messages ("a subtitle sample").
    let kind: String

    init(kind: String) { self.kind = kind }

    var count: Int { sizes.count }

    /// The `stts` runs of the durations.
    var runs: [(count: UInt32, delta: UInt32)] { durations.runs.map { ($0.count, $0.value) } }

    /// Adds a sample lasting `duration` media units.
    mutating func append(_ sample: [UInt8], duration: UInt64) throws(BoxError) {
        guard let delta = UInt32(exactly: duration), let size = UInt32(exactly: sample.count) else {
            throw BoxError(.invalidValue("\(kind) is longer than a 32-bit duration or size allows"), at: nil)
        }
        let (total, overflow) = self.duration.addingReportingOverflow(duration)
        guard !overflow, sizes.count < Int(UInt32.max) else {
            throw BoxError(.invalidValue("the track's samples last longer, or are more, than a track can hold"), at: nil)
        }
        self.duration = total
        bytes += sample
        sizes.append(size)
        durations.append(delta)
    }

    /// Adds encoded text or caption samples, whose durations are never negative.
    mutating func append(_ samples: [TimedTextSample]) throws(BoxError) {
        for sample in samples {
            guard let duration = UInt64(exactly: sample.duration) else {
                throw BoxError(.invalidValue("\(kind) has a negative duration"), at: nil)
            }
            try append(sample.bytes, duration: duration)
        }
    }

    /// Puts these samples in `track`: its sample tables, all samples in one chunk whose offset
    /// is a placeholder the layout sets; its media duration; and its duration in movie time,
    /// `trackDuration` when that is not the samples' (a chapter track lasts as long as the movie).
    func place(in track: inout TrackBuilder, movieTimescale: UInt32, trackDuration: UInt64? = nil) throws(BoxError) {
        let duration: UInt64
        if let trackDuration {
            duration = trackDuration
        } else {
            duration = try self.trackDuration(mediaTimescale: track.mediaHeader.timescale, movieTimescale: movieTimescale)
        }
        track.header.duration = duration
        // The version a `tkhd` made with this duration has (64-bit times past 32 bits).
        if duration > UInt64(UInt32.max) { track.header.version = 1 }
        track.mediaHeader.timing.setDuration(self.duration)
        track.sampleTables = [
            TimeToSampleBox(runs: runs).makeBox(),
            SampleToChunkBox(runs: [(1, UInt32(sizes.count), 1)]).makeBox(),
            SampleSizeBox(sizes: sizes).makeBox(),
            ChunkOffsetBox(offsets: [0], large: false).makeBox(),
        ]
    }

    /// The samples as the engine writes them.
    func media(trackID: UInt32) -> NewTrackMedia {
        NewTrackMedia(trackID: trackID, bytes: bytes, sampleCount: sizes.count)
    }

    /// The duration in the movie's timescale (what `tkhd` holds), rounded to the nearest unit;
    /// the product is taken in 128 bits, and a result past 64 bits is an error.
    func trackDuration(mediaTimescale: UInt32, movieTimescale: UInt32) throws(BoxError) -> UInt64 {
        try Self.rescale(duration, from: mediaTimescale, to: movieTimescale)
    }

    /// `value` units of `from` per second in units of `to`, rounded to the nearest unit.
    static func rescale(_ value: UInt64, from: UInt32, to: UInt32) throws(BoxError) -> UInt64 {
        guard from > 0 else { throw BoxError(.invalidValue("a media timescale of 0"), at: nil) }
        guard let result = roundedMultiplyDivide(value, by: UInt64(to), over: UInt64(from)) else {
            throw BoxError(.invalidValue("a duration of \(value) in timescale \(from) does not fit 64 bits in timescale \(to)"), at: nil)
        }
        return result
    }
}
