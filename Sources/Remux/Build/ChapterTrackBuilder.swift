import Conversion
import ISOBMFF
import Movie
import TimedText

/// Builds the `trak` of a QuickTime chapter track and its samples (QTFF "Chapter lists",
/// "Text media"): handler `text`, `gmhd` with `gmin` and the text media `text` atom, one `text`
/// sample description, one sample per chapter lasting until the next and the last until the
/// movie's end; disabled and in no alternate group, since players show it as a chapter menu,
/// not as a track.
struct ChapterTrackBuilder {
    let movieTimescale: UInt32
    /// The movie's duration in its timescale: where the last chapter ends.
    let movieDuration: UInt64
    let isQuickTime: Bool
    /// Chapters starting at or after the movie's end: left out with `clip`, refused otherwise
    /// (a chapter marks a point in the movie, which cannot grow to hold it).
    let pastEnd: PastEndPolicy

    /// Media timescale: milliseconds, the precision of the chapter list formats read.
    static let timescale: UInt32 = 1000

    /// The text sample description (QTFF "Text sample description"): display flags 0, left
    /// justified, black background, default text box 0 (the track box), reserved, font number
    /// 0, plain face, reserved, white foreground, empty font name.
    static let sampleDescription: Box = {
        var writer = ByteWriter()
        writer.write(bytes: [0, 0, 0, 0, 0, 0])   // reserved
        writer.write(UInt16(1))                     // data reference index
        writer.write(UInt32(0))                     // display flags
        writer.write(Int32(0))                      // text justification: left
        writer.write(bytes: [UInt8](repeating: 0, count: 6))   // background color
        writer.write(bytes: [UInt8](repeating: 0, count: 8))   // default text box
        writer.write(bytes: [UInt8](repeating: 0, count: 8))   // reserved
        writer.write(UInt16(0))                     // font number
        writer.write(UInt16(0))                     // font face
        writer.write(UInt8(0))                      // reserved
        writer.write(UInt16(0))                     // reserved
        writer.write(bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])  // foreground color
        writer.write(UInt8(0))                      // text name: empty Pascal string
        return Box(type: "text", payload: writer.bytes)
    }()

    /// The `text` atom Apple's text tracks carry in `gmhd`, which QuickTime needs to show
    /// chapters: a 3×3 identity matrix. QTFF does not document it; FFmpeg writes these bytes
    /// (libavformat/movenc.c `mov_write_gmhd_tag`).
    static let textMediaInformation: Box = {
        var writer = ByteWriter()
        for value: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { writer.write(value) }
        return Box(type: "text", payload: writer.bytes)
    }()

    struct Result {
        /// The track, its properties still to be set and its chunk offset by the layout.
        var track: TrackBuilder
        var media: NewTrackMedia
        /// Chapters left out at the movie's end.
        var losses: [ConversionLoss]
        /// The chapters written: those that start before the movie's end.
        var chapters: [Chapter]
    }

    func build(_ request: ChapterTrackRequest, trackID: UInt32) throws(EditError) -> Result {
        guard let first = request.chapters.first else { throw .noChapters }
        guard first.start == .zero else {
            throw .firstChapterNotAtZero(start: first.start)
        }
        guard movieTimescale > 0, movieDuration > 0 else {
            throw .movieHasNoDuration
        }
        let movieEnd = SubtitleTime(units: Int64(clamping: movieDuration), timescale: movieTimescale) ?? .zero
        let mediaEnd = movieEnd.units(inTimescale: Self.timescale)
        let kept = request.chapters.prefix { $0.start.units(inTimescale: Self.timescale) < mediaEnd }
        var losses: [ConversionLoss] = []
        if kept.count < request.chapters.count {
            let first = request.chapters[kept.count]
            guard pastEnd == .clip else {
                throw .chapterPastEnd(number: kept.count + 1, title: first.title, start: first.start, movieEnd: movieEnd)
            }
            losses = ConversionLoss.heldToMovieEnd(.chapter, leftOut: Array(kept.count + 1...request.chapters.count), cut: [], end: movieEnd)
        }
        var samples = NewTrackSamples(kind: "a chapter sample")
        for (index, chapter) in kept.enumerated() {
            let start = chapter.start.units(inTimescale: Self.timescale)
            let end = index + 1 < kept.count ? kept[index + 1].start.units(inTimescale: Self.timescale) : mediaEnd
            guard end > start else {
                throw .chapterTooShort(number: index + 1, title: chapter.title, start: chapter.start)
            }
            let sample = try QuickTimeTextSample.encode(chapter.title)
            try boxing(samples.append(sample, duration: UInt64(end - start)))
        }
        var track = TrackBuilder(trackID: trackID, flags: [.inMovie],
                                 handler: TrackBuilder.handler("text", name: "ChapterHandler", isQuickTime: isQuickTime),
                                 mediaInformationHeader: TrackBuilder.baseMediaHeader([Self.textMediaInformation]),
                                 sampleEntry: Self.sampleDescription, timescale: Self.timescale)
        try boxing(samples.place(in: &track, movieTimescale: movieTimescale, trackDuration: movieDuration))
        return Result(track: track, media: samples.media(trackID: trackID), losses: losses, chapters: Array(kept))
    }
}
