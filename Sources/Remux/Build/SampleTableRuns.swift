import ISOBMFF
import Movie

/// The sample table boxes (ISO/IEC 14496-12 §8.6, §8.7) of samples read elsewhere — a fragmented
/// track's, from its `trun`s — that stay where they are in the file: decode times as `stts`
/// deltas from 0, composition offsets, sync samples, sizes, and chunks of samples that follow one
/// another in the file with one sample description, at their source offsets (the layout moves them).
struct SampleTableRuns {
    /// The first sample's decode time: the tables start from 0, so the track's edit list moves by it.
    let startTime: UInt64
    /// From the first sample's decode time to the end of the last.
    let mediaDuration: UInt64
    /// `stts`, `ctts` (when an offset is not 0), `stss` (when a sample is not sync), `stsz`,
    /// `stsc`, `stco`/`co64`.
    let boxes: [Box]

    init(_ samples: [SampleTable.Sample], trackID: UInt32, at location: BoxLocation) throws(BoxError) {
        startTime = samples.first?.decodeTime ?? 0
        var durations = RunLengthTable<UInt32>()
        var offsets = RunLengthTable<Int32>()
        var syncNumbers: [UInt32] = []
        var chunkOffsets: [UInt64] = []
        var chunks: [(firstChunk: UInt32, samplesPerChunk: UInt32, descriptionIndex: UInt32)] = []
        var chunkEnd: UInt64?
        var samplesInChunk: UInt32 = 0
        var chunkDescription: UInt32 = 0
        func closeChunk() {
            guard samplesInChunk > 0 else { return }
            if let last = chunks.last, last.samplesPerChunk == samplesInChunk, last.descriptionIndex == chunkDescription {} else {
                chunks.append((UInt32(chunkOffsets.count), samplesInChunk, chunkDescription))
            }
        }
        for (index, sample) in samples.enumerated() {
            // A sample's stts delta is the time to the next one's decode (a gap between fragments
            // lengthens the sample before it); the last keeps its own duration.
            var delta = sample.duration
            if index + 1 < samples.count {
                let next = samples[index + 1].decodeTime
                guard next >= sample.decodeTime, let gap = UInt32(exactly: next - sample.decodeTime) else {
                    throw BoxError(.inconsistentSampleTable("track \(trackID) sample \(index + 2) decodes at \(next), before sample \(index + 1) (at \(sample.decodeTime)) or more than 32 bits of time after it"),
                                   at: location)
                }
                delta = gap
            }
            durations.append(delta)
            offsets.append(sample.compositionOffset)
            if sample.isSync { syncNumbers.append(UInt32(index + 1)) }
            if sample.offset != chunkEnd || sample.descriptionIndex != chunkDescription || samplesInChunk == UInt32.max {
                closeChunk()
                chunkOffsets.append(sample.offset)
                samplesInChunk = 0
                chunkDescription = sample.descriptionIndex
            }
            samplesInChunk += 1
            chunkEnd = sample.offset.saturatingAdd(UInt64(sample.size))
        }
        closeChunk()
        let end = samples.last.map { $0.decodeTime.saturatingAdd(UInt64($0.duration)) } ?? 0
        mediaDuration = end - startTime
        var boxes = [TimeToSampleBox(runs: durations.runs.map { ($0.count, $0.value) }).makeBox()]
        if offsets.runs.contains(where: { $0.value != 0 }) {
            boxes.append(CompositionOffsetBox(runs: offsets.runs.map { ($0.count, $0.value) }).makeBox())
        }
        // Every sample sync: no `stss` (§8.6.2.1); otherwise the sync ones are listed.
        if syncNumbers.count < samples.count { boxes.append(SyncSampleBox(sampleNumbers: syncNumbers).makeBox()) }
        boxes += [
            SampleSizeBox(sizes: samples.map(\.size)).makeBox(),
            SampleToChunkBox(runs: chunks).makeBox(),
            ChunkOffsetBox(offsets: chunkOffsets, large: chunkOffsets.contains(where: ChunkOffsetBox.needsLargeOffsets)).makeBox(),
        ]
        self.boxes = boxes
    }
}
