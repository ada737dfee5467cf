import ISOBMFF

/// The TimedText target's box rules.
extension BoxRegistry {
    /// TimedText's rows: the codecs of the timed-text sample entries it models. Their layouts
    /// are ISOBMFF's (see `BoxRegistry.isobmff`).
    public static let timedText = BoxRegistry([
        BoxRule(.type(Tx3gSampleDescription.format), .inside(["stsd"]), codec: BoxCodec { (box, _) throws(BoxError) in
            do throws(SampleCodecError) { return try Tx3gSampleDescription(box) } catch { throw error.boxError(in: box) }
        }, specification: "3GPP TS 26.245 §5.16"),
        BoxRule(.type(WebVTTSampleDescription.format), .inside(["stsd"]), codec: BoxCodec { (box, _) throws(BoxError) in
            do throws(SampleCodecError) { return try WebVTTSampleDescription(box) } catch { throw error.boxError(in: box) }
        }, specification: "ISO/IEC 14496-30 §7.5"),
        BoxRule(.type(TTMLSampleDescription.format), .inside(["stsd"]), codec: BoxCodec { (box, _) throws(BoxError) in
            do throws(SampleCodecError) { return try TTMLSampleDescription(box) } catch { throw error.boxError(in: box) }
        }, specification: "ISO/IEC 14496-12 §12.6.3.2; ISO/IEC 14496-30 §6.5"),
    ])
}

private extension SampleCodecError {
    /// The error as a box error: the underlying one for malformed bytes, else this one at `box`.
    func boxError(in box: Box) -> BoxError {
        if case let .malformed(error) = reason { return error }
        return BoxError(.invalidValue(description), at: box.location ?? BoxLocation(path: box.type.description, offset: 0))
    }
}
