import ISOBMFF
import TimedText

/// Writes the smallest MP4 that holds one `tx3g` subtitle track (ftyp, moov with one trak,
/// mdat), from the library's box builders, for checking that other readers (ffmpeg) decode the
/// samples Legible encodes without going through the remux engine.
enum MinimalSubtitleMovie {
    static func bytes(_ track: EncodedTextTrack<Tx3gSampleDescription>) throws -> [UInt8] {
        let fileType = FileTypeBox(majorBrand: "isom", minorVersion: 0x200, compatibleBrands: ["isom", "iso2", "mp41"]).makeBox()
        // The moov size does not depend on the chunk offset's value: lay it out once to learn it.
        let moovSize = movieBox(track, chunkOffset: 0).totalSize
        let mediaOffset = fileType.totalSize + moovSize + 8
        let media = Box(type: "mdat", payload: track.samples.flatMap(\.bytes))
        return try fileType.encoded() + movieBox(track, chunkOffset: mediaOffset).encoded() + media.encoded()
    }

    private static func movieBox(_ track: EncodedTextTrack<Tx3gSampleDescription>, chunkOffset: UInt64) -> Box {
        let duration = UInt64(track.samples.reduce(0) { $0 + $1.duration })
        let movieDuration = duration * 1000 / UInt64(track.timescale)
        let textBox = track.description.defaultTextBox
        var runs: [(count: UInt32, delta: UInt32)] = []
        for sample in track.samples {
            let delta = UInt32(clamping: sample.duration)
            if let last = runs.last, last.delta == delta { runs[runs.count - 1].count += 1 } else { runs.append((1, delta)) }
        }
        let header = TrackHeaderBox(trackID: 1, flags: [.enabled, .inMovie], duration: movieDuration,
                                    width: UInt32(UInt16(clamping: Int(textBox.right))) << 16,
                                    height: UInt32(UInt16(clamping: textBox.height)) << 16)
        let sampleTable = Box(type: "stbl", children: [
            Box(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [track.description.makeBox()], countsChildren: true),
            TimeToSampleBox(runs: runs).makeBox(),
            SampleToChunkBox(runs: [(1, UInt32(track.samples.count), 1)]).makeBox(),
            SampleSizeBox(sizes: track.samples.map { UInt32($0.bytes.count) }).makeBox(),
            ChunkOffsetBox(offsets: [chunkOffset]).makeBox(),
        ])
        let dataReference = Box(type: "dref", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [Box(type: "url ", payload: [0, 0, 0, 1])],
                                countsChildren: true)
        return Box(type: "moov", children: [
            MovieHeaderBox(timing: HeaderTiming(timescale: 1000, duration: movieDuration), nextTrackID: 2).makeBox(),
            Box(type: "trak", children: [
                header.makeBox(),
                Box(type: "mdia", children: [
                    MediaHeaderBox(timing: HeaderTiming(timescale: track.timescale, duration: duration),
                                   language: MediaLanguage(iso639: "eng") ?? .undetermined).makeBox(),
                    HandlerBox(handlerType: "sbtl", name: "SubtitleHandler").makeBox(),
                    Box(type: "minf", children: [
                        Box(type: "nmhd", payload: [0, 0, 0, 0]),
                        Box(type: "dinf", children: [dataReference]),
                        sampleTable,
                    ]),
                ]),
            ]),
        ])
    }
}
