extension FragmentedMovieCraft {
    /// `bytes`, a fragmented movie whose `trun` data offsets count from their `moof` (FFmpeg's
    /// `default_base_moof`), with `box` at the end of every track fragment of track `trackID` —
    /// a sample group or auxiliary information the fragments give their samples, say — and every
    /// `trun` data offset moved by what its `moof` grew; `mfra`, whose absolute offsets would
    /// no longer hold, is left out.
    public static func withBox(_ box: TestBox, inFragmentsOf trackID: UInt32, of bytes: [UInt8]) throws -> [UInt8] {
        let extra = box.bytes
        var output: [UInt8] = []
        for top in try boxes(bytes, in: bytes.indices) where top.type != "mfra" {
            guard top.type == "moof" else {
                output += bytes[top.range]
                continue
            }
            var count = 0
            for traf in try boxes(bytes, in: top.range.lowerBound + 8..<top.range.upperBound) where traf.type == "traf" {
                let tfhd = try boxes(bytes, in: traf.range.lowerBound + 8..<traf.range.upperBound).first { $0.type == "tfhd" }
                if let tfhd, uint32(bytes, at: tfhd.range.lowerBound + 12) == trackID { count += 1 }
            }
            output += try rebuiltMoof(bytes, top.range, trafExtra: { _, id in id == trackID ? extra : [] }) { type, inner in
                if type == "trun" { moveDataOffset(&inner, by: count * extra.count) }
            }
        }
        return output
    }
}
