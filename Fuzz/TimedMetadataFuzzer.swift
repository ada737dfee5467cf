// libFuzzer harness over the timed metadata (mebx) codecs: Scripts/fuzz --target mebx builds it
// with the ISOBMFF, TimedText, Movie and Metadata sources.
//
// The input's first byte says how many of the next bytes are a key table (`keys` payload); the
// rest is a sample. Both are decoded, encoded and decoded again, and each value is decoded as
// its key's type; a thrown error is fine, a trap or a broken round trip is a bug.

import ISOBMFF
import Metadata

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let split = bytes.first.map({ min(Int($0) * 4, bytes.count - 1) }) else { return 0 }
    var tableReader = ByteReader(bytes[1..<(1 + split)])
    let table = try? MetadataKeyTable(parsing: &tableReader, type: "keys")
    if let table {
        var again = ByteReader(table.payload)
        guard let decoded = try? MetadataKeyTable(parsing: &again, type: "keys"),
              decoded.keys.map(\.localID) == table.keys.map(\.localID) else { fatalError("key table does not survive encoding") }
    }
    var sampleReader = ByteReader(bytes[(1 + split)...])
    guard let sample = try? TimedMetadataSample(parsing: &sampleReader) else { return 0 }
    var again = ByteReader(sample.encoded())
    guard let decoded = try? TimedMetadataSample(parsing: &again), decoded == sample else { fatalError("sample does not survive encoding") }
    for value in sample.values {
        guard let type = table?.key(localID: value.localID)?.dataType else { continue }
        let decodedValue = MetadataValue(decoding: value.bytes[...], as: type)
        _ = decodedValue.encoded(as: type)
        _ = decodedValue.displayText
    }
    return 0
}
