/// A file small enough to be read whole: a subtitle file, a chapter list, a plan, cover art.
///
/// Its size is checked before a byte is read, so a path given by mistake (a movie, a device, a
/// file that grows without end) is refused at once instead of filling memory.
public enum SmallFile {
    /// The bytes of the file at `path`, which must hold at most `limit` bytes.
    ///
    /// - Throws: ``SmallFileError/unreadable(_:)`` when the file cannot be opened or read;
    ///   ``SmallFileError/tooLarge(path:size:limit:)`` when it is larger than `limit`.
    public static func read(_ path: String, limit: UInt64) throws(SmallFileError) -> [UInt8] {
        let source: FileByteSource
        do {
            source = try FileByteSource(path: path)
        } catch {
            throw .unreadable(error)
        }
        guard source.size <= limit else { throw .tooLarge(path: path, size: source.size, limit: limit) }
        do {
            return try source.read(at: 0, count: Int(source.size))
        } catch {
            throw .unreadable(error)
        }
    }
}

/// Why ``SmallFile/read(_:limit:)`` returned no bytes.
public enum SmallFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read; the ``BoxError`` has the operating system's reason.
    case unreadable(BoxError)
    /// The file holds `size` bytes, more than the `limit` the reader accepts.
    case tooLarge(path: String, size: UInt64, limit: UInt64)

    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case let .tooLarge(path, _, limit): "'\(path)' is larger than \(limit) bytes"
        }
    }
}
