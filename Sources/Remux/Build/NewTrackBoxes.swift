import ISOBMFF

/// Boxes every track the engine adds has in common.
enum NewTrackBoxes {
    /// `dinf` with one self-contained `url ` entry: the samples are in this file.
    static let dataInformation = Box(type: "dinf", children: [
        Box(type: "dref", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [Box(type: "url ", payload: [0, 0, 0, 1])], countsChildren: true),
    ])

    /// QuickTime's base media information header: `gmhd` holding `gmin` (graphics mode
    /// ditherCopy, opcolor 0x8000 ×3, balance 0; QTFF "Base media info atom"), then `extra`.
    static func baseMediaHeader(_ extra: [Box] = []) -> Box {
        Box(type: "gmhd", children: [
            Box(type: "gmin", payload: [0, 0, 0, 0, 0x00, 0x40, 0x80, 0x00, 0x80, 0x00, 0x80, 0x00, 0, 0, 0, 0]),
        ] + extra)
    }

    /// `stbl` for samples written as one chunk: one description, the duration runs and sizes;
    /// the chunk offset is a placeholder the layout sets.
    static func sampleTable(entry: Box, runs: [(count: UInt32, delta: UInt32)], sizes: [UInt32]) -> Box {
        Box(type: "stbl", children: [
            Box(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [entry], countsChildren: true),
            TimeToSampleBox(runs: runs).makeBox(),
            SampleToChunkBox(runs: [(1, UInt32(sizes.count), 1)]).makeBox(),
            SampleSizeBox(sizes: sizes).makeBox(),
            ChunkOffsetBox(offsets: [0], large: false).makeBox(),
        ])
    }
}
