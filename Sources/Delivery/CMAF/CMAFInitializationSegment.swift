import ISOBMFF
import Movie

/// The CMAF header of one track (ISO/IEC 23000-19 §7.3.2.2): `ftyp` (`cmfc` and `iso6`), then a
/// `moov` with the movie header, the track with its sample description and empty sample
/// tables, and `mvex`/`trex`. Built from the source's own boxes: the track header, media
/// header, handler, sample entry and user data (`tagc`, names) are the movie's; durations are
/// 0 (they are in the fragments), track references and edit lists are left out (the other
/// tracks are not in this file; segments start at decode time 0).
public enum CMAFInitializationSegment {
    /// The `ftyp` of a CMAF header: brands `cmfc` (CMAF track), `iso6` (the ISO BMFF version
    /// whose boxes it uses), `dash` and `mp41`.
    public static let fileType = FileTypeBox(majorBrand: "cmfc", minorVersion: 0, compatibleBrands: ["cmfc", "iso6", "dash", "mp41"])

    /// The header's bytes for `track` of `movie`.
    public static func bytes(track: Track, movie: Movie) throws(BoxError) -> [UInt8] {
        let timescale = movie.header?.timescale ?? track.mediaHeader.timescale
        var header = track.header
        header.duration = 0
        header.flags.insert(.enabled)
        var mediaHeader = track.mediaHeader
        mediaHeader.timing.duration = 0
        guard let mdia = track.box.child("mdia"), let minf = mdia.child("minf"), let stbl = minf.child("stbl"),
              let stsd = stbl.child("stsd") else {
            throw BoxError(.invalidValue("track \(track.id) has no sample description"), at: track.box.location)
        }
        let emptyTables = [
            stsd,
            TimeToSampleBox(runs: []).makeBox(),
            SampleToChunkBox(runs: []).makeBox(),
            SampleSizeBox(sizes: []).makeBox(),
            ChunkOffsetBox(offsets: [], large: false).makeBox(),
        ]
        let mediaInformation = minf.children.filter { $0.type != "stbl" } + [Box(type: "stbl", children: emptyTables)]
        let media = [mediaHeader.makeBox()] + mdia.children.filter { $0.type != "mdhd" && $0.type != "minf" }
            + [Box(type: "minf", children: mediaInformation)]
        var trak = [header.makeBox(), Box(type: "mdia", children: media)]
        if let udta = track.box.child("udta") { trak.append(udta) }
        var trex = ByteWriter(capacity: 24)
        trex.writeVersionAndFlags(version: 0, flags: 0)
        for value: UInt32 in [track.id, 1, 0, 0, 0] { trex.write(value) }
        let moov = Box(type: "moov", children: [
            MovieHeaderBox(timing: HeaderTiming(timescale: timescale, duration: 0), nextTrackID: track.id &+ 1).makeBox(),
            Box(type: "trak", children: trak),
            Box(type: "mvex", children: [Box(type: "trex", payload: trex.bytes)]),
        ])
        var writer = ByteWriter()
        try fileType.makeBox().write(to: &writer)
        try moov.write(to: &writer)
        return writer.bytes
    }
}
