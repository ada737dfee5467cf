// libFuzzer harness over Legible's CEA-608 code. Scripts/fuzz builds it once per target with
// -D FUZZ_C608 or -D FUZZ_SCC, together with the TimedText sources.
//
// c608: the bytes as a stream of byte pairs, alternately field 1 and field 2, through the
// decoder; its cues go through the encoder and back through the decoder; and the bytes as a
// `c608` sample (cdat/cdt2 atoms). scc: the bytes as an SCC file; a file that parses is decoded,
// written and parsed again, which must give the same lines (invariant, checked with fatalError).
// A thrown error is fine, a trap is a bug.

import TimedText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    #if FUZZ_C608
    var decoder = CEA608Decoder()
    var index = 0
    while index + 1 < bytes.count {
        let frame = Int64(index / 4)
        decoder.decode(CEA608BytePair(bytes[index], bytes[index + 1]), field: index % 4 == 0 ? .one : .two,
                       at: CEA608FrameRate.ntsc.time(ofFrame: frame))
        index += 2
    }
    let captions = decoder.finish(at: CEA608FrameRate.ntsc.time(ofFrame: Int64(bytes.count / 4 + 1)))
    for (channel, cues) in captions.cues {
        for cue in cues where cue.end <= cue.start { fatalError("\(channel): a cue that does not end after it starts: \(cue)") }
        let encoding = CEA608Encoder.encode(cues, channel: channel)
        _ = CEA608Decoder.captions(field1: channel.field == .one ? encoding.bursts : [],
                                   field2: channel.field == .two ? encoding.bursts : [], frameRate: .ntsc)
    }
    ClosedCaptionTrackCodec.fuzz(bytes)
    #elseif FUZZ_SCC
    SCCParser.fuzz(bytes)
    if let document = try? SCCParser.parse(bytes: bytes) {
        let written = SCCWriter.write(document)
        guard let again = try? SCCParser.parse(string: written) else { fatalError("written SCC does not parse:\n\(written)") }
        let kept = document.bursts.filter { !$0.isPadding && !$0.pairs.isEmpty }
        if again.bursts != kept { fatalError("SCC lines changed in a write and read:\n\(written)") }
    }
    #else
    #error("build with -D FUZZ_C608 or -D FUZZ_SCC")
    #endif
    return 0
}
