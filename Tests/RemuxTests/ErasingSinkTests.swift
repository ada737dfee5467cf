import Testing
import ISOBMFF
@testable import Remux

/// Writes and copies through an ``ErasingSink`` land as they would without it, but for zeros
/// over the erased ranges: expected bytes are the input with those ranges zeroed by hand.
@Suite struct ErasingSinkTests {
    static let source = MemoryByteSource((0..<4096).map { UInt8(1 + $0 % 250) })

    /// What `steps` (a write of bytes or a copy of a source range) give with `erasures` zeroed.
    static func expected(_ steps: [Step], erasing erasures: [Range<UInt64>]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for step in steps {
            switch step {
            case let .write(written): bytes += written
            case let .copy(range): bytes += try source.read(at: range.lowerBound, count: range.count)
            case let .runs(runs): for run in runs { bytes += try source.read(at: run.lowerBound, count: run.count) }
            }
        }
        for erasure in erasures {
            for index in erasure where index < bytes.count { bytes[Int(index)] = 0 }
        }
        return bytes
    }

    enum Step {
        case write([UInt8])
        case copy(Range<UInt64>)
        case runs([Range<UInt64>])
    }

    static func written(_ steps: [Step], erasing erasures: [Range<UInt64>]) throws -> [UInt8] {
        var sink = ErasingSink(ByteWriter(), erasing: erasures)
        for step in steps {
            switch step {
            case let .write(bytes): try sink.write(bytes[...])
            case let .copy(range): try sink.copy(from: source, offset: range.lowerBound, length: UInt64(range.count))
            case let .runs(runs): try sink.copy(runs: runs.map { ($0.lowerBound, UInt64($0.count)) }, from: source)
            }
        }
        #expect(sink.position == UInt64(sink.base.count))
        return sink.base.bytes
    }

    static let steps: [Step] = [
        .write([9, 9, 9, 9, 9, 9, 9, 9]), .copy(100..<1100), .write(Array(repeating: 7, count: 30)),
        .runs([0..<10, 2000..<2500, 3000..<3001]), .copy(4000..<4096),
    ]

    /// Erasures inside one write, across a write and a copy, several inside one copy, one that
    /// covers a whole copy, in runs, at the very end, and touching ones given out of order.
    @Test(arguments: [
        [], [2..<5], [6..<20], [300..<310, 500..<700, 1007..<1008], [1038..<1048],
        [1040..<1600], [1500..<1600, 1400..<1500], [1645..<1646], [0..<1645], [1600..<10_000],
    ] as [[Range<UInt64>]])
    func zerosLandWhereErased(_ erasures: [Range<UInt64>]) throws {
        #expect(try Self.written(Self.steps, erasing: erasures) == Self.expected(Self.steps, erasing: erasures))
    }
}
