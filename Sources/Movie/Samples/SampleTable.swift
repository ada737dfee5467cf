import ISOBMFF

/// Where each sample of a track is and when it plays, from the boxes of `stbl`, without one
/// object per sample: the tables stay packed and ``makeIterator()`` walks their runs.
///
/// ISO/IEC 14496-12 §8.5–8.7. Counts are checked against each other when the index is built, so
/// iteration never reads outside a table.
public struct SampleTable: Sequence, Sendable {
    /// One sample's place and timing.
    public struct Sample: Hashable, Sendable {
        /// 0-based.
        public var index: Int
        /// Absolute file offset of the sample's first byte.
        public var offset: UInt64
        /// Size in bytes.
        public var size: UInt32
        /// Decode time in media timescale units.
        public var decodeTime: UInt64
        /// Composition offset (CTS - DTS) in media timescale units.
        public var compositionOffset: Int32
        /// Duration in media timescale units.
        public var duration: UInt32
        /// Whether it is a sync sample (every sample is when there is no `stss`).
        public var isSync: Bool
        /// 1-based index into `stsd`.
        public var descriptionIndex: UInt32

        /// A sample at `offset` of its source (samples a writer makes, such as text samples
        /// packaged from cues, as well as those read from a table).
        public init(index: Int, offset: UInt64, size: UInt32, decodeTime: UInt64, compositionOffset: Int32, duration: UInt32,
                    isSync: Bool, descriptionIndex: UInt32) {
            self.index = index
            self.offset = offset
            self.size = size
            self.decodeTime = decodeTime
            self.compositionOffset = compositionOffset
            self.duration = duration
            self.isSync = isSync
            self.descriptionIndex = descriptionIndex
        }
    }

    /// Decoding times (`stts`).
    public let timeToSample: TimeToSampleBox
    /// Composition offsets (`ctts`), if present.
    public let compositionOffsets: CompositionOffsetBox?
    /// Samples per chunk (`stsc`).
    public let sampleToChunk: SampleToChunkBox
    /// Sample sizes (`stsz` or `stz2`).
    public let sizes: SampleSizeBox
    /// Chunk offsets (`stco` or `co64`).
    public let chunkOffsets: ChunkOffsetBox
    /// Sync samples (`stss`), if present.
    public let syncSamples: SyncSampleBox?
    /// Number of samples (from `stsz`/`stz2`).
    public let count: Int

    /// Reads the tables of `stbl`; tables the parser left in the file are read from `source`.
    public init(_ stbl: Box, limits: Limits = .standard) throws(BoxError) {
        let location = stbl.location ?? BoxLocation(path: "stbl", offset: 0)
        func required(_ types: [FourCC]) throws(BoxError) -> Box {
            for type in types { if let box = stbl.child(type) { return try box.loaded(limits: limits) } }
            throw BoxError(.missingBox("sample table has no \(types.map(\.description).joined(separator: " or "))"), at: location)
        }
        func optional(_ type: FourCC) throws(BoxError) -> Box? {
            try stbl.child(type).map { (box) throws(BoxError) in try box.loaded(limits: limits) }
        }
        timeToSample = try TimeToSampleBox(try required(["stts"]))
        compositionOffsets = try optional("ctts").map { (box) throws(BoxError) in try CompositionOffsetBox(box) }
        sampleToChunk = try SampleToChunkBox(try required(["stsc"]))
        sizes = try SampleSizeBox(try required(["stsz", "stz2"]))
        chunkOffsets = try ChunkOffsetBox(try required(["stco", "co64"]))
        syncSamples = try optional("stss").map { (box) throws(BoxError) in try SyncSampleBox(box) }
        count = Int(sizes.sampleCount)
        try validate(at: location)
    }

    /// Checks that the chunk runs hold at least `count` samples and that runs are ordered.
    private func validate(at location: BoxLocation) throws(BoxError) {
        var capacity: UInt64 = 0
        let chunks = UInt64(chunkOffsets.count)
        for run in 0..<sampleToChunk.body.count {
            let first = UInt64(sampleToChunk.firstChunk(ofRun: run))
            let next = run + 1 < sampleToChunk.body.count ? UInt64(sampleToChunk.firstChunk(ofRun: run + 1)) : chunks + 1
            guard first >= 1, first <= chunks else {
                throw BoxError(.inconsistentSampleTable("stsc run \(run + 1) starts at chunk \(first), but the chunk offsets list \(chunks) chunks"),
                               at: location)
            }
            guard next >= first else {
                throw BoxError(.inconsistentSampleTable("stsc run \(run + 1) starts at chunk \(first), out of order"), at: location)
            }
            let runChunks = Swift.min(next, chunks + 1) - Swift.min(first, chunks + 1)
            capacity = capacity.saturatingAdd(runChunks.saturatingMultiply(UInt64(sampleToChunk.samplesPerChunk(ofRun: run))))
            if capacity >= UInt64(count) { break }
        }
        guard capacity >= UInt64(count) else {
            throw BoxError(.inconsistentSampleTable("stsc and chunk offsets hold \(capacity) samples but stsz lists \(count)"), at: location)
        }
    }

    /// Total decode duration in media timescale units.
    public var totalDuration: UInt64 { timeToSample.totals.duration }

    public func makeIterator() -> Iterator { Iterator(table: self) }

    /// Walks the runs of every table in step.
    public struct Iterator: IteratorProtocol {
        let table: SampleTable
        var index = 0
        var decodeTime: UInt64 = 0
        var timeRun = 0, timeLeft: UInt32 = 0
        var offsetRun = 0, offsetLeft: UInt32 = 0
        var chunks: ChunkRunWalk
        var chunk = -1, leftInChunk: UInt32 = 0, offsetInChunk: UInt64 = 0
        var syncIndex = 0

        init(table: SampleTable) {
            self.table = table
            chunks = ChunkRunWalk(table.sampleToChunk)
        }

        public mutating func next() -> Sample? {
            guard index < table.count else { return nil }
            while leftInChunk == 0 {
                chunk += 1
                guard chunk < table.chunkOffsets.count else { return nil }
                leftInChunk = chunks.samplesPerChunk(atChunk: chunk)
                offsetInChunk = 0
            }
            let stts = table.timeToSample
            while timeLeft == 0 && timeRun < stts.body.count {
                timeLeft = stts.sampleCount(ofRun: timeRun)
                timeRun += 1
            }
            let duration = timeLeft > 0 ? stts.sampleDelta(ofRun: timeRun - 1) : 0
            if timeLeft > 0 { timeLeft -= 1 }
            var compositionOffset: Int32 = 0
            if let ctts = table.compositionOffsets {
                while offsetLeft == 0 && offsetRun < ctts.body.count {
                    offsetLeft = ctts.sampleCount(ofRun: offsetRun)
                    offsetRun += 1
                }
                if offsetLeft > 0 {
                    compositionOffset = ctts.sampleOffset(ofRun: offsetRun - 1)
                    offsetLeft -= 1
                }
            }
            var isSync = true
            if let stss = table.syncSamples {
                while syncIndex < stss.count && Int(stss.sampleNumber(syncIndex)) < index + 1 { syncIndex += 1 }
                isSync = syncIndex < stss.count && Int(stss.sampleNumber(syncIndex)) == index + 1
            }
            let size = table.sizes.size(ofSample: index)
            let sample = Sample(index: index, offset: table.chunkOffsets.offset(ofChunk: chunk).saturatingAdd(offsetInChunk), size: size,
                                decodeTime: decodeTime, compositionOffset: compositionOffset, duration: duration,
                                isSync: isSync, descriptionIndex: chunks.descriptionIndex)
            offsetInChunk = offsetInChunk.saturatingAdd(UInt64(size))
            decodeTime = decodeTime.saturatingAdd(UInt64(duration))
            leftInChunk -= 1
            index += 1
            return sample
        }
    }
}
