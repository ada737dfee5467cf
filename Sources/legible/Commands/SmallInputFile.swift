import ISOBMFF

/// A small input read whole (subtitles, a chapter list, GPX, cover art, a plan): its size is
/// checked before a byte is read, so a path given by mistake (a movie, a device) is refused
/// with a clear message instead of filling memory.
enum SmallInputFile {
    /// The bytes of `path`, or an error when it cannot be read or is larger than `limit`, which
    /// the message explains as too large for `kind` ("a subtitle file", "cover art").
    static func read(_ path: String, limit: UInt64, kind: String) throws(BoxError) -> [UInt8] {
        let source = try FileByteSource(path: path)
        guard source.size <= limit else {
            throw BoxError(.limitExceeded("'\(path)' is larger than \(limit) bytes, too large for \(kind)"), at: nil)
        }
        return try source.read(at: 0, count: Int(source.size))
    }
}
