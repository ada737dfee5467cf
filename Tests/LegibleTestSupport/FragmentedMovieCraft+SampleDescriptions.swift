extension FragmentedMovieCraft {
    /// `bytes`, a fragmented movie whose `trun` data offsets count from their `moof` (FFmpeg's
    /// `default_base_moof`), with a second sample description for track `trackID` — its `stsd`'s
    /// first entry again — that its track fragments name from fragment `first` (counting from
    /// 0) on, through `tfhd`'s sample_description_index (ISO/IEC 14496-12 §8.8.7): a change of
    /// sample description mid-track. Each `trun` data offset of those fragments moves by the 4
    /// bytes their `tfhd` grows; `mfra`, whose absolute offsets would no longer hold, is left out.
    public static func withSecondSampleDescription(_ bytes: [UInt8], track trackID: UInt32, fromFragment first: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        var fragment = 0
        for box in try boxes(bytes, in: bytes.indices) {
            switch box.type {
            case "moov": output += try withSecondEntry(bytes, box.range, type: "moov", path: ["trak", "mdia", "minf", "stbl", "stsd"], trackID: trackID)
            case "moof":
                output += fragment >= first ? try namingSecondEntry(bytes, box.range, trackID: trackID) : Array(bytes[box.range])
                fragment += 1
            case "mfra": continue
            default: output += bytes[box.range]
            }
        }
        return output
    }

    /// The box at `range` rebuilt along `path` to track `trackID`'s `stsd`, which gets its first
    /// entry a second time.
    private static func withSecondEntry(_ bytes: [UInt8], _ range: Range<Int>, type: String, path: ArraySlice<String>,
                                        trackID: UInt32) throws -> [UInt8] {
        guard let next = path.first else {
            // stsd: header, version and flags, entry_count, then the entries.
            guard let entry = try boxes(bytes, in: range.lowerBound + 16..<range.upperBound).first else {
                throw CraftError(description: "stsd has no entry")
            }
            var stsd = Array(bytes[range]) + bytes[entry.range]
            stsd.replaceSubrange(12..<16, with: be32(2))
            stsd.replaceSubrange(0..<4, with: be32(UInt32(stsd.count)))
            return stsd
        }
        var children: [UInt8] = []
        for child in try boxes(bytes, in: range.lowerBound + 8..<range.upperBound) {
            let isOnPath = try child.type == next && (next != "trak" || trakID(bytes, child.range) == trackID)
            children += isOnPath ? try withSecondEntry(bytes, child.range, type: next, path: path.dropFirst(), trackID: trackID)
                : Array(bytes[child.range])
        }
        return be32(UInt32(8 + children.count)) + ascii(type) + children
    }

    /// The track ID in the `tkhd` of the `trak` at `range` (after creation and modification
    /// times of 4 bytes each in version 0, 8 in version 1).
    private static func trakID(_ bytes: [UInt8], _ range: Range<Int>) throws -> UInt32? {
        guard let tkhd = try boxes(bytes, in: range.lowerBound + 8..<range.upperBound).first(where: { $0.type == "tkhd" }) else { return nil }
        return uint32(bytes, at: tkhd.range.lowerBound + (bytes[tkhd.range.lowerBound + 8] == 1 ? 28 : 20))
    }

    /// The `moof` at `range` with track `trackID`'s `tfhd` naming sample description 2.
    private static func namingSecondEntry(_ bytes: [UInt8], _ range: Range<Int>, trackID: UInt32) throws -> [UInt8] {
        var named = false
        let moof = try rebuiltMoof(bytes, range) { type, box in
            if type == "tfhd", uint32(box, at: 12) == trackID {
                guard box[11] & 0x03 == 0 else { throw CraftError(description: "tfhd has a base_data_offset or a sample description index") }
                box[11] |= 0x02
                box.insert(contentsOf: be32(2), at: 16)
                box.replaceSubrange(0..<4, with: be32(UInt32(box.count)))
                named = true
            }
            if type == "trun" { moveDataOffset(&box, by: 4) }
        }
        guard named else { throw CraftError(description: "a fragment has no track fragment of track \(trackID)") }
        return moof
    }
}
