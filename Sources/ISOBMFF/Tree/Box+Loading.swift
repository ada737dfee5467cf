/// Reading the payload of a box that the parser left in its file (a large sample table, a `trun`,
/// cover art), on demand and within ``Limits``.
extension Box {
    /// The box with its payload in memory: a file-range leaf is read from its file, anything else
    /// is returned as it is. A payload larger than ``Limits/maxInMemoryBoxSize`` is an error.
    public func loaded(limits: Limits = .standard) throws(BoxError) -> Box {
        guard case let .fileRange(offset, length, source) = content else { return self }
        let location = self.location ?? BoxLocation(path: type.description, offset: 0)
        guard length <= limits.maxInMemoryBoxSize else {
            throw BoxError(.limitExceeded("'\(type)' payload of \(length) bytes is larger than the in-memory limit of \(limits.maxInMemoryBoxSize)"),
                           at: location)
        }
        var copy = self
        copy.content = .data(try source.read(at: offset, count: Int(length))[...])
        return copy
    }

    /// A reader over the first `count` bytes of the payload (fewer if it is shorter), read from
    /// the file when the payload was left there: table headers and counts without the table.
    public func payloadPrefixReader(_ count: Int) throws(BoxError) -> ByteReader {
        let location = self.location ?? BoxLocation(path: type.description, offset: 0)
        let baseOffset = location.offset + header.headerSize
        switch content {
        case let .data(bytes):
            return ByteReader(bytes.prefix(count), baseOffset: baseOffset, path: location.path)
        case let .fileRange(offset, length, source):
            let bytes = try source.read(at: offset, count: Int(min(UInt64(max(count, 0)), length)))
            return ByteReader(bytes[...], baseOffset: baseOffset, path: location.path)
        case let .container(container):
            return ByteReader(container.prefix.prefix(count), baseOffset: baseOffset, path: location.path)
        }
    }
}
