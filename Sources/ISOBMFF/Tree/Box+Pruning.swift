extension Box {
    /// The box without the descendants that were read from the given file offsets (each box's
    /// header offset); containers that lose children keep their prefix and trailing bytes.
    /// Boxes built in memory have no offset and are always kept.
    public func pruning(offsets: Set<UInt64>) -> Box {
        guard !offsets.isEmpty, case .container = content else { return self }
        var box = self
        box.setChildren(children.compactMap { child in
            if let offset = child.location?.offset, offsets.contains(offset) { return nil }
            return child.pruning(offsets: offsets)
        })
        return box
    }
}
