import ISOBMFF

extension Box {
    /// The payload as bytes, whatever the parser made of it: a leaf's bytes (read from the file
    /// if they were left there), or a container's prefix, children and trailing bytes encoded
    /// back. Bounded by `Limits.maxInMemoryBoxSize`.
    func payloadBytes(limits: Limits) throws(BoxError) -> [UInt8] {
        let box = try loaded(limits: limits)
        if let data = box.data { return Array(data) }
        guard box.payloadSize <= limits.maxInMemoryBoxSize else {
            throw BoxError(.limitExceeded("'\(type)' payload of \(box.payloadSize) bytes is larger than the in-memory limit of \(limits.maxInMemoryBoxSize)"),
                           at: itemLocation)
        }
        return Array(try box.encoded().dropFirst(Int(box.headerForWriting.headerSize)))
    }

    /// Where the box was read from (a box made in memory is placed at its type, offset 0).
    var itemLocation: BoxLocation { location ?? BoxLocation(path: type.description, offset: 0) }

    /// The origin of an item read from this box.
    func origin(keyIndex: UInt32? = nil) -> MetadataOrigin {
        MetadataOrigin(location: itemLocation, size: header.totalSize, keyIndex: keyIndex)
    }
}
