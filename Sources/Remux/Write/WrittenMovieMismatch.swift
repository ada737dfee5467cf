import ISOBMFF

/// How a file an edit wrote differs from what the edit planned, found by reading its headers
/// back before it lands (``EditError/verificationFailed(_:)``): each case holds the track and
/// the expected and found values.
public enum WrittenMovieMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// The written file does not read back as a movie within the reader's limits.
    case unreadable(BoxError)
    /// The source has a movie header (`mvhd`) and the written file has none, or a damaged one
    /// (`Movie/movieHeaderDamage`).
    case noMovieHeader
    /// A track the edit keeps or adds is not in the written file.
    case missingTrack(trackID: UInt32)
    /// The written file has a track the edit removed or never had.
    case unexpectedTrack(trackID: UInt32)
    /// The track has `found` samples where the plan has `expected`.
    case sampleCount(trackID: UInt32, expected: UInt64, found: UInt64)
    /// Sample `sample` (1-based) of the track has `found` bytes where the plan has `expected`.
    case sampleSize(trackID: UInt32, sample: Int, expected: UInt32, found: UInt32)
    /// The track's samples add up to `found` bytes where the plan has `expected`.
    case totalBytes(trackID: UInt32, expected: UInt64, found: UInt64)
    /// Sample `sample` (1-based) of the track, `size` bytes at `offset`, is not inside an `mdat`
    /// box of the written file.
    case sampleOutsideMedia(trackID: UInt32, sample: Int, offset: UInt64, size: UInt32)
    /// Sample `sample` (1-based) of an added track is larger than the reader reads (`limit`).
    case sampleTooLarge(trackID: UInt32, sample: Int, size: UInt32, limit: UInt32)

    /// The difference in plain words.
    public var description: String {
        switch self {
        case let .unreadable(error): "it does not read back: \(error)"
        case .noMovieHeader: "it has no movie header (moov/mvhd)"
        case let .missingTrack(trackID): "track \(trackID) is missing"
        case let .unexpectedTrack(trackID): "it has a track \(trackID) the edit does not keep"
        case let .sampleCount(trackID, expected, found): "track \(trackID) has \(found) samples, not \(expected)"
        case let .sampleSize(trackID, sample, expected, found):
            "sample \(sample) of track \(trackID) is \(found) bytes, not \(expected)"
        case let .totalBytes(trackID, expected, found): "track \(trackID)'s samples add up to \(found) bytes, not \(expected)"
        case let .sampleOutsideMedia(trackID, sample, offset, size):
            "sample \(sample) of track \(trackID) (\(size) bytes at 0x\(String(offset, radix: 16))) is not inside an mdat box"
        case let .sampleTooLarge(trackID, sample, size, limit):
            "sample \(sample) of track \(trackID) is \(size) bytes, more than a reader takes (\(limit))"
        }
    }
}
