import ISOBMFF

/// A frame header of a stream of self-delimiting frames, each one sample (ADTS, AC-3).
protocol SyncFrameHeader {
    /// The format's name in errors.
    static var formatName: String { get }
    /// The bytes the header is read from.
    static var headerReadSize: Int { get }
    init(_ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(ElementaryStreamError)
    /// The whole frame's length in bytes.
    var frameLength: Int { get }
    /// The bytes at the frame's start that are not the sample (a header the track does not keep).
    var headerLength: Int { get }
    /// What differs from the stream's first frame that one sample entry cannot describe.
    func differences(from first: Self) -> String?
}

/// Walks a file frame by frame from `start`, each frame a sample: a frame that changes the
/// stream's parameters or runs past the end of the file is refused at its offset.
enum SyncFrameWalk {
    static func walk<Header: SyncFrameHeader>(_ source: any ByteSource, from start: UInt64, as _: Header.Type,
                                              each: (Header) -> Void = { _ in })
        throws(ElementaryStreamError) -> (first: Header, samples: ElementaryStreamSamples) {
        var window = SourceWindow(source)
        var samples = ElementaryStreamSamples()
        var first: Header?
        var offset = start
        while offset < window.size {
            let header = try Header(try window.exactly(Header.headerReadSize, at: offset, "\(Header.formatName) header"), at: offset)
            if let first, let change = header.differences(from: first) {
                throw ElementaryStreamError(.parameterChange, "\(Header.formatName) stream changes \(change)", at: offset)
            }
            if first == nil { first = header }
            let available = window.size - offset
            guard UInt64(header.frameLength) <= available else {
                throw ElementaryStreamError(.truncated, "\(Header.formatName) frame is cut short: \(available) bytes of \(header.frameLength)",
                                            at: offset)
            }
            each(header)
            samples.append(offset: offset + UInt64(header.headerLength), size: UInt32(header.frameLength - header.headerLength))
            offset += UInt64(header.frameLength)
        }
        guard let first else {
            throw ElementaryStreamError(.noFrames, "the file holds no \(Header.formatName) frame", at: start)
        }
        return (first, samples)
    }
}
