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
        var copy = try TrackBuilder(copying: track.box, header: header, mediaHeader: mediaHeader)
        copy.sampleTables = TrackBuilder.emptySampleTables
        copy.editList = editList
        return try bytes(trak: copy.trak(), trackID: track.id, movieTimescale: movie.header?.timescale ?? track.mediaHeader.timescale)
    }

    /// The header's bytes for a text track made from cues in `format` (its handler and media
    /// information header: `text`/`nmhd` for `wvtt`, `subt`/`sthd` for `stpp`), a self-contained
    /// data reference and the one sample entry `entry`; `mediaHeader` sets its timescale and language (`mdhd`), and
    /// `extendedLanguage` (`elng`, a BCP 47 tag) follows it where the language needs it.
    public static func bytes(textTrackID trackID: UInt32, format: CMAFTextFormat, entry: Box, mediaHeader: MediaHeaderBox,
                             extendedLanguage: ExtendedLanguageBox?) throws(BoxError) -> [UInt8] {
        let handler = TrackBuilder.handler(format.handlerType, name: ConventionalHandlerName.name(forHandlerType: format.handlerType),
                                           isQuickTime: false)
        var track = TrackBuilder(trackID: trackID, flags: [.enabled, .inMovie], handler: handler,
                                 mediaInformationHeader: format.mediaInformationHeader, sampleEntry: entry,
                                 timescale: mediaHeader.timing.timescale)
        track.mediaHeader = mediaHeader
        track.mediaHeader.timing.duration = 0
        track.extendedLanguage = extendedLanguage
        return try bytes(trak: track.trak(), trackID: trackID, movieTimescale: mediaHeader.timing.timescale)
    }

    /// `ftyp`, then `moov` with `mvhd`, `trak` and `mvex`/`trex` (default sample description 1).
    static func bytes(trak: Box, trackID: UInt32, movieTimescale: UInt32) throws(BoxError) -> [UInt8] {
        let moov = Box(type: "moov", children: [
            MovieHeaderBox(timing: HeaderTiming(timescale: movieTimescale, duration: 0), nextTrackID: trackID &+ 1).makeBox(),
            trak,
            Box(type: "mvex", children: [TrackBuilder.trackExtends(trackID: trackID)]),
        ])
        var writer = ByteWriter()
        try fileType.makeBox().write(to: &writer)
        try moov.write(to: &writer)
        return writer.bytes
    }
}
