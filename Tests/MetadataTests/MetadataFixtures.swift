import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie

/// Metadata boxes written byte by byte from their specifications, and movies holding them.
enum MetadataFixtures {
    /// A packed ISO 639-2/T code (ISO/IEC 14496-12 §8.4.2: three 5-bit letters, each minus 0x60).
    static func packed(_ code: String) -> UInt16 {
        code.utf8.reduce(0) { ($0 << 5) | UInt16($1 - 0x60) }
    }

    /// A QuickTime international text item: records of (text length u16, language u16, text)
    /// (QTFF "User data atoms").
    static func text(_ type: String, _ records: [(String, UInt16)]) -> TestBox {
        .leaf(type, records.flatMap { text, language in be16(UInt16(text.utf8.count)) + be16(language) + ascii(text) })
    }

    /// A 3GPP asset item: FullBox, pad bit + packed language, NUL-terminated string (3GPP TS 26.244 §8).
    static func asset(_ type: String, _ text: String, language: String = "eng", before: [UInt8] = []) -> TestBox {
        CraftedMovie.fullBox(type, before + be16(packed(language)) + ascii(text) + [0])
    }

    /// A `data` atom: type indicator (set 0, well-known type), country u16, language u16, value
    /// (QTFF "Value atom").
    static func data(type: UInt32, country: UInt16 = 0, language: UInt16 = 0, _ value: [UInt8]) -> TestBox {
        .leaf("data", be32(type) + be16(country) + be16(language) + value)
    }

    /// `hdlr` as a metadata handler: version/flags, pre_defined, handler type, 3 reserved words, empty name.
    static func hdlr(_ type: String) -> TestBox {
        CraftedMovie.fullBox("hdlr", be32(0) + ascii(type) + [UInt8](repeating: 0, count: 12) + [0])
    }

    /// `keys`: version/flags, entry count, then (size, namespace, key) entries (QTFF "Metadata item keys atom").
    static func keys(_ keys: [String], namespace: String = "mdta") -> TestBox {
        CraftedMovie.fullBox("keys", be32(UInt32(keys.count)) + keys.flatMap { be32(UInt32(8 + $0.utf8.count)) + ascii(namespace) + ascii($0) })
    }

    /// An `ilst` item named by a 1-based key index.
    static func keyed(_ index: UInt32, _ children: [TestBox]) -> TestBox {
        .container(String(decoding: be32(index), as: UTF8.self), children)
    }

    /// A QuickTime-style `meta` (no version and flags); `fullBox` adds them, as ffmpeg writes it.
    static func meta(_ children: [TestBox], fullBox: Bool = false) -> TestBox {
        .container("meta", prefix: fullBox ? [0, 0, 0, 0] : [], children)
    }

    /// A movie: `moovChildren` after `mvhd`, and tracks `trak(id:extra:)` carrying `trackChildren[id]`.
    static func movie(_ moovChildren: [TestBox], tracks: [UInt32: [TestBox]] = [:]) throws -> Movie {
        let traks = tracks.keys.sorted().map { CraftedMovie.trak(id: $0, extra: tracks[$0] ?? []) }
        let bytes = CraftedMovie.ftyp + TestBox.container("moov", [CraftedMovie.mvhd(nextTrackID: 9)] + moovChildren + traks).bytes
        return try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
    }

    static func read(_ moovChildren: [TestBox], tracks: [UInt32: [TestBox]] = [:]) throws -> MetadataReading {
        MetadataReader.items(in: try movie(moovChildren, tracks: tracks))
    }
}
