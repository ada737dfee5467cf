import ISOBMFF

/// The samples of a track the engine adds, gathered as they are made: their bytes back to back,
/// their sizes and their durations as `stts` runs, each checked to fit its 32-bit field.
struct NewTrackSamples {
    private(set) var bytes: [UInt8] = []
    private(set) var sizes: [UInt32] = []
    private(set) var runs: [(count: UInt32, delta: UInt32)] = []
    /// The sum of the durations, in the media timescale.
    private(set) var duration: UInt64 = 0

    /// Appends a sample; `kind` names the track in the error ("a closed-caption sample").
    mutating func append(_ sample: [UInt8], duration: Int64, kind: String) throws(BoxError) {
        guard let delta = UInt32(exactly: duration), let size = UInt32(exactly: sample.count),
              sizes.count < Int(UInt32.max) else {
            throw BoxError(.invalidValue("\(kind) is longer than a 32-bit duration or size allows"), at: nil)
        }
        let (total, overflow) = self.duration.addingReportingOverflow(UInt64(delta))
        guard !overflow else { throw BoxError(.invalidValue("the \(kind)s last longer than a 64-bit duration allows"), at: nil) }
        self.duration = total
        bytes += sample
        sizes.append(size)
        if let last = runs.last, last.delta == delta, last.count < UInt32.max {
            runs[runs.count - 1].count += 1
        } else {
            runs.append((1, delta))
        }
    }

    /// The `stbl` for these samples, in one chunk.
    func sampleTable(entry: Box) -> Box {
        NewTrackBoxes.sampleTable(entry: entry, runs: runs, sizes: sizes)
    }

    func media(trackID: UInt32) -> NewTrackMedia {
        NewTrackMedia(trackID: trackID, bytes: bytes, sampleCount: sizes.count)
    }

    /// The duration in `movieTimescale` units, rounded, for `tkhd`.
    func trackDuration(mediaTimescale: UInt32, movieTimescale: UInt32) -> UInt64 {
        guard mediaTimescale > 0 else { return 0 }
        let product = duration.multipliedFullWidth(by: UInt64(movieTimescale))
        let (low, carry) = product.low.addingReportingOverflow(UInt64(mediaTimescale) / 2)
        let high = product.high + (carry ? 1 : 0)
        guard high < UInt64(mediaTimescale) else { return UInt64.max }
        return UInt64(mediaTimescale).dividingFullWidth((high: high, low: low)).quotient
    }
}
