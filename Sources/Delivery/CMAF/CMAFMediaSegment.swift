import FileOutput
import ISOBMFF
import Movie

/// One CMAF segment of one track (ISO/IEC 23000-19 §7.3.2.3, one fragment per segment): `styp`,
/// `moof` (`mfhd`, `traf` with `tfhd` default-base-is-moof, `tfdt`, one `trun` with each
/// sample's duration, size, flags and composition offset), then `mdat`, whose bytes are copied
/// from the source in runs of contiguous samples through the sink (`copy_file_range` on Linux):
/// never sample by sample through Swift arrays, so memory does not grow with the media.
public struct CMAFMediaSegment {
    /// `styp` brands: `msdh` and `msix` (ISO/IEC 23009-1 §6.3.4: a media segment, indexed by the
    /// playlist or MPD), `cmfs` (a CMAF segment).
    public static let segmentType = FileTypeBox(majorBrand: "msdh", minorVersion: 0, compatibleBrands: ["msdh", "msix", "cmfs"])

    /// The track the segment's fragment carries (`tfhd`).
    public var trackID: UInt32
    /// The fragment's sequence number, from 1.
    public var sequenceNumber: UInt32
    /// The samples, in decode order, with their places in `source`.
    public var samples: ArraySlice<SampleTable.Sample>
    /// The decode time of the first sample, on the track's timescale (`tfdt`).
    public var baseDecodeTime: UInt64

    /// Creates the segment of `samples` as fragment `sequenceNumber` of track `trackID`.
    public init(trackID: UInt32, sequenceNumber: UInt32, samples: ArraySlice<SampleTable.Sample>, baseDecodeTime: UInt64) {
        self.trackID = trackID
        self.sequenceNumber = sequenceNumber
        self.samples = samples
        self.baseDecodeTime = baseDecodeTime
    }

    /// Sync samples "do not depend on others" (sample_depends_on 2), others depend on others and
    /// are not sync (ISO/IEC 14496-12 §8.8.3.1).
    static func flags(_ sample: SampleTable.Sample) -> UInt32 { sample.isSync ? 0x0200_0000 : 0x0101_0000 }

    /// The bytes from `styp` to the `mdat` header, and the size of the media that follows.
    func header() throws(BoxError) -> (bytes: [UInt8], mediaSize: UInt64) {
        let mediaSize = samples.reduce(UInt64(0)) { $0.saturatingAdd(UInt64($1.size)) }
        let hasOffsets = samples.contains { $0.compositionOffset != 0 }
        func moof(dataOffset: Int32) -> Box {
            let entries = samples.map { sample in
                TrackRunBox.Entry(duration: sample.duration, size: sample.size, flags: Self.flags(sample),
                               compositionOffset: hasOffsets ? Int64(sample.compositionOffset) : nil)
            }
            var mfhd = ByteWriter(capacity: 8)
            mfhd.writeVersionAndFlags(version: 0, flags: 0)
            mfhd.write(sequenceNumber)
            return Box(type: "moof", children: [
                Box(type: "mfhd", payload: mfhd.bytes),
                TrackBuilder.trackFragment(trackID: trackID, decodeTime: baseDecodeTime,
                                           run: TrackRunBox(entries: entries, dataOffset: dataOffset)),
            ])
        }
        let mdatHeader = BoxHeader(type: "mdat", payloadSize: mediaSize)
        let moofSize = moof(dataOffset: 0).totalSize
        guard let dataOffset = Int32(exactly: moofSize + mdatHeader.headerSize) else {
            throw BoxError(.limitExceeded("a fragment's moof of \(moofSize) bytes"), at: nil)
        }
        var writer = ByteWriter()
        // `styp` has the syntax of `ftyp` (ISO/IEC 14496-12 §8.16.2) under its own type.
        var brands = ByteWriter()
        Self.segmentType.encode(into: &brands)
        try Box(type: "styp", payload: brands.bytes).write(to: &writer)
        try moof(dataOffset: dataOffset).write(to: &writer)
        mdatHeader.write(into: &writer)
        return (writer.bytes, mediaSize)
    }

    /// Writes the segment to `sink`, copying the samples' bytes from `source`.
    public func write(to sink: FileByteSink, from source: any ByteSource) throws(BoxError) {
        let (bytes, _) = try header()
        try sink.write(bytes[...])
        var runs: [(offset: UInt64, length: UInt64)] = []
        for sample in samples {
            if let last = runs.last, last.offset.saturatingAdd(last.length) == sample.offset {
                runs[runs.count - 1].length += UInt64(sample.size)
            } else {
                runs.append((sample.offset, UInt64(sample.size)))
            }
        }
        try sink.copy(runs: runs, from: source)
    }
}
