/// Where in a file something was found: the box path (`moov/trak[2]/mdia/minf/stbl/stsz`)
/// and the absolute byte offset.
public struct BoxLocation: Hashable, Sendable, CustomStringConvertible {
    /// The box path, such as `moov/trak[2]/mdia/minf/stbl/stsz`; empty for the file's top level.
    public var path: String
    /// The absolute byte offset in the file.
    public var offset: UInt64

    /// A location at `offset` in the box at `path`.
    public init(path: String, offset: UInt64) {
        self.path = path
        self.offset = offset
    }

    public var description: String {
        "\(path.isEmpty ? "(file)" : path) @ 0x\(String(offset, radix: 16))"
    }
}

/// A structural problem in a file, with the box path and byte offset where it was found.
///
/// The message reads like `moov/trak[2]/mdia/minf/stbl/stsz @ 0x1f3a: entry count 4294967295 exceeds box size`.
/// A problem with the file as a whole (it cannot be opened, it is not a QuickTime or MPEG-4 file)
/// has no location, and its message is just what went wrong.
public struct BoxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// A read needed more bytes than the box (or file) holds.
        case truncated(needed: UInt64, available: UInt64)
        /// A size field is impossible (below the header size, or past its parent's end).
        case invalidSize(String)
        /// A count read from the file cannot fit in the bytes that exist.
        case countExceedsBox(what: String, count: UInt64)
        /// A configured limit (depth, box count, memory) was reached.
        case limitExceeded(String)
        /// A field holds a value the format does not allow.
        case invalidValue(String)
        /// A box of a version whose layout Legible does not read: `box` of `version`, where
        /// Legible reads `reads`.
        case unsupportedVersion(box: FourCC, version: UInt8, reads: ClosedRange<UInt8>)
        /// A box the format requires is missing; the text names it and where it was expected.
        case missingBox(String)
        /// The file is not a QuickTime or MPEG-4 file (or not the kind of segment asked for);
        /// the text says what it is instead.
        case notAMovie(String)
        /// A track's samples, as its tables or track runs place them, are not (wholly) in the
        /// file; the text says which and where.
        case samplesOutsideFile(String)
        /// A sample table contradicts itself (`stsc` against the chunk offsets and `stsz`,
        /// decode times going back); the text says how.
        case inconsistentSampleTable(String)
        /// The file is damaged where an edit or a read cannot go around it (a header longer than
        /// its fields, a file cut short inside a box, bytes after the last box that hold
        /// samples); the text says what and why nothing was written.
        case damaged(String)
        /// Two tracks have one track ID (ISO/IEC 14496-12 §8.3.2.3: IDs are unique in a file);
        /// the text names both.
        case duplicateTrackID(String)
        /// A track fragment names a track ID that no track of the movie describes; the text
        /// names it and the tracks there are.
        case undescribedTrack(String)
        /// A box of one type was given where a payload of other types was expected (`expected`
        /// in the order of their names).
        case unexpectedBoxType(expected: [FourCC], found: FourCC)
        /// A track is not of the kind an operation reads (a timed metadata reader given a
        /// subtitle track); the text names the track and the kind wanted.
        case wrongTrackKind(String)
        /// A metadata change that no carrier of the file can hold as asked (an unknown key, a
        /// language where the key space has none); the text says why.
        case unwritableMetadata(String)
        /// A feature the reader recognises but does not handle.
        case unsupported(String)
        /// A media segment (`moof` without `moov`) opened as a movie: its tracks are described by
        /// an initialization segment, which must be read with it.
        case segmentWithoutInitialization
        /// The operating system refused a read or write.
        case io(String)
    }

    /// Where the problem was found; nil when it concerns the file as a whole, where a box path
    /// and offset would say nothing (`(file) @ 0x0` only hides the message).
    public var location: BoxLocation?
    /// What went wrong.
    public var kind: Kind

    /// A problem found at `location`, or with the whole file when `location` is nil.
    public init(_ kind: Kind, at location: BoxLocation?) {
        self.kind = kind
        self.location = location
    }

    /// `path @ 0xOFFSET: message`, or just the message for a problem with the whole file.
    public var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }

    /// What went wrong, without the location.
    public var message: String {
        let detail: String
        switch kind {
        case let .truncated(needed, available):
            detail = "needs \(needed) bytes but only \(available) remain"
        case let .invalidSize(text), let .invalidValue(text), let .unsupported(text), let .io(text), let .missingBox(text),
             let .notAMovie(text), let .samplesOutsideFile(text), let .inconsistentSampleTable(text), let .damaged(text),
             let .duplicateTrackID(text), let .undescribedTrack(text), let .wrongTrackKind(text), let .unwritableMetadata(text):
            detail = text
        case let .unexpectedBoxType(expected, found):
            detail = "expected \(expected.map(\.description).sorted()) box, found '\(found)'"
        case let .unsupportedVersion(box, version, reads):
            let known = reads.count == 1 ? "\(reads.lowerBound)" : "\(reads.lowerBound) to \(reads.upperBound)"
            detail = "'\(box)' version \(version) (Legible reads version \(known))"
        case let .countExceedsBox(what, count):
            detail = "\(what) \(count) exceeds box size"
        case let .limitExceeded(text):
            detail = "limit exceeded: \(text)"
        case .segmentWithoutInitialization:
            detail = "a media segment (moof without moov): its tracks are described by the initialization segment"
        }
        return detail
    }
}
