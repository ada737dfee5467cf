import ISOBMFF

/// A QuickTime text media sample (QTFF "Text media"): a big-endian 16-bit length, the text,
/// then an `encd` atom naming its encoding — 0x00000100, UTF-8, as Apple's and FFmpeg's
/// chapter tracks say.
enum QuickTimeTextSample {
    /// The `encd` value for UTF-8.
    static let utf8Encoding: UInt32 = 0x0000_0100

    static func encode(_ text: String) throws(EditError) -> [UInt8] {
        let bytes = Array(text.utf8)
        guard let length = UInt16(exactly: bytes.count) else {
            throw .chapterTitleTooLong(byteCount: bytes.count)
        }
        var writer = ByteWriter(capacity: bytes.count + 14)
        writer.write(length)
        writer.write(bytes: bytes)
        writer.writeBox("encd") { $0.write(utf8Encoding) }
        return writer.bytes
    }
}
