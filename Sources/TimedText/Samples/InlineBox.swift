import ISOBMFF

/// A box found inside a sample or a sample entry: its type and a reader over its payload.
///
/// Timed-text samples and sample entries end with a run of small boxes (`styl`, `tbox`, `frcd`;
/// `vttc`, `payl`; `ftab`, `vttC`). They are read here with ISOBMFF's own header reader and
/// bounds-checked `ByteReader` so that no codec has a byte reader of its own.
struct InlineBox {
    /// The header as read.
    var header: BoxHeader
    /// The box type.
    var type: FourCC { header.type }
    /// A reader over the payload only.
    var payload: ByteReader
    /// The whole box, header included, as it was read.
    var raw: ArraySlice<UInt8>

    /// Reads boxes from `reader` until fewer than `slack + 1` bytes remain.
    ///
    /// - Parameter slack: trailing bytes that may be left unread without an error. FFmpeg's
    ///   `mov_text` decoder stops when fewer than 8 bytes remain, so `tx3g` samples with a few
    ///   bytes of padding after the last box are accepted with `slack: 7`.
    /// - Throws: `BoxError` when a box header is malformed or a box runs past the end.
    static func readAll(_ reader: inout ByteReader, slack: Int = 0) throws(BoxError) -> [InlineBox] {
        var boxes: [InlineBox] = []
        while reader.remaining > slack {
            let start = reader.index
            let header = try BoxHeader.read(from: &reader, available: UInt64(reader.remaining))
            guard header.payloadSize <= UInt64(reader.remaining) else {
                throw reader.error(.truncated(needed: header.payloadSize, available: UInt64(reader.remaining)))
            }
            let path = reader.path.isEmpty ? header.type.description : reader.path + "/" + header.type.description
            let payload = try reader.carve(Int(header.payloadSize), path: path)
            boxes.append(InlineBox(header: header, payload: payload, raw: reader.bytes[start..<reader.index]))
        }
        return boxes
    }

    /// Reads the boxes that fill `bytes`.
    static func readAll(_ bytes: [UInt8]) throws(BoxError) -> [InlineBox] {
        var reader = ByteReader(bytes)
        return try readAll(&reader)
    }

    /// The box as a node of a box tree, with its header as read.
    var box: Box { Box(header: header, content: .data(payload.bytes)) }

    /// The payload as UTF-8 text (a "boxstring"); invalid sequences become U+FFFD and a
    /// terminating NUL, which some writers add although the format has none, is dropped.
    var string: String {
        var bytes = payload.bytes[payload.index...]
        if bytes.last == 0 { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Box {
    /// The bytes after the header, whether the tree parser kept the box as a leaf or split it
    /// into fixed fields and children (as it does for `tx3g` and `wvtt` sample entries).
    func inMemoryPayload() throws(BoxError) -> [UInt8] {
        let location = self.location ?? BoxLocation(path: type.description, offset: 0)
        switch content {
        case .data(let bytes):
            return Array(bytes)
        case .container(let container):
            var writer = ByteWriter(capacity: Int(clamping: payloadSize))
            writer.write(bytes: container.prefix)
            for child in container.children { try child.write(to: &writer) }
            writer.write(bytes: container.trailing)
            return writer.bytes
        case .fileRange:
            throw BoxError(.unsupported("box '\(type)' payload is not in memory"), at: location)
        }
    }

    /// A reader over ``inMemoryPayload()`` positioned as the box is in its file.
    func inMemoryPayloadReader() throws(BoxError) -> ByteReader {
        let location = self.location ?? BoxLocation(path: type.description, offset: 0)
        return ByteReader(try inMemoryPayload(), baseOffset: location.offset + header.headerSize, path: location.path)
    }
}

extension ByteWriter {
    /// Writes a box whose payload is UTF-8 text without a terminator (a "boxstring").
    mutating func writeStringBox(_ type: FourCC, _ text: String) {
        writeBox(type) { $0.write(bytes: text.utf8) }
    }
}
