import ISOBMFF

extension TrackBuilder {
    /// The sample tables of a track whose samples are all in movie fragments (ISO/IEC 14496-12
    /// §8.8): `stts`, `stsc`, `stsz` and `stco` with no entry.
    public static let emptySampleTables = [
        TimeToSampleBox(runs: []).makeBox(),
        SampleToChunkBox(runs: []).makeBox(),
        SampleSizeBox(sizes: []).makeBox(),
        ChunkOffsetBox(offsets: [], large: false).makeBox(),
    ]

    /// The `trex` of track `trackID` (§8.8.3): its first sample description, and no default
    /// duration, size or flags (each `trun` gives them).
    public static func trackExtends(trackID: UInt32) -> Box {
        TrackExtendsBox(trackID: trackID).makeBox()
    }

    /// The `traf` of track `trackID` holding `run`: `tfhd` with `default-base-is-moof`
    /// (§8.8.7.1: the run's data offset counts from the start of its `moof`), the decode time of
    /// its first sample in a `tfdt` (§8.8.12), then the `trun` (§8.8.8).
    public static func trackFragment(trackID: UInt32, decodeTime: UInt64, run: TrackRunBox) -> Box {
        Box(type: "traf", children: [
            TrackFragmentHeaderBox(trackID: trackID, defaultBaseIsMoof: true).makeBox(),
            TrackFragmentBaseMediaDecodeTimeBox(baseMediaDecodeTime: decodeTime).makeBox(),
            run.makeBox(),
        ])
    }
}
