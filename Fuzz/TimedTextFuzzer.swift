// libFuzzer harness over Legible's subtitle readers. Scripts/fuzz builds it once per format with
// -D FUZZ_SRT, -D FUZZ_VTT or -D FUZZ_TTML, together with the TimedText sources.
//
// A thrown SubtitleParseError is fine; a trap or sanitizer report is a bug. A parsed document is
// also written back out (SubRip and WebVTT), read again, and laid out on a timeline, since the
// CLI does exactly that when it converts or muxes subtitles.

import TimedText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    _ = SubtitleFormat.sniff(bytes)
    let document: SubtitleDocument
    do throws(SubtitleParseError) {
        #if FUZZ_SRT
        document = try SubRipParser.parse(bytes: bytes)
        #elseif FUZZ_VTT
        document = try WebVTTParser.parse(bytes: bytes)
        #elseif FUZZ_TTML
        document = try TTMLParser.parse(bytes: bytes)
        #else
        #error("build with -D FUZZ_SRT, -D FUZZ_VTT or -D FUZZ_TTML")
        #endif
    } catch {
        _ = error.description
        return 0
    }
    _ = document.warnings.map(\.description)
    let srt = SubRipWriter.write(document)
    let vtt = WebVTTWriter.write(document)
    _ = try? SubRipParser.parse(string: srt)
    _ = try? WebVTTParser.parse(string: vtt)
    for timescale: UInt32 in [1000, 90000] { _ = try? CueTimeline(cues: document.cues, timescale: timescale) }
    return 0
}
