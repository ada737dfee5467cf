import ISOBMFF

/// How a timed-text sample entry was laid out when read: its reserved bytes and the order of its
/// child boxes around the ones a description interprets (`ftab`; `vttC`, `vlab`), with those
/// boxes' bytes. A description keeps it so that, unchanged, it encodes to the bytes it was read
/// from — whatever order a writer chose and however it spelled a value the description reads
/// loosely (a name that is not UTF-8, a terminating NUL).
struct SampleEntryLayout: Sendable, Equatable {
    /// One child box in file order.
    enum Slot: Sendable, Equatable {
        /// A box the description interprets: its type and whole bytes as read (none for a
        /// description made in memory).
        case interpreted(FourCC, [UInt8])
        /// The next of the description's other boxes.
        case other
    }

    /// The six reserved bytes of SampleEntry (ISO/IEC 14496-12 §8.5.2): zero in a well-formed
    /// entry.
    var reserved: [UInt8]
    var slots: [Slot] = []

    /// Reads the reserved bytes; the slots are added as the children are read.
    init(reading reader: inout ByteReader) throws(BoxError) {
        reserved = Array(try reader.readBytes(6))
    }

    /// The layout of a description made in memory: zero reserved bytes, then `slots`.
    init(slots: [Slot]) {
        reserved = [0, 0, 0, 0, 0, 0]
        self.slots = slots
    }

    /// The whole bytes of the interpreted box of `type`, if one was read.
    func bytes(of type: FourCC) -> [UInt8]? {
        for case let .interpreted(slotType, bytes) in slots where slotType == type { return bytes }
        return nil
    }

    /// The children's bytes in the order read: each interpreted box as `interpreted` gives it
    /// (nil leaves it out), each other slot filled with the next of `otherBoxes`; boxes of
    /// `otherBoxes` left over come last.
    func children(otherBoxes: [UInt8], interpreted: (FourCC, [UInt8]) -> [UInt8]?) -> [UInt8] {
        var others = ((try? InlineBox.readAll(otherBoxes)) ?? []).map { Array($0.raw) }
        if others.isEmpty && !otherBoxes.isEmpty { others = [otherBoxes] }
        var bytes: [UInt8] = []
        for slot in slots {
            switch slot {
            case let .interpreted(type, read):
                bytes += interpreted(type, read) ?? []
            case .other:
                if !others.isEmpty { bytes += others.removeFirst() }
            }
        }
        return bytes + others.joined()
    }

    /// A sample entry of `format`: the SampleEntry fields, `fields`, then `children` as boxes
    /// (kept as bytes after the fields if they are not whole boxes).
    func makeBox(format: FourCC, dataReferenceIndex: UInt16, fields: [UInt8], children: [UInt8]) -> Box {
        var prefix = ByteWriter(capacity: 8 + fields.count)
        prefix.write(bytes: reserved)
        prefix.write(dataReferenceIndex)
        prefix.write(bytes: fields)
        let boxes = (try? InlineBox.readAll(children)).map { $0.map(\.box) }
        let container = BoxContainer(prefix: prefix.bytes[...], children: boxes ?? [], trailing: boxes == nil ? children[...] : [])
        return Box(header: BoxHeader(type: format, payloadSize: container.payloadSize), content: .container(container))
    }

    /// `encoded`, unless the box was read (`read` is not empty) and the description still holds
    /// the value it decodes to but spells it otherwise: then `read`.
    static func keep<Value: Equatable>(_ read: [UInt8], unless encoded: [UInt8], value: Value,
                                       decode: ([UInt8]) -> Value?) -> [UInt8] {
        guard !read.isEmpty, read != encoded, decode(read) == value else { return encoded }
        return read
    }
}
