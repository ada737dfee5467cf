import Foundation
import LegibleTestSupport
import Testing

/// `legible boxes` shows the fields of the fragment boxes (ISO/IEC 14496-12 §8.8, §8.16.3) —
/// `trex`, `tfhd`, `tfdt`, `trun`, `sidx`, `tfra`, `mfro` — and GPAC's MP4Box (`-diso`) reads
/// the same values from the same files. MP4Box shows sample flags (§8.8.3.1) split into their
/// parts; they are compared part by part.
@Suite(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
struct BoxesMP4BoxFragmentFieldsTests {
    typealias Dumps = BoxesMP4BoxFieldsTests

    @Test(arguments: Dumps.testMedia("fragmented.mp4", "hostile/fragmented-private.mp4"))
    func fragmentBoxesInTestMedia(_ path: String) throws { try check(path, expectBoxes: true) }

    @Test(.corpus, arguments: try Dumps.corpus("fragmented"))
    func fragmentBoxesInTheCorpus(_ path: String) throws { try check(path, expectBoxes: false) }

    func check(_ path: String, expectBoxes: Bool) throws {
        let runs = try Dumps.pairs(path, type: "trun", element: "TrackRunBox")
        if expectBoxes { #expect(!runs.isEmpty, "\(path) has trun boxes") }
        for (fields, run) in runs { try checkRun(fields, run) }
        for (fields, header) in try Dumps.pairs(path, type: "tfhd", element: "TrackFragmentHeaderBox") {
            checkFullBox(fields, header)
            #expect(fields["trackID"] as? Int == Int(header["TrackID"] ?? ""))
            if let offset = fields["baseDataOffset"] as? Int { #expect(String(offset) == header["BaseDataOffset"]) }
            #expect(fields["sampleDescriptionIndex"] as? Int == header["SampleDescriptionIndex"].flatMap { Int($0) })
            #expect(fields["defaultSampleDuration"] as? Int == header["SampleDuration"].flatMap { Int($0) })
            #expect(fields["defaultSampleSize"] as? Int == header["SampleSize"].flatMap { Int($0) })
            if let flags = Self.number(fields["defaultSampleFlags"]) {
                #expect(Self.sampleFlagParts(flags, prefix: "") == Self.parts(of: header, prefix: ""))
            }
        }
        for (fields, time) in try Dumps.pairs(path, type: "tfdt", element: "TrackFragmentBaseMediaDecodeTimeBox") {
            checkFullBox(fields, time)
            #expect(fields["baseMediaDecodeTime"] as? Int == Int(time["baseMediaDecodeTime"] ?? ""))
        }
        for (fields, extends) in try Dumps.pairs(path, type: "trex", element: "TrackExtendsBox") {
            checkFullBox(fields, extends)
            #expect(fields["trackID"] as? Int == Int(extends["TrackID"] ?? ""))
            #expect(fields["defaultSampleDescriptionIndex"] as? Int == Int(extends["SampleDescriptionIndex"] ?? ""))
            #expect(fields["defaultSampleDuration"] as? Int == Int(extends["SampleDuration"] ?? ""))
            #expect(fields["defaultSampleSize"] as? Int == Int(extends["SampleSize"] ?? ""))
            let flags = try #require(Self.number(fields["defaultSampleFlags"]))
            let parts = try #require(extends.first("DefaultSampleFlags"))
            #expect(Self.sampleFlagParts(flags, prefix: "Sample") == Self.parts(of: parts, prefix: "Sample"))
        }
        for (fields, index) in try Dumps.pairs(path, type: "sidx", element: "SegmentIndexBox") { try checkSegmentIndex(fields, index) }
        for (fields, table) in try Dumps.pairs(path, type: "tfra", element: "TrackFragmentRandomAccessBox") {
            checkFullBox(fields, table)
            #expect(fields["trackID"] as? Int == Int(table["TrackId"] ?? ""))
            #expect(fields["entryCount"] as? Int == Int(table["number_of_entries"] ?? ""))
            let ours = try Dumps.table(fields["entries"], count: table.all("RandomAccessEntry").count).map { $0 as? [Int] ?? [] }
            let theirs = table.all("RandomAccessEntry").prefix(ours.count).map { entry in
                ["time", "moof_offset", "traf", "trun", "sample"].map { Int(entry[$0] ?? "") ?? -1 }
            }
            #expect(ours == Array(theirs))
        }
        for (fields, offset) in try Dumps.pairs(path, type: "mfro", element: "MovieFragmentRandomAccessOffsetBox") {
            checkFullBox(fields, offset)
            #expect(fields["size"] as? Int == Int(offset["container_size"] ?? ""))
        }
    }

    func checkRun(_ fields: [String: Any], _ run: DisoElement) throws {
        checkFullBox(fields, run)
        #expect(fields["sampleCount"] as? Int == Int(run["SampleCount"] ?? ""))
        #expect(fields["dataOffset"] as? Int == run["DataOffset"].flatMap { Int($0) })
        if let flags = Self.number(fields["firstSampleFlags"]) {
            let parts = try #require(run.first("FirstSampleFlags"))
            #expect(Self.sampleFlagParts(flags, prefix: "Sample") == Self.parts(of: parts, prefix: "Sample"))
        }
        // Each entry lists the fields `entryFields` names, in that order; MP4Box lists no entry
        // of a run whose entries have no field.
        let names = (fields["entryFields"] as? [String]) ?? []
        let theirCount = run.all("TrackRunEntry").count
        let ours = try Dumps.table(fields["entries"], count: names.isEmpty ? nil : theirCount).map { $0 as? [Any] ?? [] }
        if names.isEmpty { #expect(theirCount == 0) }
        for (entry, theirs) in zip(ours, run.all("TrackRunEntry")) {
            let values = Dictionary(uniqueKeysWithValues: zip(names, entry))
            #expect(values["duration"] as? Int == theirs["Duration"].flatMap { Int($0) })
            #expect(values["size"] as? Int == theirs["Size"].flatMap { Int($0) })
            #expect(values["compositionOffset"] as? Int == theirs["CTSOffset"].flatMap { Int($0) })
            if let flags = Self.number(values["flags"]) {
                #expect(Self.sampleFlagParts(flags, prefix: "") == Self.parts(of: theirs, prefix: ""))
            }
        }
    }

    func checkSegmentIndex(_ fields: [String: Any], _ index: DisoElement) throws {
        checkFullBox(fields, index)
        #expect(fields["referenceID"] as? Int == Int(index["reference_ID"] ?? ""))
        #expect(fields["timescale"] as? Int == Int(index["timescale"] ?? ""))
        #expect(fields["earliestPresentationTime"] as? Int == Int(index["earliest_presentation_time"] ?? ""))
        #expect(fields["firstOffset"] as? Int == Int(index["first_offset"] ?? ""))
        #expect(fields["referenceCount"] as? Int == index.all("Reference").count)
        let ours = try Dumps.table(fields["references"], count: index.all("Reference").count).map { $0 as? [Any] ?? [] }
        for (reference, theirs) in zip(ours, index.all("Reference")) {
            let values = reference.map { ($0 as? Bool).map { $0 ? 1 : 0 } ?? ($0 as? Int) ?? -1 }
            #expect(values == ["type", "size", "duration", "startsWithSAP", "SAP_type", "SAPDeltaTime"].map { Int(theirs[$0] ?? "") ?? -2 })
        }
    }

    /// Version and flags: MP4Box prints the flags in decimal.
    func checkFullBox(_ fields: [String: Any], _ box: DisoElement) {
        #expect(fields["version"] as? Int == Int(box["Version"] ?? ""))
        #expect(Self.number(fields["flags"]) == UInt32(box["Flags"] ?? ""))
    }

    /// A hexadecimal field (`0x…`) as a number.
    static func number(_ value: Any?) -> UInt32? {
        (value as? String).flatMap { UInt32($0.dropFirst(2), radix: 16) }
    }

    /// Sample flags (ISO/IEC 14496-12 §8.8.3.1) split as MP4Box names the parts: on `tfhd` and
    /// entries with no prefix (`DependsOn`), on its flag elements with `Sample` (`SampleDependsOn`);
    /// `IsLeading` and `SamplePadding` are named so on both.
    static func sampleFlagParts(_ flags: UInt32, prefix: String) -> [String: Int] {
        ["IsLeading": Int(flags >> 26 & 3), prefix + "DependsOn": Int(flags >> 24 & 3), prefix + "IsDependedOn": Int(flags >> 22 & 3),
         prefix + "HasRedundancy": Int(flags >> 20 & 3), "SamplePadding": Int(flags >> 17 & 7),
         prefix + "Sync": flags >> 16 & 1 == 0 ? 1 : 0, prefix + "DegradationPriority": Int(flags & 0xFFFF)]
    }

    /// The same parts as MP4Box printed them on `element`.
    static func parts(of element: DisoElement, prefix: String) -> [String: Int] {
        var parts: [String: Int] = [:]
        for name in sampleFlagParts(0, prefix: prefix).keys { parts[name] = element[name].flatMap { Int($0) } ?? -1 }
        return parts
    }
}
