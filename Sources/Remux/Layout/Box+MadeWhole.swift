import ISOBMFF

extension Box {
    /// A box the file ends inside as a whole box of the `held` payload bytes the file has of it:
    /// its size field says so (written out, never 0), so other boxes can follow it.
    func madeWhole(holding held: UInt64) -> Box {
        var box = self
        box.header = header.explicit.resized(to: held)
        box.missingBytes = 0
        return box
    }
}
