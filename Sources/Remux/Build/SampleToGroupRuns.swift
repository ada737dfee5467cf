import ISOBMFF

/// A SampleToGroupBox (`sbgp`, ISO/IEC 14496-12 §8.9.2): runs of consecutive samples and the
/// group description each run belongs to (0: none of this grouping type).
struct SampleToGroupRuns: Equatable {
    /// A run of `count` samples in group description `index`.
    struct Run: Equatable {
        var count: UInt32
        var index: UInt32
    }

    /// The grouping type, naming the `sgpd` whose entries the indices count.
    var groupingType: FourCC
    /// Version 1's `grouping_type_parameter`; nil for version 0.
    var parameter: UInt32?
    /// The runs, in sample order.
    var runs: [Run]

    /// The runs of `box`, an `sbgp`; throws naming the box when it is cut short.
    init(_ box: Box) throws(BoxError) {
        var reader = try box.payloadReader()
        let version = try reader.readUInt8()
        try reader.skip(3)
        groupingType = try reader.readFourCC()
        parameter = version >= 1 ? try reader.readUInt32() : nil
        let count = try reader.checkedCount(try reader.readUInt32(), entrySize: 8, what: "sample-to-group entries")
        runs = []
        runs.reserveCapacity(count)
        for _ in 0..<count { runs.append(Run(count: try reader.readUInt32(), index: try reader.readUInt32())) }
    }

    /// Runs of `groupingType` (and `parameter`), none yet.
    init(groupingType: FourCC, parameter: UInt32?) {
        self.groupingType = groupingType
        self.parameter = parameter
        runs = []
    }

    /// The number of samples the runs cover, saturating.
    var sampleCount: UInt64 { runs.reduce(UInt64(0)) { $0.saturatingAdd(UInt64($1.count)) } }

    /// Appends `count` samples in group description `index`, joining the last run when it is
    /// of the same description.
    mutating func append(count: UInt32, index: UInt32) {
        guard count > 0 else { return }
        if let last = runs.last, last.index == index {
            let (joined, overflow) = last.count.addingReportingOverflow(count)
            if !overflow {
                runs[runs.count - 1].count = joined
                return
            }
        }
        runs.append(Run(count: count, index: index))
    }

    /// The `sbgp`: version 1 when it has a parameter, else 0.
    func makeBox() -> Box {
        var writer = ByteWriter()
        writer.write(UInt32(parameter == nil ? 0 : 1) << 24)
        writer.write(groupingType)
        if let parameter { writer.write(parameter) }
        writer.write(UInt32(clamping: runs.count))
        for run in runs {
            writer.write(run.count)
            writer.write(run.index)
        }
        return Box(type: "sbgp", payload: writer.bytes)
    }
}
