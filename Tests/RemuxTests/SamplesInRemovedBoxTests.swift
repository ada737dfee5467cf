import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// Samples inside a top-level box the plan removes (a strip's unknown box): an empty sample
/// there is written at an offset inside the output, with its bytes (none) as in the source; a
/// sample with bytes there is refused, naming the box. The movies are built here: a track of two
/// samples, "hello" in an `mdat` and the second at the start of the payload of a last box of
/// unknown type whose size field is 0 (it runs to the end of the file, ISO/IEC 14496-12 §4.2),
/// after a 4 KiB box of another unknown type; both unknown boxes are removed, so the output is
/// more than 4 KiB shorter than the place the second sample had in the source.
@Suite struct SamplesInRemovedBoxTests {
    static let first = ascii("hello")
    static let junk = TestBox.leaf("junk", [UInt8](repeating: 0x4A, count: 4096)).bytes
    static let media = TestBox.leaf("mdat", first).bytes

    /// A crafted movie, the offsets of the boxes to remove, and its samples' bytes.
    struct Crafted {
        var bytes: [UInt8]
        var removedBoxes: Set<UInt64>
        var samples: [[UInt8]]
        var lastBoxOffset: UInt64 { removedBoxes.max() ?? 0 }
    }

    /// The last box, of size 0, with `second` at the start of its payload.
    static func toEnd(_ second: [UInt8]) -> [UInt8] {
        TestBox.lying("zero", size: 0, second + [UInt8](repeating: 0x5A, count: 64)).bytes
    }

    /// A regular movie: one chunk a sample, at the offsets of the two samples (§8.7.5).
    static func regular(second: [UInt8]) -> Crafted {
        func head(_ offsets: [UInt64]) -> [UInt8] {
            let stbl = TestBox.container("stbl", [
                .container("stsd", prefix: [0, 0, 0, 0] + be32(0), []),
                .leaf("stts", TimeToSampleBox(runs: [(2, 1)]).payload),
                .leaf("stsc", SampleToChunkBox(runs: [(1, 1, 1)]).payload),
                .leaf("stsz", SampleSizeBox(sizes: [UInt32(first.count), UInt32(second.count)]).payload),
                .leaf("stco", ChunkOffsetBox(offsets: offsets, large: false).payload),
            ])
            return CraftedMovie.ftyp + TestBox.container("moov", [CraftedMovie.mvhd(), CraftedMovie.trak(id: 1, stbl: stbl)]).bytes
        }
        let junkStart = UInt64(head([0, 0]).count)
        let lastStart = junkStart + UInt64(junk.count + media.count)
        let bytes = head([junkStart + UInt64(junk.count) + 8, lastStart + 8]) + junk + media + toEnd(second)
        return Crafted(bytes: bytes, removedBoxes: [junkStart, lastStart], samples: [first, second])
    }

    /// A fragmented movie (§8.8): one `traf` whose base is its `moof` (`default-base-is-moof`),
    /// with a `trun` for each sample, each with its own data offset.
    static func fragmented(second: [UInt8]) -> Crafted {
        let moov = CraftedMovie.ftyp + TestBox.container("moov", [CraftedMovie.mvhd(), CraftedMovie.trak(id: 1), CraftedMovie.mvex()]).bytes
        func moof(_ offsets: [UInt32]) -> [UInt8] {
            // trun flags: data-offset-present, sample-duration-present, sample-size-present.
            let runs = zip(offsets, [first, second]).map { offset, sample in
                CraftedMovie.fullBox("trun", flags: 0x301, be32(1) + be32(offset) + be32(1) + be32(UInt32(sample.count)))
            }
            return TestBox.container("moof", [
                CraftedMovie.fullBox("mfhd", be32(1)),
                .container("traf", [CraftedMovie.fullBox("tfhd", flags: 0x2_0000, be32(1))] + runs),
            ]).bytes
        }
        let moofStart = UInt64(moov.count)
        let moofSize = UInt64(moof([0, 0]).count)
        let junkStart = moofStart + moofSize + UInt64(media.count)
        let lastStart = junkStart + UInt64(junk.count)
        let bytes = moov + moof([UInt32(moofSize + 8), UInt32(lastStart + 8 - moofStart)]) + media + junk + toEnd(second)
        return Crafted(bytes: bytes, removedBoxes: [junkStart, lastStart], samples: [first, second])
    }

    /// The bytes of each sample of track 1 of `bytes`; nil for one not wholly inside them.
    static func sampleBytes(_ bytes: [UInt8]) throws -> [[UInt8]?] {
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        let track = try #require(movie.track(id: 1))
        return try movie.samples(of: track, maxSamples: 10).map { sample in
            let end = sample.offset.addingReportingOverflow(UInt64(sample.size))
            guard !end.overflow, end.partialValue <= UInt64(bytes.count) else { return nil }
            return Array(bytes[Int(sample.offset)..<Int(end.partialValue)])
        }
    }

    @Test(arguments: [false, true])
    func emptySampleInARemovedBoxIsWrittenInsideTheOutput(fragmented: Bool) throws {
        let crafted = fragmented ? Self.fragmented(second: []) : Self.regular(second: [])
        #expect(try Self.sampleBytes(crafted.bytes) == crafted.samples)
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(crafted.bytes)))
        let plan = EditPlan(removal: MetadataRemoval(boxOffsets: crafted.removedBoxes))
        for keepingFragments in fragmented ? [false, true] : [false] {
            var memory = ByteWriter()
            _ = try MovieEditor(movie: movie, path: "zero.mp4").write(plan, into: &memory, keepingFragments: keepingFragments)
            #expect(!TopLevelWalk(memory.bytes).boxes.contains { $0.type == "junk" || $0.type == "zero" }, "the boxes are removed")
            #expect(try Self.sampleBytes(memory.bytes) == crafted.samples, "keeping fragments: \(keepingFragments)")
        }
    }

    /// A sample with bytes inside the removed box: refused, with the box's offset.
    @Test(arguments: [false, true])
    func sampleWithBytesInARemovedBoxIsRefused(fragmented: Bool) throws {
        let crafted = fragmented ? Self.fragmented(second: ascii("abc")) : Self.regular(second: ascii("abc"))
        #expect(try Self.sampleBytes(crafted.bytes) == crafted.samples)
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(crafted.bytes)))
        let plan = EditPlan(removal: MetadataRemoval(boxOffsets: crafted.removedBoxes))
        for keepingFragments in fragmented ? [false, true] : [false] {
            var memory = ByteWriter()
            let error = try #require(throws: EditError.self) {
                try MovieEditor(movie: movie, path: "zero.mp4").write(plan, into: &memory, keepingFragments: keepingFragments)
            }
            guard case let .box(boxError) = error else {
                Issue.record("keeping fragments \(keepingFragments): \(error)")
                continue
            }
            // Written regular, the box is named; kept fragmented, the run that points into it.
            let named = keepingFragments ? "0x\(String(crafted.lastBoxOffset + 8, radix: 16))" : "'zero'"
            #expect(boxError.description.contains(named), "\(boxError)")
            if !keepingFragments { #expect(boxError.location?.offset == crafted.lastBoxOffset, "\(boxError)") }
            #expect(memory.count == 0)
        }
    }
}
