/// Why a raw audio file cannot become a track: what is wrong and the byte offset in the file
/// where it was found.
///
/// The message reads like `ADTS frame at byte 1042 is cut short: 371 bytes of 412`.
public struct ElementaryStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, for callers that match on it.
    public enum Kind: Hashable, Sendable {
        /// The content is none of the formats read (ADTS AAC, AC-3, E-AC-3, WAV/BWF PCM).
        case unrecognized
        /// The file holds no frame (or no PCM frame) at all.
        case noFrames
        /// A frame or chunk runs past the end of the file.
        case truncated
        /// A field holds a value the format does not allow, or the sync is lost between frames.
        case damaged
        /// Valid, but a feature this reader does not carry into a track (an ADTS program config
        /// element, several raw data blocks in one frame, a PCM encoding other than integer or float).
        case unsupported
        /// A parameter the sample entry describes (sample rate, channels, profile) changes
        /// mid-stream; one sample entry could not describe both parts.
        case parameterChange
        /// PCM audio asked for in an ISO base media file (`.mp4`), which has no PCM sample entry
        /// that players read; a QuickTime movie carries it as `lpcm`.
        case needsQuickTime
        /// The file could not be read.
        case io
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// What went wrong, in words.
    public var message: String
    /// The byte offset in the file where it was found; nil for the file as a whole.
    public var offset: UInt64?

    /// An error of `kind` at `offset`.
    public init(_ kind: Kind, _ message: String, at offset: UInt64?) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    public var description: String {
        guard let offset else { return message }
        return "\(message) (at byte \(offset))"
    }
}
