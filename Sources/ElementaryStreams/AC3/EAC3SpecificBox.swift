import ISOBMFF

/// The `dec3` box of an `ec-3` entry (ETSI TS 102 366 F.6): the data rate, then a description of
/// each independent substream and of the dependent substreams that extend it.
struct EAC3SpecificBox {
    /// One independent substream and its dependents, as the first access unit has them.
    struct Substream {
        var header: EAC3FrameHeader
        var dependentCount = 0
        /// The `chan_loc` bits of the dependents' channel maps.
        var channelLocations: UInt16 = 0
    }

    /// The data rate in kbit/s.
    var dataRate: UInt32
    var substreams: [Substream]

    /// The `chan_loc` bits (F.6.2.13, Table F.6.1: Lc/Rc 0x001, Lrs/Rrs 0x002, Cs 0x004, Ts 0x008,
    /// Lsd/Rsd 0x010, Lw/Rw 0x020, Vhl/Vhr 0x040, Vhc 0x080, LFE2 0x100, as Chromium's reader and
    /// FFmpeg-derived writers have them) of a dependent substream's `chanmap` (Table E.1.4,
    /// location 0 in the most significant bit: L 0x8000, C, R, Ls, Rs, then Lc/Rc 0x0400 down to
    /// Vhc 0x0008, Lts/Rts 0x0004, LFE2 0x0002, LFE 0x0001). A dependent substream without a map
    /// replaces channels its independent one has, so it adds no location.
    static func channelLocations(of header: EAC3FrameHeader) -> UInt16 {
        guard let map = header.channelMap else { return 0 }
        let pairs: [(chanmap: UInt16, location: UInt16)] = [
            (0x0400, 0x001), (0x0200, 0x002), (0x0100, 0x004), (0x0080, 0x008), (0x0040, 0x010),
            (0x0020, 0x020), (0x0010, 0x040), (0x0008, 0x080), (0x0002, 0x100),
        ]
        return pairs.reduce(0) { map & $1.chanmap != 0 ? $0 | $1.location : $0 }
    }

    var box: Box {
        var writer = BitWriter()
        writer.write(min(dataRate, 0x1FFF), bits: 13)
        writer.write(UInt32(substreams.count - 1), bits: 3)
        for substream in substreams {
            let header = substream.header
            writer.write(UInt32(header.fscod), bits: 2)
            writer.write(UInt32(header.bsid), bits: 5)
            writer.write(0, bits: 1)  // reserved
            writer.write(0, bits: 1)  // asvc: a main service, as FFmpeg writes it
            writer.write(UInt32(header.bsmod), bits: 3)
            writer.write(UInt32(header.acmod), bits: 3)
            writer.write(header.lfeon ? 1 : 0, bits: 1)
            writer.write(0, bits: 3)  // reserved
            writer.write(UInt32(substream.dependentCount), bits: 4)
            if substream.dependentCount == 0 {
                writer.write(0, bits: 1)  // reserved
            } else {
                writer.write(UInt32(substream.channelLocations), bits: 9)
            }
        }
        return Box(type: "dec3", payload: writer.bytes)
    }
}
