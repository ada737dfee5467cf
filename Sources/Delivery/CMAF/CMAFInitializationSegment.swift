import ISOBMFF
import Movie

/// The CMAF header of one track (ISO/IEC 23000-19 §7.3.2.2): `ftyp` (`cmfc` and `iso6`), then a
/// `moov` with the movie header, the track with its sample description and empty sample
/// tables, and `mvex`/`trex`. Built from the source's own boxes: the track header, media
/// header, handler, sample entry and user data (`tagc`, names) are the movie's; durations are
/// 0 (they are in the fragments), track references are left out (the other tracks are not in
/// this file), and the edit list is the one the caller places the track with
/// (``CMAFTimeline/Placement/editList``), not the movie's.
public enum CMAFInitializationSegment {
    /// The `ftyp` of a CMAF header: brands `cmfc` (CMAF track), `iso6` (the ISO BMFF version
    /// whose boxes it uses), `dash` and `mp41`.
    public static let fileType = FileTypeBox(majorBrand: "cmfc", minorVersion: 0, compatibleBrands: ["cmfc", "iso6", "dash", "mp41"])

    /// The header's bytes for `track` of `movie`, with `editList` (in `edts`) when there is one.
    public static func bytes(track: Track, movie: Movie, editList: EditListBox? = nil) throws(BoxError) -> [UInt8] {
        var header = track.header
        header.duration = 0
        header.flags.insert(.enabled)
        var mediaHeader = track.mediaHeader
        mediaHeader.timing.duration = 0
        guard let mdia = track.box.child("mdia"), let minf = mdia.child("minf"), let stbl = minf.child("stbl"),
              let stsd = stbl.child("stsd") else {
            throw BoxError(.missingBox("track \(track.id) has no sample description"), at: track.box.location)
        }
        let media = [mediaHeader.makeBox()] + mdia.children.filter { $0.type != "mdhd" && $0.type != "minf" }
            + [Box(type: "minf", children: minf.children.filter { $0.type != "stbl" } + [sampleTable(stsd)])]
        var trak = [header.makeBox()] + [editList.map { Box(type: "edts", children: [$0.makeBox()]) }].compactMap { $0 }
            + [Box(type: "mdia", children: media)]
        if let udta = track.box.child("udta") { trak.append(udta) }
        return try bytes(trak: Box(type: "trak", children: trak), trackID: track.id,
                         movieTimescale: movie.header?.timescale ?? track.mediaHeader.timescale)
    }

    /// The header's bytes for a text track made from cues in `format` (its handler and media
    /// information header: `text`/`nmhd` for `wvtt`, `subt`/`sthd` for `stpp`), a self-contained
    /// data reference and the one sample entry `entry`; `mediaHeader` sets its timescale and language (`mdhd`), and
    /// `extendedLanguage` (`elng`, a BCP 47 tag) follows it where the language needs it.
    public static func bytes(textTrackID trackID: UInt32, format: CMAFTextFormat, entry: Box, mediaHeader: MediaHeaderBox,
                             extendedLanguage: ExtendedLanguageBox?) throws(BoxError) -> [UInt8] {
        var mediaHeader = mediaHeader
        mediaHeader.timing.duration = 0
        let dataInformation = Box(type: "dinf", children: [
            Box(type: "dref", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [Box(type: "url ", payload: [0, 0, 0, 1])], countsChildren: true),
        ])
        let stsd = Box(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [entry], countsChildren: true)
        let media = [mediaHeader.makeBox()] + [extendedLanguage?.makeBox()].compactMap { $0 } + [
            HandlerBox(handlerType: format.handlerType, name: ConventionalHandlerName.name(forHandlerType: format.handlerType)).makeBox(),
            Box(type: "minf", children: [format.mediaInformationHeader, dataInformation, sampleTable(stsd)]),
        ]
        let header = TrackHeaderBox(trackID: trackID, flags: [.enabled, .inMovie], duration: 0)
        let trak = Box(type: "trak", children: [header.makeBox(), Box(type: "mdia", children: media)])
        return try bytes(trak: trak, trackID: trackID, movieTimescale: mediaHeader.timing.timescale)
    }

    /// `stbl` with the sample description `stsd` and empty tables (the samples are in the fragments).
    static func sampleTable(_ stsd: Box) -> Box {
        Box(type: "stbl", children: [
            stsd,
            TimeToSampleBox(runs: []).makeBox(),
            SampleToChunkBox(runs: []).makeBox(),
            SampleSizeBox(sizes: []).makeBox(),
            ChunkOffsetBox(offsets: [], large: false).makeBox(),
        ])
    }

    /// `ftyp`, then `moov` with `mvhd`, `trak` and `mvex`/`trex` (default sample description 1).
    static func bytes(trak: Box, trackID: UInt32, movieTimescale: UInt32) throws(BoxError) -> [UInt8] {
        let moov = Box(type: "moov", children: [
            MovieHeaderBox(timing: HeaderTiming(timescale: movieTimescale, duration: 0), nextTrackID: trackID &+ 1).makeBox(),
            trak,
            Box(type: "mvex", children: [TrackExtendsBox(trackID: trackID).makeBox()]),
        ])
        var writer = ByteWriter()
        try fileType.makeBox().write(to: &writer)
        try moov.write(to: &writer)
        return writer.bytes
    }
}
