import ISOBMFF

/// The `trak` of a track the engine adds, with its samples: what the subtitle, caption, timed
/// metadata and chapter builders share. Each gives its handler, media information header and
/// sample description; this assembles the rest the same way for all — `tkhd`; `mdia` with `mdhd`,
/// `hdlr` in the file's form (QuickTime: component type `mhlr` and a Pascal name, QTFF "Handler
/// reference atom"; ISO: a NUL-terminated name, ISO/IEC 14496-12 §8.4.3) and `minf` holding the
/// header, a `dinf` saying the samples are in this file and an `stbl` of one chunk, whose offset
/// the layout sets.
struct NewTrack {
    var handler: FourCC
    /// The `hdlr` name: the conventional one for the handler (`ConventionalHandlerName`).
    var handlerName: String
    /// The media information header: `nmhd`, `gmhd`… (ISO/IEC 14496-12 §8.4.5).
    var mediaInformationHeader: Box
    var sampleEntry: Box
    var mediaTimescale: UInt32
    var flags: TrackHeaderBox.Flags
    /// Display size (16.16) and matrix: a subtitle track's text box over the video.
    var width: UInt32 = 0
    var height: UInt32 = 0
    var matrix: TransformationMatrix = .identity
    /// The `tkhd` duration in movie time when it is not the samples' (a chapter track lasts as
    /// long as the movie).
    var movieDuration: UInt64?

    /// QuickTime's base media information header, `gmhd` holding `gmin` (graphics mode
    /// ditherCopy, opcolor 0x8000 ×3, balance 0; QTFF "Base media info atom"), then `extra`.
    static func baseMediaHeader(_ extra: [Box] = []) -> Box {
        Box(type: "gmhd", children: [
            Box(type: "gmin", payload: [0, 0, 0, 0, 0x00, 0x40, 0x80, 0x00, 0x80, 0x00, 0x80, 0x00, 0, 0, 0, 0]),
        ] + extra)
    }

    /// The null media header, for media with none of their own (ISO/IEC 14496-12 §8.4.5.2).
    static let nullMediaHeader = Box(type: "nmhd", payload: [0, 0, 0, 0])

    /// The subtitle media header of a `subt` track (ISO/IEC 14496-12 §12.6.2).
    static let subtitleMediaHeader = Box(type: "sthd", payload: [0, 0, 0, 0])

    /// The header timed metadata and closed captions use: `gmhd` in a QuickTime movie (QTFF
    /// "Timed Metadata Media", "Closed captioning media"), `nmhd` in an ISO file.
    static func baseOrNullMediaHeader(isQuickTime: Bool) -> Box {
        isQuickTime ? baseMediaHeader() : nullMediaHeader
    }

    /// `dinf` with one self-contained `url ` entry: the samples are in this file.
    private static let dataInformation = Box(type: "dinf", children: [
        Box(type: "dref", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [Box(type: "url ", payload: [0, 0, 0, 1])], countsChildren: true),
    ])

    func build(trackID: UInt32, samples: NewTrackSamples, movieTimescale: UInt32,
               isQuickTime: Bool) throws(BoxError) -> (trak: Box, media: NewTrackMedia) {
        let duration: UInt64
        if let movieDuration {
            duration = movieDuration
        } else {
            duration = try samples.trackDuration(mediaTimescale: mediaTimescale, movieTimescale: movieTimescale)
        }
        let header = TrackHeaderBox(trackID: trackID, flags: flags, duration: duration, matrix: matrix, width: width, height: height)
        var handlerBox = HandlerBox(handlerType: handler, name: handlerName, componentType: isQuickTime ? "mhlr" : FourCC(rawValue: 0))
        if isQuickTime { handlerBox.nameForm = .pascal }
        let media = Box(type: "mdia", children: [
            MediaHeaderBox(timing: HeaderTiming(timescale: mediaTimescale, duration: samples.duration), language: .undetermined).makeBox(),
            handlerBox.makeBox(),
            Box(type: "minf", children: [mediaInformationHeader, Self.dataInformation, samples.sampleTable(entry: sampleEntry)]),
        ])
        return (Box(type: "trak", children: [header.makeBox(), media]), samples.media(trackID: trackID))
    }
}
