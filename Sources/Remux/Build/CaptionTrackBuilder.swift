import Conversion
import ISOBMFF
import Movie
import TimedText

/// Builds the `trak` of a new closed-caption track and its samples, as QTFF "Closed captioning
/// media" describes one and Apple's players expect it: handler `clcp`, a base media information
/// header (`gmhd` with `gmin`; `nmhd` in ISO files), one `c608` sample description with no
/// fields of its own, a sample per burst of byte pairs (`cdat`, or `cdt2` for field 2) lasting
/// until the next, in the grid's timescale (a burst too long for one sample its readers accept
/// continues in the next ones). The track has no size and starts disabled; the engine
/// puts it in the legible alternate group. Bursts past the movie's end are held to it as
/// ``pastEnd`` says (``CaptionBurstsPastEnd``).
struct CaptionTrackBuilder {
    let movieTimescale: UInt32
    let isQuickTime: Bool
    /// The movie's end, which bursts are held against; nil when the movie has no duration.
    let movieEnd: SubtitleTime?
    let pastEnd: PastEndPolicy

    /// The `c608` sample entry: the 8 bytes of every sample entry (QTFF "Closed captioning sample
    /// description" adds none).
    static let sampleDescription = Box(type: ClosedCaptionSample.format, payload: [0, 0, 0, 0, 0, 0, 0, 1])

    struct Result {
        /// The track, its properties still to be set and its chunk offset by the layout.
        var track: TrackBuilder
        var media: NewTrackMedia
        /// Captions shown late.
        var diagnostics: [String]
        /// What encoding the cues could not carry.
        var losses: [ConversionLoss]
    }

    func build(_ request: CaptionTrackRequest, trackID: UInt32) throws(EditError) -> Result {
        guard request.bursts.contains(where: { !$0.isPadding }) else {
            throw .noCaptionBytes
        }
        let held = try CaptionBurstsPastEnd(request.bursts, frameRate: request.frameRate, movieEnd: movieEnd, policy: pastEnd)
        guard held.bursts.contains(where: { !$0.isPadding }) else {
            throw .noShowableCues(reasons: held.losses.map(\.summary))
        }
        // A track the text-track reader (ours: `check`, `extract`, `info`) accepts: samples no
        // larger than it reads, and no more of them, nor bytes in all.
        let budget = SampleDataReader.textTrack
        let samples = held.trimmed(ClosedCaptionTrackCodec.samples(held.bursts, field: request.field, frameRate: request.frameRate,
                                                                   maxSampleBytes: Int(budget.maxSampleBytes)))
        let bytes = samples.reduce(UInt64(0)) { $0 + UInt64($1.bytes.count) }
        guard samples.count <= budget.maxSamples, bytes <= budget.maxTotalBytes else {
            throw .captionTrackTooLarge(samples: samples.count, bytes: bytes, maxSamples: budget.maxSamples, maxBytes: budget.maxTotalBytes)
        }
        var table = NewTrackSamples(kind: "a closed-caption sample")
        try boxing(table.append(samples))
        var track = TrackBuilder(trackID: trackID, flags: [.inMovie],
                                 handler: TrackBuilder.handler("clcp", name: ConventionalHandlerName.name(forHandlerType: "clcp"),
                                                               isQuickTime: isQuickTime),
                                 mediaInformationHeader: isQuickTime ? TrackBuilder.baseMediaHeader() : TrackBuilder.nullMediaHeader,
                                 sampleEntry: Self.sampleDescription, timescale: request.frameRate.timescale)
        try boxing(table.place(in: &track, movieTimescale: movieTimescale))
        return Result(track: track, media: table.media(trackID: trackID),
                      diagnostics: request.encodingWarnings.filter { !$0.isLoss }.map(\.description),
                      losses: request.losses + request.encodingWarnings.compactMap(\.loss) + held.losses)
    }
}
