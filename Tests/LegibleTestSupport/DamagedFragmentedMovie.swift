/// A fragmented movie (TestMedia/fragmented.mp4: FFmpeg, `default_base_moof`, two tracks) with
/// one field patched, as a damaged or hostile file has it, and where the patched box is: its
/// path as Legible names boxes (1-based indexes among siblings of a type) and its offset, found
/// by walking the bytes here, not by Legible's reader.
public struct DamagedFragmentedMovie: Sendable {
    public var bytes: [UInt8]
    /// The box an edit must name, such as `moof[2]/traf[2]/tfhd`.
    public var path: String
    public var offset: Int

    /// `path @ 0xOFFSET`, as an error line has it.
    public var location: String { "\(path) @ 0x\(String(offset, radix: 16))" }

    /// The data offset of the second `moof`'s second `traf`'s `trun` set to 16: its samples
    /// start inside the `moof` (its `mfhd`), counted from the `moof`'s start
    /// (`default-base-is-moof`, ISO/IEC 14496-12 §8.8.7.1). Located at the `moof`; `run` is the
    /// `trun`'s location.
    public static func runIntoItsOwnFragment(_ source: [UInt8]) throws -> (movie: DamagedFragmentedMovie, run: String) {
        var bytes = source
        let moof = try box("moof", number: 2, in: source, within: source.indices)
        let traf = try box("traf", number: 2, in: source, within: moof.range.lowerBound + 8..<moof.range.upperBound)
        let trun = try box("trun", number: 1, in: source, within: traf.range.lowerBound + 8..<traf.range.upperBound)
        // trun: version and flags, sample_count, then data_offset (flag 0x000001).
        guard bytes[trun.range.lowerBound + 11] & 0x01 != 0 else { throw FragmentedMovieCraft.CraftError(description: "trun has no data offset") }
        bytes.replaceSubrange(trun.range.lowerBound + 16..<trun.range.lowerBound + 20, with: be32(16))
        return (DamagedFragmentedMovie(bytes: bytes, path: "moof[2]", offset: moof.range.lowerBound),
                "moof[2]/traf[2]/trun @ 0x\(String(trun.range.lowerBound, radix: 16))")
    }

    /// The second `moof`'s second `traf` given track ID `trackID` in its `tfhd`, which no `trak`
    /// has.
    public static func undescribedTrack(_ source: [UInt8], trackID: UInt32) throws -> DamagedFragmentedMovie {
        var bytes = source
        let moof = try box("moof", number: 2, in: source, within: source.indices)
        let traf = try box("traf", number: 2, in: source, within: moof.range.lowerBound + 8..<moof.range.upperBound)
        let tfhd = try box("tfhd", number: 1, in: source, within: traf.range.lowerBound + 8..<traf.range.upperBound)
        // tfhd: version and flags, then track_ID (§8.8.7).
        bytes.replaceSubrange(tfhd.range.lowerBound + 12..<tfhd.range.lowerBound + 16, with: be32(trackID))
        return DamagedFragmentedMovie(bytes: bytes, path: "moof[2]/traf[2]/tfhd", offset: tfhd.range.lowerBound)
    }

    /// How the movie header is damaged.
    public enum HeaderDamage: String, Sendable, CaseIterable {
        /// Its version byte set to 7 (§8.2.2 defines 0 and 1).
        case version7
        /// Its size field set to 0, "to the end" of `moov`: it swallows the tracks after it.
        case sizeZero
        /// Its type changed (`m\u{1}hd`, as in mp4parse's `no_timescale.mp4`): `moov` has none.
        case missing

        /// How Legible's warning about it starts.
        public var message: String { self == .missing ? "moov has no mvhd" : "the movie header" }
    }

    /// `moov/mvhd` damaged as `damage` says.
    public static func damagedMovieHeader(_ source: [UInt8], _ damage: HeaderDamage) throws -> DamagedFragmentedMovie {
        var bytes = source
        let moov = try box("moov", number: 1, in: source, within: source.indices)
        let mvhd = try box("mvhd", number: 1, in: source, within: moov.range.lowerBound + 8..<moov.range.upperBound)
        switch damage {
        case .version7: bytes[mvhd.range.lowerBound + 8] = 7
        case .sizeZero: bytes.replaceSubrange(mvhd.range.lowerBound..<mvhd.range.lowerBound + 4, with: be32(0))
        case .missing:
            bytes[mvhd.range.lowerBound + 5] = 1
            return DamagedFragmentedMovie(bytes: bytes, path: "moov", offset: moov.range.lowerBound)
        }
        return DamagedFragmentedMovie(bytes: bytes, path: "moov/mvhd", offset: mvhd.range.lowerBound)
    }

    /// The `number`th (1-based) box of `type` among the boxes in `range` of `bytes`.
    static func box(_ type: String, number: Int, in bytes: [UInt8], within range: Range<Int>) throws -> FragmentedMovieCraft.TopBox {
        let found = try FragmentedMovieCraft.boxes(bytes, in: range).filter { $0.type == type }
        guard found.count >= number else {
            throw FragmentedMovieCraft.CraftError(description: "no \(type) number \(number) in \(range)")
        }
        return found[number - 1]
    }
}
