/// Where written boxes go: memory (``ByteWriter``) or a file. Copies of unchanged file ranges go
/// through ``copy(from:offset:length:)`` so a file sink can move them without Swift arrays.
public protocol ByteSink {
    mutating func write(_ bytes: ArraySlice<UInt8>) throws(BoxError)
    mutating func copy(from source: any ByteSource, offset: UInt64, length: UInt64) throws(BoxError)
}

extension ByteWriter: ByteSink {
    public mutating func write(_ bytes: ArraySlice<UInt8>) throws(BoxError) {
        write(bytes: bytes)
    }

    public mutating func copy(from source: any ByteSource, offset: UInt64, length: UInt64) throws(BoxError) {
        let chunk: UInt64 = 1 << 20
        var done: UInt64 = 0
        while done < length {
            let count = Int(min(chunk, length - done))
            write(bytes: try source.read(at: offset + done, count: count))
            done += UInt64(count)
        }
    }
}

extension Box {
    /// Writes the box, header first, reading unloaded ranges from `source`.
    public func write(to sink: inout some ByteSink, source: (any ByteSource)?) throws(BoxError) {
        var headerWriter = ByteWriter(capacity: 32)
        headerForWriting.write(into: &headerWriter)
        try sink.write(headerWriter.bytes[...])
        switch content {
        case let .data(bytes):
            try sink.write(bytes)
        case let .fileRange(offset, length):
            guard let source else {
                throw BoxError(.unsupported("box '\(type)' refers to a file range but no source was given"),
                               at: location ?? BoxLocation(path: type.description, offset: 0))
            }
            try sink.copy(from: source, offset: offset, length: length)
        case let .container(container):
            try sink.write(container.prefix)
            for child in container.children { try child.write(to: &sink, source: source) }
            try sink.write(container.trailing)
        }
    }

    /// The box's bytes; for boxes whose content is all in memory.
    public func encoded() throws(BoxError) -> [UInt8] {
        var writer = ByteWriter(capacity: Int(clamping: totalSize))
        try write(to: &writer, source: nil)
        return writer.bytes
    }
}

extension BoxFile {
    /// Writes every box (and any unparsed tail) back out.
    public func write(to sink: inout some ByteSink) throws(BoxError) {
        for box in boxes { try box.write(to: &sink, source: source) }
        if let tail { try sink.copy(from: source, offset: tail.offset, length: tail.length) }
    }
}
