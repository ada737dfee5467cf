import ISOBMFF

/// Fragmented movies with what a strip must find in the fragments, made from a fragmented file
/// whose track fragments count data offsets from their `moof` (FFmpeg's
/// `-movflags +frag_keyframe+empty_moov+default_base_moof+skip_trailer`: no `mfra` with
/// absolute offsets): a `udta` in every `moof` and in its first `traf`, a top-level `emsg`
/// (ISO/IEC 23009-1 §5.10.3.3) and `uuid` after `moov`, each holding one of
/// ``privateStrings``; or free space after `moov`. Every `trun` data offset is moved by what its
/// `moof` grew, so the samples read as before.
public enum FragmentedMovieCraft {
    /// The recognisable strings the crafted boxes hold.
    public static let privateStrings = ["MOOF-UDTA-SECRET", "TRAF-UDTA-SECRET", "EMSG-SECRET", "UUID-SECRET"]

    public struct CraftError: Error, CustomStringConvertible {
        public var description: String
    }

    /// A top-level box of `bytes`: its type and byte range.
    public struct TopBox {
        public var type: String
        public var range: Range<Int>
    }

    /// The top-level boxes of `bytes` (32-bit sizes only).
    public static func boxes(_ bytes: [UInt8], in range: Range<Int>) throws -> [TopBox] {
        var boxes: [TopBox] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            let size = Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard size >= 8, offset + size <= range.upperBound else {
                throw CraftError(description: "box at \(offset) has size \(size)")
            }
            boxes.append(TopBox(type: String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), range: offset..<offset + size))
            offset += size
        }
        return boxes
    }

    /// The types of the top-level boxes of `bytes`, in order.
    public static func topLevelTypes(_ bytes: [UInt8]) throws -> [String] {
        try boxes(bytes, in: bytes.indices).map(\.type)
    }

    /// `bytes` with a `free` box of `size` bytes right after `moov`.
    public static func withFreeSpace(_ bytes: [UInt8], afterMovie size: Int) throws -> [UInt8] {
        guard let moov = try boxes(bytes, in: bytes.indices).first(where: { $0.type == "moov" }) else {
            throw CraftError(description: "no moov")
        }
        return Array(bytes[..<moov.range.upperBound]) + TestBox.leaf("free", [UInt8](repeating: 0, count: size - 8)).bytes
            + bytes[moov.range.upperBound...]
    }

    /// The extended type of PIFF 1.1's fragment timing box (`tfxd`, §5.2.1), which Smooth
    /// Streaming fragments carry in their `traf`.
    public static let fragmentTimingUUID: [UInt8] = [0x6D, 0x1D, 0x9B, 0x05, 0x42, 0xD5, 0x44, 0xE6, 0x80, 0xE2, 0x14, 0x1D, 0xAF, 0xF7, 0x57, 0xB2]

    /// `bytes` with the private boxes: `emsg` and `uuid` after `moov`, `udta` in every `moof`
    /// and in its first `traf`; with `fragmentTiming`, also a PIFF `tfxd` box (version 1, time
    /// and duration 0) in every first `traf`, which is not private.
    public static func withPrivateBoxes(_ bytes: [UInt8], fragmentTiming: Bool = false) throws -> [UInt8] {
        var output: [UInt8] = []
        let timing = fragmentTiming ? TestBox.leaf("uuid", fragmentTimingUUID + [1, 0, 0, 0] + [UInt8](repeating: 0, count: 16)).bytes : []
        for box in try boxes(bytes, in: bytes.indices) {
            switch box.type {
            case "moof": output += try moof(bytes, box.range, trafExtra: timing)
            case "moov":
                output += bytes[box.range]
                output += emsg().bytes
                output += TestBox.leaf("uuid", [UInt8](repeating: 0x5A, count: 16) + ascii(privateStrings[3])).bytes
            default: output += bytes[box.range]
            }
        }
        return output
    }

    /// An `emsg` box, version 0, whose message is a private string.
    static func emsg() -> TestBox {
        .leaf("emsg", [0, 0, 0, 0] + ascii("urn:example:private\0") + ascii("1\0") + be32(1000) + be32(0) + be32(1000) + be32(1)
            + ascii(privateStrings[2]))
    }

    /// A user data box holding one `©cmt`-style item of `text`.
    static func userData(_ text: String) -> TestBox {
        .container("udta", [.leaf("©cmt", be16(UInt16(text.utf8.count)) + be16(0x15C7) + ascii(text))])
    }

    /// The `moof` at `range` with its `udta`s, and its `trun` data offsets moved by its growth.
    static func moof(_ bytes: [UInt8], _ range: Range<Int>, trafExtra: [UInt8]) throws -> [UInt8] {
        let moofUserData = userData(privateStrings[0]).bytes
        let trafUserData = userData(privateStrings[1]).bytes + trafExtra
        let growth = moofUserData.count + trafUserData.count
        return try rebuiltMoof(bytes, range, trafExtra: { number, _ in number == 0 ? trafUserData : [] }, moofExtra: moofUserData) { type, box in
            if type == "tfhd", box[11] & 0x01 != 0 {
                throw CraftError(description: "tfhd has an absolute base_data_offset")
            }
            if type == "trun" { moveDataOffset(&box, by: growth) }
        }
    }

    /// The `moof` at `range` rebuilt: each box of each `traf` passed through `edit` (with its
    /// type), `trafExtra(n, id)` added to the end of `traf` number n (from 0) of track `id`
    /// (its `tfhd`'s), `moofExtra` to the end of the `moof`, every size set again.
    static func rebuiltMoof(_ bytes: [UInt8], _ range: Range<Int>, trafExtra: (Int, UInt32) -> [UInt8] = { _, _ in [] }, moofExtra: [UInt8] = [],
                            edit: (String, inout [UInt8]) throws -> Void) throws -> [UInt8] {
        var children: [UInt8] = []
        var trafNumber = 0
        for child in try boxes(bytes, in: range.lowerBound + 8..<range.upperBound) {
            guard child.type == "traf" else {
                children += bytes[child.range]
                continue
            }
            var traf: [UInt8] = []
            var trackID: UInt32 = 0
            for inner in try boxes(bytes, in: child.range.lowerBound + 8..<child.range.upperBound) {
                var box = Array(bytes[inner.range])
                if inner.type == "tfhd" { trackID = uint32(box, at: 12) }
                try edit(inner.type, &box)
                traf += box
            }
            traf += trafExtra(trafNumber, trackID)
            trafNumber += 1
            children += be32(UInt32(8 + traf.count)) + ascii("traf") + traf
        }
        children += moofExtra
        return be32(UInt32(8 + children.count)) + ascii("moof") + children
    }

    /// The big-endian 32-bit number at `offset` of `bytes`.
    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// A `trun`'s data offset (after its version and flags and sample_count, when flag 0x1 is
    /// set) moved by `growth`, what its `moof` grew before its samples.
    static func moveDataOffset(_ trun: inout [UInt8], by growth: Int) {
        guard trun[11] & 0x01 != 0 else { return }
        let offset = Int32(bitPattern: uint32(trun, at: 16)) + Int32(growth)
        trun.replaceSubrange(16..<20, with: be32(UInt32(bitPattern: offset)))
    }
}
