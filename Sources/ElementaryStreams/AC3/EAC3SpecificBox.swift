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

    /// The `chan_loc` bits (F.6.2.15, Table F.6.1: Lc/Rc, Lrs/Rrs, Cs, Ts, Lsd/Rsd, Lw/Rw, Vhl/Vhr,
    /// Vhc, LFE2 from the most significant of the 9 on) of a dependent substream's `chanmap`
    /// (Table E.1.4, bit 0 the most significant: L, C, R, Ls, Rs, then the same eight locations
    /// at 5–12, Lts/Rts at 13, LFE2 at 14, LFE at 15). A dependent substream without a map
    /// replaces channels its independent one has, so it adds no location.
    static func channelLocations(of header: EAC3FrameHeader) -> UInt16 {
        guard let map = header.channelMap else { return 0 }
        return (map >> 3 & 0xFF) << 1 | (map >> 1 & 1)
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
