import ISOBMFF

/// Small movies built byte by byte for tests: well-formed skeletons (ISO/IEC 14496-12 §8.2–8.7
/// layouts) and a hostile set of files a few hundred bytes long that each break one assumption a
/// reader could make (overflowing counts, deep nesting, size bombs, damaged optional items).
public enum CraftedMovie {
    public static let ftyp = TestBox.leaf("ftyp", ascii("isom") + be32(0) + ascii("isomiso6")).bytes

    public static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> TestBox {
        .leaf(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    // The well-formed boxes come from the library's own builders (ISO/IEC 14496-12 layouts);
    // only the hostile files below are written byte by byte.
    public static func mvhd(timescale: UInt32 = 1000, duration: UInt32 = 1000, nextTrackID: UInt32 = 2) -> TestBox {
        .leaf("mvhd", MovieHeaderBox(timing: HeaderTiming(timescale: timescale, duration: UInt64(duration)), nextTrackID: nextTrackID).payload)
    }

    public static func tkhd(id: UInt32, flags: UInt32 = 3, alternateGroup: UInt16 = 0) -> TestBox {
        .leaf("tkhd", TrackHeaderBox(trackID: id, flags: TrackHeaderBox.Flags(rawValue: flags), duration: 1000,
                                     alternateGroup: Int16(bitPattern: alternateGroup)).payload)
    }

    public static func mdhd(timescale: UInt32 = 1000, duration: UInt64 = 1000, version: UInt8 = 0, language: UInt16 = 0x55C4) -> TestBox {
        var timing = HeaderTiming(timescale: timescale, duration: duration)
        timing.version = version
        return .leaf("mdhd", MediaHeaderBox(timing: timing, language: MediaLanguage(rawValue: language)).payload)
    }

    public static func hdlr(_ type: String) -> TestBox {
        .leaf("hdlr", HandlerBox(handlerType: FourCC(stringLiteral: type), name: "Legible test").payload)
    }

    /// A sample table of `sizes.count` samples of duration `duration` in one chunk at `chunkOffset`.
    public static func stbl(sizes: [UInt32], duration: UInt32 = 1, chunkOffset: UInt32 = 0, entries: [TestBox] = []) -> TestBox {
        let count = UInt32(sizes.count)
        return .container("stbl", [
            .container("stsd", prefix: [0, 0, 0, 0] + be32(UInt32(entries.count)), entries),
            .leaf("stts", TimeToSampleBox(runs: sizes.isEmpty ? [] : [(count, duration)]).payload),
            .leaf("stsc", SampleToChunkBox(runs: sizes.isEmpty ? [] : [(UInt32(1), count, UInt32(1))]).payload),
            .leaf("stsz", SampleSizeBox(sizes: sizes).payload),
            .leaf("stco", ChunkOffsetBox(offsets: sizes.isEmpty ? [] : [UInt64(chunkOffset)], large: false).payload),
        ])
    }

    public static func trak(id: UInt32, handler: String = "vide", mdhd: TestBox? = nil, stbl: TestBox? = nil,
                            extra: [TestBox] = []) -> TestBox {
        .container("trak", [
            tkhd(id: id),
            .container("mdia", [mdhd ?? Self.mdhd(), hdlr(handler), .container("minf", [stbl ?? Self.stbl(sizes: [])])]),
        ] + extra)
    }

    /// A fragment of one `traf` whose `trun` declares `count` samples with no per-sample fields
    /// and a `tfhd` default duration of `defaultDuration`.
    public static func moof(trackID: UInt32 = 1, count: UInt32, defaultDuration: UInt32) -> TestBox {
        .container("moof", [
            fullBox("mfhd", be32(1)),
            .container("traf", [fullBox("tfhd", flags: 0x8, be32(trackID) + be32(defaultDuration)), fullBox("trun", be32(count))]),
        ])
    }

    public static func mvex(trackID: UInt32 = 1) -> TestBox {
        .container("mvex", [fullBox("trex", be32(trackID) + be32(1) + be32(0) + be32(0) + be32(0))])
    }

    /// One hostile file and what a reader must do with it.
    public struct Hostile: Sendable, CustomStringConvertible {
        public enum Outcome: Sendable { case described, rejected }
        public var name: String
        public var bytes: [UInt8]
        public var outcome: Outcome
        public var description: String { name }
    }

    /// Files that once trapped, hung or blew memory, or that must be described despite damage.
    public static let hostileSet: [Hostile] = {
        func movie(_ children: [TestBox], tail: [TestBox] = []) -> [UInt8] {
            ftyp + TestBox.container("moov", children).bytes + tail.flatMap(\.bytes)
        }
        var nested = TestBox.leaf("free", [])
        for _ in 0..<40 { nested = .container("trak", [nested]) }
        var udtaNest = TestBox.leaf("free", [])
        for _ in 0..<60 { udtaNest = .container("udta", [udtaNest]) }
        let bomb = TestBox.container("cmov", [.leaf("dcom", ascii("zlib")), .leaf("cmvd", be32(0x1F00_0000) + [0x78, 0x9C, 0x63, 0, 0, 0, 1, 0, 1])])
        let manyBoxes = TestBox.container("udta", (0..<90_000).map { _ in TestBox.leaf("abcd", []) })
        let tooManyBoxes = TestBox.container("udta", (0..<160_000).map { _ in TestBox.leaf("abcd", []) })
        return [
            Hostile(name: "trun-overflow.mp4", bytes: movie([mvhd(), trak(id: 1), mvex()],
                    tail: [moof(count: .max, defaultDuration: .max), moof(count: .max, defaultDuration: .max)]), outcome: .described),
            Hostile(name: "mdhd-v1-max-duration.mp4", bytes: movie([mvhd(), trak(id: 1, mdhd: mdhd(duration: .max, version: 1)), mvex()],
                    tail: [moof(count: 1, defaultDuration: 5)]), outcome: .described),
            Hostile(name: "stts-overflow.mov", bytes: movie([mvhd(), trak(id: 1, stbl: .container("stbl", [
                fullBox("stsd", be32(0)), fullBox("stts", be32(2) + be32(.max) + be32(.max) + be32(.max) + be32(.max)),
                fullBox("stsc", be32(0)), .leaf("stsz", [0, 0, 0, 0]), fullBox("stco", be32(0))]))]), outcome: .described),
            Hostile(name: "nested-40-trak.mov", bytes: movie([mvhd(), nested]), outcome: .rejected),
            Hostile(name: "nested-60-udta.mov", bytes: movie([mvhd(), trak(id: 1, extra: [udtaNest])]), outcome: .described),
            Hostile(name: "cmov-declares-496MB.mov", bytes: TestBox.container("moov", [bomb]).bytes, outcome: .rejected),
            Hostile(name: "udta-text-overruns.mov", bytes: movie([mvhd(), trak(id: 1, extra: [.container("udta", [
                .leaf("©nam", be16(500) + be16(0) + ascii("hello"))])]), trak(id: 2, handler: "soun")]), outcome: .described),
            Hostile(name: "moov-without-mvhd.mov", bytes: movie([trak(id: 1)]), outcome: .described),
            Hostile(name: "elst-count-too-large.mov", bytes: movie([mvhd(), trak(id: 1, extra: [.container("edts", [
                fullBox("elst", be32(1000) + be32(1000) + be32(0) + be32(0x10000))])])]), outcome: .described),
            Hostile(name: "stsd-count-then-junk.mov", bytes: movie([mvhd(), trak(id: 1, handler: "sbtl", stbl: .container("stbl", [
                fullBox("stsd", be32(1) + TestBox.leaf("tx3g", [UInt8](repeating: 0, count: 38)).bytes + ascii("junk after the entry")),
                fullBox("stts", be32(0)), fullBox("stsc", be32(0)), fullBox("stsz", be32(0) + be32(0)), fullBox("stco", be32(0))]))]),
                    outcome: .described),
            Hostile(name: "stsz-aliased-4GB.mov", bytes: movie([mvhd(), trak(id: 1, handler: "sbtl", stbl: .container("stbl", [
                fullBox("stsd", be32(1) + TestBox.leaf("tx3g", [UInt8](repeating: 0, count: 38)).bytes),
                fullBox("stts", be32(1) + be32(.max) + be32(1)), fullBox("stsc", be32(1) + be32(1) + be32(.max) + be32(1)),
                fullBox("stsz", be32(0x0010_0000) + be32(.max)), fullBox("stco", be32(1) + be32(0))]))]), outcome: .described),
            Hostile(name: "90k-boxes.mov", bytes: movie([mvhd(), trak(id: 1), manyBoxes]), outcome: .described),
            Hostile(name: "160k-boxes.mov", bytes: movie([mvhd(), trak(id: 1), tooManyBoxes]), outcome: .rejected),
            Hostile(name: "empty.mov", bytes: [], outcome: .rejected),
            Hostile(name: "text.mov", bytes: ascii("This is not a movie.\n"), outcome: .rejected),
            Hostile(name: "largesize-2^64.mov", bytes: be32(1) + ascii("moov") + be64(.max), outcome: .rejected),
        ]
    }()
}
