import ISOBMFF

/// A small input read whole (subtitles, a chapter list, GPX, cover art, a plan) through the
/// library's ``SmallFile``, with the error a command prints.
enum SmallInputFile {
    /// The bytes of `path`, or an error when it cannot be read or is larger than `limit`, which
    /// the message explains as too large for `kind` ("a subtitle file", "cover art").
    static func read(_ path: String, limit: UInt64, kind: String) throws(BoxError) -> [UInt8] {
        do {
            return try SmallFile.read(path, limit: limit)
        } catch {
            throw error.boxError(kind: kind)
        }
    }
}

extension SmallFileError {
    /// The error a command prints: the reason a file could not be read, or that it is too large
    /// for `kind`.
    func boxError(kind: String) -> BoxError {
        switch self {
        case .unreadable(let error): error
        case .tooLarge: BoxError(.limitExceeded("\(self), too large for \(kind)"), at: nil)
        }
    }
}
