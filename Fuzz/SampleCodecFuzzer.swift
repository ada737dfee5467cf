// libFuzzer harness over Legible's timed-text sample decoders. Scripts/fuzz builds it once per
// codec with -D FUZZ_TX3G, -D FUZZ_WVTT or -D FUZZ_QTTEXT, together with the TimedText sources.
//
// Each decoder's `fuzz` entry point decodes the bytes as a sample (and, for tx3g and wvtt, as a
// sample description) and turns the result into cues; a thrown error is fine, a trap is a bug.

import TimedText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    #if FUZZ_TX3G
    Tx3gSampleDecoder.fuzz(bytes)
    #elseif FUZZ_WVTT
    WebVTTSampleDecoder.fuzz(bytes)
    #elseif FUZZ_QTTEXT
    QuickTimeTextSampleDecoder.fuzz(bytes)
    #else
    #error("build with -D FUZZ_TX3G, -D FUZZ_WVTT or -D FUZZ_QTTEXT")
    #endif
    return 0
}
