import ISOBMFF

/// One sample of a QuickTime closed-caption track with the `c608` format (QTFF "Closed
/// captioning sample data"): a `cdat` atom with field 1's byte pairs (CC1/CC2) and, in files
/// Apple's and FFmpeg's tools write, a `cdt2` atom with field 2's (CC3/CC4). Pair k belongs to
/// the k-th video frame from the sample's start; other atoms are ignored, as QTFF asks.
public struct ClosedCaptionSample: Sendable, Equatable {
    /// The sample entry format of CEA-608 tracks.
    public static let format: FourCC = "c608"

    /// Field 1's pairs (`cdat`).
    public var field1: [CEA608BytePair]
    /// Field 2's pairs (`cdt2`).
    public var field2: [CEA608BytePair]

    /// Creates a sample.
    public init(field1: [CEA608BytePair], field2: [CEA608BytePair] = []) {
        self.field1 = field1
        self.field2 = field2
    }

    /// Reads a sample. A trailing odd byte in an atom is ignored.
    ///
    /// - Throws: ``SampleCodecError`` when the atoms are malformed or there is no `cdat`.
    public init(bytes: [UInt8]) throws(SampleCodecError) {
        var reader = ByteReader(bytes, path: "c608 sample")
        var first: [CEA608BytePair]?
        var second: [CEA608BytePair] = []
        do throws(BoxError) {
            for atom in try InlineBox.readAll(&reader) {
                let payload = atom.payload.bytes[atom.payload.index...]
                let pairs = stride(from: payload.startIndex, to: payload.endIndex - 1, by: 2).map {
                    CEA608BytePair(payload[$0], payload[$0 + 1])
                }
                switch atom.type {
                case "cdat": first = (first ?? []) + pairs
                case "cdt2": second += pairs
                default: continue
                }
            }
        } catch {
            throw SampleCodecError(.malformed(error))
        }
        guard let first else { throw SampleCodecError(.missingBox("cdat")) }
        field1 = first
        field2 = second
    }

    /// The most pairs of one field that a sample of at most `bytes` bytes holds as
    /// ``encoded()`` writes it: an 8-byte atom header and 2 bytes a pair, and, for field 2, a
    /// `cdat` with as many padding pairs besides its `cdt2`. 0 when not even one fits.
    public static func maxPairs(field: CEA608Field, inSampleOf bytes: Int) -> Int {
        let atoms = field == .one ? 1 : 2
        return max(bytes - 8 * atoms, 0) / (2 * atoms)
    }

    /// The sample's bytes: `cdat` (always present: QTFF requires it, so a field-2-only sample
    /// carries padding for field 1), then `cdt2` when field 2 has pairs.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 16 + 2 * (field1.count + field2.count))
        let first = field1.isEmpty ? [CEA608BytePair](repeating: .padding, count: max(field2.count, 1)) : field1
        writer.writeBox("cdat") { atom in for pair in first { atom.write(bytes: [pair.first, pair.second]) } }
        if !field2.isEmpty {
            writer.writeBox("cdt2") { atom in for pair in field2 { atom.write(bytes: [pair.first, pair.second]) } }
        }
        return writer.bytes
    }
}
