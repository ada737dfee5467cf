import ISOBMFF
import Movie
@testable import Remux
import Testing

/// The sample tables built for a fragmented track's samples, read back by the sample table
/// reader: every sample where and when it was, chunks only where samples follow one another with
/// one sample description (ISO/IEC 14496-12 §8.7.4), a gap between fragments given to the sample
/// before it, signed composition offsets in a version 1 `ctts` (§8.6.1.3), `stss` only when a
/// sample is not sync (§8.6.2).
@Suite struct SampleTableRunsTests {
    static func sample(_ index: Int, offset: UInt64, size: UInt32, decodeTime: UInt64, duration: UInt32, composition: Int32 = 0,
                       sync: Bool = true, description: UInt32 = 1) -> SampleTable.Sample {
        SampleTable.Sample(index: index, offset: offset, size: size, decodeTime: decodeTime, compositionOffset: composition,
                           duration: duration, isSync: sync, descriptionIndex: description)
    }

    static func table(_ samples: [SampleTable.Sample]) throws -> (runs: SampleTableRuns, table: SampleTable) {
        let runs = try SampleTableRuns(samples, trackID: 1, at: BoxLocation(path: "trak", offset: 0))
        return (runs, try SampleTable(Box(type: "stbl", children: runs.boxes)))
    }

    @Test func samplesReadBackWhereAndWhenTheyWere() throws {
        // A fragment from decode time 1000: two contiguous samples, one elsewhere, one of another
        // description right after it; then a fragment from 1040 (a 5-unit gap).
        let samples = [
            Self.sample(0, offset: 100, size: 10, decodeTime: 1000, duration: 10),
            Self.sample(1, offset: 110, size: 10, decodeTime: 1010, duration: 10, composition: 20, sync: false),
            Self.sample(2, offset: 200, size: 5, decodeTime: 1020, duration: 15, composition: -5, sync: false),
            Self.sample(3, offset: 205, size: 5, decodeTime: 1035, duration: 10, description: 2),
            Self.sample(4, offset: 300, size: 1, decodeTime: 1050, duration: 7, sync: false, description: 2),
        ]
        let (runs, table) = try Self.table(samples)
        #expect(runs.startTime == 1000)
        #expect(runs.mediaDuration == 57)
        let read = Array(table)
        #expect(read.map(\.offset) == samples.map(\.offset))
        #expect(read.map(\.size) == samples.map(\.size))
        #expect(read.map(\.decodeTime) == samples.map { $0.decodeTime - 1000 })
        #expect(read.map(\.compositionOffset) == samples.map(\.compositionOffset))
        #expect(read.map(\.isSync) == samples.map(\.isSync))
        #expect(read.map(\.descriptionIndex) == samples.map(\.descriptionIndex))
        // The sample before the gap lasts until the next decodes; the last keeps its own.
        #expect(read.map(\.duration) == [10, 10, 15, 15, 7])
        #expect(ChunkIndex(table).chunks.map(\.offset) == [100, 200, 205, 300])
        #expect(runs.boxes.first { $0.type == "ctts" }.map { try? CompositionOffsetBox($0).body.version } == 1)
    }

    @Test func allSyncWithoutOffsetsNeedsNeitherTable() throws {
        let samples = [Self.sample(0, offset: 8, size: 4, decodeTime: 0, duration: 3),
                       Self.sample(1, offset: 12, size: 4, decodeTime: 3, duration: 3)]
        let (runs, table) = try Self.table(samples)
        #expect(runs.boxes.map(\.type) == ["stts", "stsz", "stsc", "stco"])
        #expect(ChunkIndex(table).chunks.count == 1)
    }

    @Test func decodeTimeGoingBackIsAnError() throws {
        let samples = [Self.sample(0, offset: 0, size: 1, decodeTime: 10, duration: 1),
                       Self.sample(1, offset: 1, size: 1, decodeTime: 5, duration: 1)]
        #expect(throws: BoxError.self) { try Self.table(samples) }
    }
}
