import Conversion
import ISOBMFF
import Movie
import TimedText

/// Builds the `trak` of a new subtitle track and its samples, the way Apple players expect
/// (QTFF "Subtitle media", SPEC: handler `sbtl`, `nmhd`, one `tx3g` sample description, track
/// size and position from the main video) or as ISO/IEC 14496-30 `wvtt` (handler `text`) or
/// `stpp` (handler `subt`).
struct SubtitleTrackBuilder {
    /// The movie the track goes into.
    let movieTimescale: UInt32
    /// The main video's display size (16.16), zero when the movie has no video.
    let videoWidth: UInt32
    let videoHeight: UInt32
    let isQuickTime: Bool
    /// The movie's end, which cues are held against; nil when the movie has no duration.
    let movieEnd: SubtitleTime?
    let pastEnd: PastEndPolicy

    /// Media timescale of new subtitle tracks: milliseconds, the precision of SubRip and WebVTT.
    static let timescale: UInt32 = 1000

    struct Result {
        /// The track, its properties still to be set and its chunk offset by the layout.
        var track: TrackBuilder
        var media: NewTrackMedia
        /// `sbtl` or `text`.
        var handler: FourCC
        /// Cues dropped or cut while laying out the timeline.
        var diagnostics: [String]
        /// What the cues have that the sample format cannot carry, and cues held to the movie's end.
        var losses: [ConversionLoss]
    }

    func build(_ request: SubtitleTrackRequest, trackID: UInt32) throws(EditError) -> Result {
        guard !request.cues.isEmpty else { throw .noCues }
        // Cues without an end show until the movie does (or the longer track it is lengthened to).
        let closed = OpenEndedCues.closed(request.cues, at: movieEnd)
        let cues = request.isForcedOnly ? closed.map { cue in
            var forced = cue
            forced.isForced = true
            return forced
        } : closed
        var losses = request.documentLosses
        let clipEnd = pastEnd == .extend ? nil : movieEnd
        if let clipEnd {
            let pastEnd = CuesPastEnd(cues, end: clipEnd)
            if self.pastEnd == .refuse, let first = pastEnd.firstPastEnd {
                let cue = cues[first - 1]
                throw .cuePastEnd(number: first, start: cue.start, end: cue.end, movieEnd: clipEnd)
            }
            losses += pastEnd.losses
        }
        let timeline: CueTimeline
        do throws(CueTimelineError) {
            timeline = try CueTimeline(cues: cues, timescale: Self.timescale, clippedAt: clipEnd)
        } catch {
            throw EditError.cueTimeline(error)
        }
        guard !timeline.samples.isEmpty else {
            throw .noShowableCues(reasons: losses.map(\.summary) + timeline.diagnostics.map(\.message))
        }
        let pixelWidth = UInt16(clamping: videoWidth >> 16)
        let pixelHeight = UInt16(clamping: videoHeight >> 16)
        let entry: Box
        let samples: [TimedTextSample]
        let handler: FourCC
        var width = videoWidth, height = videoHeight
        var matrix = TransformationMatrix.identity
        switch request.format {
        case .tx3g:
            let encoded: EncodedTextTrack<Tx3gSampleDescription>
            do throws(SampleCodecError) {
                encoded = try Tx3gSampleEncoder.encode(timeline, videoWidth: pixelWidth, videoHeight: pixelHeight)
            } catch {
                throw EditError.subtitleCodec(error)
            }
            entry = encoded.description.makeBox()
            samples = encoded.samples
            losses += encoded.losses
            handler = "sbtl"
            let placement = SubtitleTextBoxPlacement(encoded.description, videoWidth: videoWidth, videoHeight: videoHeight)
            (width, height, matrix) = (placement.width, placement.height, placement.matrix)
        case let .webVTT(header, sourceLabel):
            let encoded = WebVTTSampleEncoder.encode(timeline, header: header, sourceLabel: sourceLabel)
            entry = encoded.description.makeBox()
            samples = encoded.samples
            losses += encoded.losses
            handler = "text"
        case .ttml:
            let encoded = TTMLSampleEncoder.encode(timeline, language: request.properties.language?.description)
            entry = encoded.description.makeBox()
            samples = encoded.samples
            losses += encoded.losses
            handler = "subt"
        }
        var table = NewTrackSamples(kind: "a subtitle sample")
        try boxing(table.append(samples))
        // A TTML (`stpp`) track is subtitle media: `sthd` (ISO/IEC 14496-12 §12.6.2).
        let mediaHeader = handler == "subt" ? TrackBuilder.subtitleMediaHeader : TrackBuilder.nullMediaHeader
        var track = TrackBuilder(trackID: trackID, flags: [.inMovie],
                                 handler: TrackBuilder.handler(handler, name: ConventionalHandlerName.name(forHandlerType: handler),
                                                               isQuickTime: isQuickTime),
                                 mediaInformationHeader: mediaHeader, sampleEntry: entry, timescale: Self.timescale)
        (track.header.width, track.header.height, track.header.matrix) = (width, height, matrix)
        try boxing(table.place(in: &track, movieTimescale: movieTimescale))
        return Result(track: track, media: table.media(trackID: trackID), handler: handler,
                      diagnostics: timeline.diagnostics.map(\.message), losses: losses)
    }
}
