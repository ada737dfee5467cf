/// Where written boxes go: memory (``ByteWriter``) or a file. Copies of unchanged file ranges go
/// through ``copy(from:offset:length:)`` so a file sink can move them without Swift arrays.
public protocol ByteSink {
    /// Appends `bytes`.
    mutating func write(_ bytes: ArraySlice<UInt8>) throws(BoxError)
    /// Appends `length` bytes of `source` from `offset`.
    mutating func copy(from source: any ByteSource, offset: UInt64, length: UInt64) throws(BoxError)
    /// Appends the byte ranges `runs` of `source`, one after another. A file sink gathers small
    /// runs that lie close together into one read and one write; the default copies each.
    mutating func copy(runs: [(offset: UInt64, length: UInt64)], from source: any ByteSource) throws(BoxError)
}

extension ByteSink {
    public mutating func copy(runs: [(offset: UInt64, length: UInt64)], from source: any ByteSource) throws(BoxError) {
        for run in runs { try copy(from: source, offset: run.offset, length: run.length) }
    }
}

extension ByteWriter: ByteSink {
    /// Appends `bytes` to the buffer.
    public mutating func write(_ bytes: ArraySlice<UInt8>) throws(BoxError) {
        write(bytes: bytes)
    }

    /// Appends `length` bytes of `source` from `offset`, read in chunks of 1 MiB.
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
    /// Writes the box, header first, copying unloaded ranges from their files. `explicitSize`
    /// writes a size-0 header with its size, for a box that is not the last of its file.
    public func write(to sink: inout some ByteSink, explicitSize: Bool = false) throws(BoxError) {
        var headerWriter = ByteWriter(capacity: 32)
        (explicitSize ? headerForWriting.explicit : headerForWriting).write(into: &headerWriter)
        try sink.write(headerWriter.bytes[...])
        switch content {
        case let .data(bytes):
            try sink.write(bytes)
        case let .fileRange(offset, length, source):
            try sink.copy(from: source, offset: offset, length: length)
        case let .container(container):
            try sink.write(container.prefix)
            // A size-0 child runs to the end of its parent: once other children or trailing
            // bytes follow it (an edit appended them), it must say its size or swallow them.
            let last = container.children.count - 1
            for (index, child) in container.children.enumerated() {
                try child.write(to: &sink, explicitSize: index < last || !container.trailing.isEmpty)
            }
            try sink.write(container.trailing)
        }
    }

    /// The box's bytes; for boxes whose content is all in memory.
    public func encoded() throws(BoxError) -> [UInt8] {
        var writer = ByteWriter(capacity: Int(clamping: totalSize))
        try write(to: &writer)
        return writer.bytes
    }
}

extension BoxFile {
    /// Writes every box (and any unparsed tail) back out. Only the last box may keep a size-0
    /// header: one that boxes were appended after is written with its size.
    public func write(to sink: inout some ByteSink) throws(BoxError) {
        for (index, box) in boxes.enumerated() {
            try box.write(to: &sink, explicitSize: index < boxes.count - 1 || tail != nil)
        }
        if let tail { try sink.copy(from: source, offset: tail.offset, length: tail.length) }
    }
}
