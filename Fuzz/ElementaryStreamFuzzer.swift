// libFuzzer harness over the raw audio readers (ElementaryStreams). Scripts/fuzz builds it with
// the ISOBMFF and ElementaryStreams sources (target `elementary`).
//
// The bytes are read as a file (the content decides the reader; the name only words a refusal). A thrown ElementaryStreamError is fine, a trap is a bug. For a stream read,
// invariants: the runs lie inside the input and add up to the sample count and bytes; every
// sample of a run is inside it; the sample entry encodes to as many bytes as its size says.

import ElementaryStreams
import ISOBMFF

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let stream = try? ElementaryStreamReader.read(MemoryByteSource(bytes), fileName: "input.aac") else { return 0 }
    var samples = 0
    var total: UInt64 = 0
    for run in stream.samples.runs {
        guard run.offset <= UInt64(count), run.byteCount <= UInt64(count) - run.offset else {
            fatalError("run at \(run.offset) of \(run.byteCount) bytes is outside the \(count)-byte input")
        }
        var inRun: UInt64 = 0
        for index in samples..<samples + run.sampleCount { inRun += UInt64(stream.samples.size(of: index)) }
        guard inRun == run.byteCount else { fatalError("run at \(run.offset): samples of \(inRun) bytes, run of \(run.byteCount)") }
        samples += run.sampleCount
        total += run.byteCount
    }
    guard samples == stream.samples.count, total == stream.samples.byteCount, samples > 0 else {
        fatalError("runs hold \(samples) samples of \(total) bytes; the table says \(stream.samples.count) of \(stream.samples.byteCount)")
    }
    guard let entry = try? stream.sampleEntry.encoded(), UInt64(entry.count) == stream.sampleEntry.totalSize else {
        fatalError("the sample entry does not encode to its \(stream.sampleEntry.totalSize) bytes")
    }
    return 0
}
