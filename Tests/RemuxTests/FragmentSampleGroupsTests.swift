import ISOBMFF
import LegibleTestSupport
@testable import Remux
import Testing

/// A fragmented track's sample groups merged into one `sgpd` and one `sbgp` a grouping type
/// (ISO/IEC 14496-12 §8.9): the boxes expected are built by hand from the clauses.
@Suite struct FragmentSampleGroupsTests {
    /// An `sgpd` of `roll` (§10.1: a 16-bit roll_distance an entry) of `version`: 1 gives
    /// default_length 2, 0 gives no length (the grouping type fixes it).
    static func rollDescriptions(_ distances: [Int16], version: UInt8 = 1) -> Box {
        let lengths: [UInt8] = version == 1 ? be32(2) : []
        return Box(type: "sgpd", payload: [version, 0, 0, 0] + ascii("roll") + lengths + be32(UInt32(distances.count))
            + distances.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] })
    }

    /// An `sbgp` of version 0 for `roll` with `runs` of (sample count, group description index).
    static func rollMapping(_ runs: [(UInt32, UInt32)]) -> Box {
        Box(type: "sbgp", payload: [0, 0, 0, 0] + ascii("roll") + be32(UInt32(runs.count)) + runs.flatMap { be32($0.0) + be32($0.1) })
    }

    /// The track's description -1 and its 2 table samples in it; a fragment of 3 samples with
    /// its own description -2 (0x10001), one sample in the track's (1) and one in none; a
    /// fragment of 2 whose own description is the track's -1 again.
    @Test func fragmentDescriptionsFollowTheTracksAndTheirIndicesAreRenumbered() throws {
        var groups = try FragmentSampleGroups(tables: [Self.rollDescriptions([-1]), Self.rollMapping([(2, 1)])], tableSampleCount: 2)
        try groups.add(Box(type: "traf", children: [Self.rollDescriptions([-2]), Self.rollMapping([(1, 0x10001), (1, 1)])]), samples: 3)
        try groups.add(Box(type: "traf", children: [Self.rollDescriptions([-1], version: 0), Self.rollMapping([(2, 0x10001)])]), samples: 2)
        let expected = [Self.rollDescriptions([-1, -2]), Self.rollMapping([(2, 1), (1, 2), (1, 1), (1, 0), (2, 1)])]
        #expect(try groups.boxes.map { try $0.encoded() } == expected.map { try $0.encoded() })
    }

    /// A fragment whose samples are grouped while the table's are not: the table's samples are
    /// in no group.
    @Test func samplesBeforeAFragmentsGroupsAreInNone() throws {
        var groups = try FragmentSampleGroups(tables: [], tableSampleCount: 3)
        try groups.add(Box(type: "traf", children: [Self.rollDescriptions([-1]), Self.rollMapping([(4, 0x10001)])]), samples: 4)
        let expected = [Self.rollDescriptions([-1]), Self.rollMapping([(3, 0), (4, 1)])]
        #expect(try groups.boxes.map { try $0.encoded() } == expected.map { try $0.encoded() })
    }

    @Test func anIndexPastTheFragmentsDescriptionsIsAnError() throws {
        var groups = try FragmentSampleGroups(tables: [], tableSampleCount: 0)
        let traf = Box(type: "traf", children: [Self.rollDescriptions([-1]), Self.rollMapping([(1, 0x10002)])])
        let error = try #require(throws: BoxError.self) { try groups.add(traf, samples: 1) }
        guard case .inconsistentSampleTable = error.kind else { Issue.record("\(error)"); return }
    }

    @Test func runsPastTheFragmentsSamplesAreAnError() throws {
        var groups = try FragmentSampleGroups(tables: [], tableSampleCount: 0)
        let traf = Box(type: "traf", children: [Self.rollMapping([(3, 1)])])
        let error = try #require(throws: BoxError.self) { try groups.add(traf, samples: 2) }
        guard case .inconsistentSampleTable = error.kind else { Issue.record("\(error)"); return }
    }

    /// Version 0 does not give the entries' size: a grouping type no clause fixes it for
    /// cannot be read.
    @Test func version0OfAnUnknownGroupingTypeIsUnsupported() throws {
        let sgpd = Box(type: "sgpd", payload: [0, 0, 0, 0] + ascii("xyz1") + be32(1) + [1, 2, 3])
        let error = try #require(throws: BoxError.self) { try FragmentSampleGroups(tables: [sgpd], tableSampleCount: 0) }
        guard case .unsupported = error.kind else { Issue.record("\(error)"); return }
    }
}
