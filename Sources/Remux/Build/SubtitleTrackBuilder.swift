import ISOBMFF
import Movie
import TimedText

/// Builds the `trak` of a new subtitle track and its samples, the way Apple players expect
/// (QTFF "Subtitle media", SPEC: handler `sbtl`, `nmhd`, one `tx3g` sample description, track
/// size and position from the main video) or as ISO/IEC 14496-30 `wvtt` (handler `text`).
struct SubtitleTrackBuilder {
    /// The movie the track goes into.
    let movieTimescale: UInt32
    /// The main video's display size (16.16), zero when the movie has no video.
    let videoWidth: UInt32
    let videoHeight: UInt32
    let isQuickTime: Bool

    /// Media timescale of new subtitle tracks: milliseconds, the precision of SubRip and WebVTT.
    static let timescale: UInt32 = 1000

    /// The `hdlr` name of an `sbtl` track (FFmpeg's and Subler's).
    static let subtitleHandlerName = "SubtitleHandler"

    /// The media information header of a subtitle track: `nmhd` (ISO/IEC 14496-12 §8.4.5.2,
    /// for media with no header of their own; QTFF defines none for subtitle media).
    static let nullMediaHeader = Box(type: "nmhd", payload: [0, 0, 0, 0])

    struct Result {
        /// The `trak`, its chunk offset still to be set by the layout.
        var trak: Box
        var media: NewTrackMedia
        /// `sbtl` or `text`.
        var handler: FourCC
        /// Cues dropped or cut while laying out the timeline.
        var diagnostics: [SubtitleDiagnostic]
        /// What the cues have that the sample format cannot carry.
        var losses: [ConversionLoss]
    }

    func build(_ request: SubtitleTrackRequest, trackID: UInt32) throws(BoxError) -> Result {
        guard !request.cues.isEmpty else { throw BoxError(.invalidValue("the subtitle file has no cues"), at: nil) }
        let cues = request.isForcedOnly ? request.cues.map { cue in
            var forced = cue
            forced.isForced = true
            return forced
        } : request.cues
        let timeline: CueTimeline
        do throws(CueTimelineError) {
            timeline = try CueTimeline(cues: cues, timescale: Self.timescale)
        } catch {
            throw BoxError(.invalidValue("\(error)"), at: nil)
        }
        guard !timeline.samples.isEmpty else {
            throw BoxError(.invalidValue("no cue of the subtitle file can be shown: \(timeline.diagnostics.map(\.message).joined(separator: "; "))"), at: nil)
        }
        let pixelWidth = UInt16(clamping: videoWidth >> 16)
        let pixelHeight = UInt16(clamping: videoHeight >> 16)
        let entry: Box
        let samples: [TimedTextSample]
        let losses: [ConversionLoss]
        let handler: FourCC
        var width = videoWidth, height = videoHeight
        var matrix = TransformationMatrix.identity
        switch request.format {
        case .tx3g:
            let encoded: EncodedTextTrack<Tx3gSampleDescription>
            do throws(SampleCodecError) {
                encoded = try Tx3gSampleEncoder.encode(timeline, videoWidth: pixelWidth, videoHeight: pixelHeight)
            } catch {
                throw BoxError(.invalidValue("\(error)"), at: nil)
            }
            entry = encoded.description.makeBox()
            samples = encoded.samples
            losses = encoded.losses
            handler = "sbtl"
            let placement = SubtitleTextBoxPlacement(encoded.description, videoWidth: videoWidth, videoHeight: videoHeight)
            (width, height, matrix) = (placement.width, placement.height, placement.matrix)
        case let .webVTT(header, sourceLabel):
            let encoded = WebVTTSampleEncoder.encode(timeline, header: header, sourceLabel: sourceLabel)
            entry = encoded.description.makeBox()
            samples = encoded.samples
            losses = encoded.losses
            handler = "text"
        }
        var bytes: [UInt8] = []
        var sizes: [UInt32] = []
        var runs: [(count: UInt32, delta: UInt32)] = []
        var mediaDuration: UInt64 = 0
        for sample in samples {
            guard let duration = UInt32(exactly: sample.duration), let size = UInt32(exactly: sample.bytes.count) else {
                throw BoxError(.invalidValue("a subtitle sample is longer than a 32-bit duration or size allows"), at: nil)
            }
            bytes += sample.bytes
            sizes.append(size)
            mediaDuration += UInt64(duration)
            if let last = runs.last, last.delta == duration {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((1, duration))
            }
        }
        let trackDuration = (mediaDuration * UInt64(movieTimescale) + UInt64(Self.timescale) / 2) / UInt64(Self.timescale)
        let header = TrackHeaderBox(trackID: trackID, flags: [.inMovie], duration: trackDuration,
                                    matrix: matrix, width: width, height: height)
        var handlerBox = HandlerBox(handlerType: handler, name: handler == "sbtl" ? Self.subtitleHandlerName : "TextHandler",
                                    componentType: isQuickTime ? "mhlr" : FourCC(rawValue: 0))
        if isQuickTime { handlerBox.nameForm = .pascal }
        let sampleTable = Box(type: "stbl", children: [
            Box(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [entry], countsChildren: true),
            TimeToSampleBox(runs: runs).makeBox(),
            SampleToChunkBox(runs: [(1, UInt32(samples.count), 1)]).makeBox(),
            SampleSizeBox(sizes: sizes).makeBox(),
            ChunkOffsetBox(offsets: [0], large: false).makeBox(),
        ])
        let selfContained = Box(type: "url ", payload: [0, 0, 0, 1])
        let mediaInformation = Box(type: "minf", children: [
            Self.nullMediaHeader,
            Box(type: "dinf", children: [Box(type: "dref", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [selfContained],
                                             countsChildren: true)]),
            sampleTable,
        ])
        let media = Box(type: "mdia", children: [
            MediaHeaderBox(timing: HeaderTiming(timescale: Self.timescale, duration: mediaDuration),
                           language: .undetermined).makeBox(),
            handlerBox.makeBox(),
            mediaInformation,
        ])
        let trak = Box(type: "trak", children: [header.makeBox(), media])
        return Result(trak: trak, media: NewTrackMedia(trackID: trackID, bytes: bytes, sampleCount: samples.count),
                      handler: handler, diagnostics: timeline.diagnostics, losses: losses)
    }
}
