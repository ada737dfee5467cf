/// The 16-bit language code of `mdhd` (and of QuickTime user-data text).
///
/// Values below 0x400 are classic Macintosh language codes, 0x7FFF means unspecified, and
/// everything else is an ISO 639-2/T code packed as three 5-bit letters. QTFF "Language code
/// values"; ISO/IEC 14496-12 §8.4.2. ffmpeg writes Macintosh codes in .mov files (0 = English).
public struct MediaLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bits as stored.
    public let rawValue: UInt16

    /// The language the 16 bits `rawValue` encode.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `und`, packed.
    public static let undetermined = MediaLanguage(rawValue: 0x55C4)
    /// The QuickTime "unspecified" value.
    public static let unspecified = MediaLanguage(rawValue: 0x7FFF)

    /// Packs a three-letter lowercase ISO 639-2/T code; nil if it is not three letters a–z.
    public init?(iso639 code: String) {
        let letters = Array(code.utf8)
        guard letters.count == 3, letters.allSatisfy({ (0x61...0x7A).contains($0) }) else { return nil }
        rawValue = letters.reduce(0) { ($0 << 5) | UInt16($1 - 0x60) }
    }

    /// Whether the value is a Macintosh language code.
    public var isMacintosh: Bool { rawValue < 0x400 }

    /// The ISO 639-2/T code (`eng`, `deu`), Macintosh codes converted; `und` when unspecified
    /// or unknown.
    public var iso639Code: String {
        if rawValue == 0x7FFF { return "und" }
        if isMacintosh { return Self.macintoshCodes[Int(rawValue)] ?? "und" }
        let letters = [(rawValue >> 10) & 0x1F, (rawValue >> 5) & 0x1F, rawValue & 0x1F]
        guard letters.allSatisfy({ (1...26).contains($0) }) else { return "und" }
        return String(decoding: letters.map { UInt8($0 + 0x60) }, as: UTF8.self)
    }

    /// Whether no language is given (`und`, 0x7FFF or an undecodable value).
    public var isUndetermined: Bool { iso639Code == "und" }

    public var description: String {
        isMacintosh ? "\(iso639Code) (Macintosh code \(rawValue))" : iso639Code
    }

    /// Classic Macintosh language codes and their ISO 639-2/T equivalents (QTFF "Language code
    /// values"). Codes with no ISO 639-2 equivalent are absent.
    static let macintoshCodes: [Int: String] = {
        let low = ["eng", "fra", "deu", "ita", "nld", "swe", "spa", "dan", "por", "nor",
                   "heb", "jpn", "ara", "fin", "ell", "isl", "mlt", "tur", "hrv", "zho",
                   "urd", "hin", "tha", "kor", "lit", "pol", "hun", "est", "lav", "sme",
                   "fao", "fas", "rus", "zho", "nld", "gle", "sqi", "ron", "ces", "slk",
                   "slv", "yid", "srp", "mkd", "bul", "ukr", "bel", "uzb", "kaz", "aze",
                   "aze", "hye", "kat", "ron", "kir", "tgk", "tuk", "mon", "mon", "pus",
                   "kur", "kas", "snd", "bod", "nep", "san", "mar", "ben", "asm", "guj",
                   "pan", "ori", "mal", "kan", "tam", "tel", "sin", "mya", "khm", "lao",
                   "vie", "ind", "tgl", "msa", "msa", "amh", "tir", "orm", "som", "swa",
                   "kin", "run", "nya", "mlg", "epo"]
        let high = ["cym", "eus", "cat", "lat", "que", "grn", "aym", "tat", "uig", "dzo", "jav"]
        var table: [Int: String] = [:]
        for (code, name) in low.enumerated() { table[code] = name }
        for (offset, name) in high.enumerated() { table[128 + offset] = name }
        return table
    }()
}
