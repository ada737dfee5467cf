import ElementaryStreams
import ISOBMFF
import Movie

/// Builds the sound track of a raw audio stream (`ElementaryStream`): its sample entry as the
/// reader made it (in an MPEG-4 file, of version 1 with a `srat` for a rate above 65,535 Hz),
/// every sample lasting the stream's one duration (`stts` of one entry), its sizes (`stsz`),
/// and its samples in chunks of about a second each (`stsc`), copied from the stretches of the
/// file they are back to back in (an ADTS file: each frame without its header).
struct StreamTrackBuilder {
    let isQuickTime: Bool

    func build(_ stream: ElementaryStream, trackID: UInt32, movieTimescale: UInt32) throws(EditError) -> ImportedTrackBuilder.Built {
        if stream.needsQuickTime, !isQuickTime {
            throw .cannotImportStream(.codecNotInBrand(format: stream.sampleEntry.type,
                                                       reason: "PCM, which only a QuickTime movie carries as lpcm; write a QuickTime movie (.mov)"))
        }
        let samples = stream.samples
        guard samples.count > 0, let count = UInt32(exactly: samples.count) else {
            throw .box(BoxError(.invalidValue("the audio stream has \(samples.count) samples; a track holds 1 to \(UInt32.max)"), at: nil))
        }
        let chunks = Self.chunks(samples, samplesPerChunk: max(1, Int(stream.timescale / max(stream.sampleDuration, 1))))
        let handler = TrackBuilder.handler("soun", name: ConventionalHandlerName.name(forHandlerType: "soun"), isQuickTime: isQuickTime)
        var track = TrackBuilder(trackID: trackID, flags: [.inMovie], handler: handler, mediaInformationHeader: TrackBuilder.soundMediaHeader,
                                 sampleEntry: stream.sampleEntry, timescale: stream.timescale)
        // ISO/IEC 14496-12 §12.2.3: a rate version 0's 16.16 field cannot hold is in `srat`,
        // of an entry of version 1 in an `stsd` of version 1 (§8.5.2).
        if !isQuickTime, stream.timescale > UInt32(UInt16.max), let entry = ISOSoundSampleEntry.version1(stream.sampleEntry, rate: stream.timescale) {
            track.sampleDescription = TrackBuilder.sampleDescriptions([entry], version: 1)
        }
        track.header.volume = 0x0100
        track.mediaHeader.timing.duration = stream.duration
        track.header.duration = try boxing(NewTrackSamples.rescale(stream.duration, from: stream.timescale, to: movieTimescale))
        var sizes: SampleSizeBox
        switch samples.sizes {
        case let .varying(list): sizes = SampleSizeBox(sizes: list)
        case let .constant(size):
            sizes = SampleSizeBox(sizes: [])
            sizes.constantSize = size
            sizes.sampleCount = count
        }
        track.sampleTables = [
            TimeToSampleBox(runs: [(count, stream.sampleDuration)]).makeBox(),
            SampleToChunkBox(runs: Self.sampleToChunkRuns(chunks.map(\.sampleCount))).makeBox(),
            sizes.makeBox(),
            ChunkOffsetBox(offsets: [UInt64](repeating: 0, count: chunks.count), large: false).makeBox(),
        ]
        let media = ImportedTrackMedia(trackID: trackID, file: stream.source, pieces: samples.runs.map { ($0.offset, $0.byteCount) },
                                       chunkLengths: chunks.map(\.length), expected: .stream(samples))
        return ImportedTrackBuilder.Built(track: track, handler: "soun", media: media, diagnostics: [], characteristics: [], language: nil)
    }

    /// The stream's samples in chunks of `samplesPerChunk` (the last one fewer): each chunk's
    /// sample count and byte length.
    static func chunks(_ samples: ElementaryStreamSamples, samplesPerChunk: Int) -> [(sampleCount: Int, length: UInt64)] {
        var chunks: [(sampleCount: Int, length: UInt64)] = []
        var index = 0
        while index < samples.count {
            let take = min(samples.count - index, samplesPerChunk)
            var length: UInt64 = 0
            for sample in index..<(index + take) { length += UInt64(samples.size(of: sample)) }
            chunks.append((take, length))
            index += take
        }
        return chunks
    }

    /// `stsc` runs for chunks of `counts` samples each: a run where the count changes.
    static func sampleToChunkRuns(_ counts: [Int]) -> [(firstChunk: UInt32, samplesPerChunk: UInt32, descriptionIndex: UInt32)] {
        var runs: [(firstChunk: UInt32, samplesPerChunk: UInt32, descriptionIndex: UInt32)] = []
        for (index, count) in counts.enumerated() where runs.last?.samplesPerChunk != UInt32(count) {
            runs.append((UInt32(index + 1), UInt32(count), 1))
        }
        return runs
    }
}
