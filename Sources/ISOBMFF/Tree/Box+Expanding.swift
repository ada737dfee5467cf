/// Movie fragments read as they are reached: the file walk checks each top-level `moof` and keeps
/// it as a file range, so a movie of a hundred thousand fragments costs what its top-level list
/// costs, and a caller that needs a fragment's boxes parses that one when it comes to it.
extension BoxTreeParser {
    /// Top-level box types the file walk leaves unparsed once checked: the movie fragment
    /// (ISO/IEC 14496-12 §8.8.4), one per fragment, each a small tree.
    public static let deferredTypes: Set<FourCC> = ["moof"]
}

extension Box {
    /// The box with its subtree: a top-level box the file walk left unparsed
    /// (`BoxTreeParser.deferredTypes`) is parsed from its file under `limits`, as the walk
    /// parsed it; any other box is returned as it is.
    public func expanded(limits: Limits = .standard) throws(BoxError) -> Box {
        try expanded(limits: limits, held: nil)
    }

    /// ``expanded(limits:)`` from `held`, the whole box already read, when not nil.
    func expanded(limits: Limits, held: [UInt8]?) throws(BoxError) -> Box {
        guard BoxTreeParser.deferredTypes.contains(type), missingBytes == 0, let location,
              case let .fileRange(offset, length, source) = content,
              offset == location.offset + header.headerSize, length == header.payloadSize else { return self }
        var parser = BoxTreeParser(limits: limits)
        return try parser.parseBox(header, at: location, in: source, parent: nil, depth: 0, handler: nil, held: held)
    }
}
