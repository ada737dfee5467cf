/// The characters CEA-608 can show, in its three sets, both ways.
///
/// The tables are written from ANSI/CTA-608-E §6.4 ("Character Set"): the standard characters
/// (one byte each, ASCII with ten positions replaced), the special North American characters
/// (a two-byte code, first byte 0x11 / 0x19) and the extended Western European characters (first
/// byte 0x12 / 0x1A for Spanish, French and miscellaneous, 0x13 / 0x1B for Portuguese, German
/// and Danish). An extended character overwrites the character before it, so an encoder sends a
/// standard stand-in first for decoders that lack the extended set.
public enum CEA608CharacterSet {
    /// How one character is sent.
    public enum Code: Sendable, Hashable {
        /// A standard character: one seven-bit byte.
        case standard(UInt8)
        /// A special character: 0x11 (data channel 1) and this second byte.
        case special(UInt8)
        /// An extended character: first byte 0x12 or 0x13 (data channel 1) and second byte, after
        /// the standard character `fallback`.
        case extended(first: UInt8, second: UInt8, fallback: UInt8)
    }

    /// The standard character for a seven-bit byte 0x20–0x7F.
    public static func standard(_ byte: UInt8) -> Character? {
        guard (0x20...0x7F).contains(byte) else { return nil }
        if let replaced = standardReplacements[byte] { return replaced }
        return Character(Unicode.Scalar(byte))
    }

    /// The special character for second byte 0x30–0x3F (first byte 0x11 or 0x19).
    public static func special(_ second: UInt8) -> Character? {
        guard (0x30...0x3F).contains(second) else { return nil }
        return specialCharacters[Int(second - 0x30)]
    }

    /// The extended character for a first byte 0x12 / 0x13 (data channel bit cleared) and a
    /// second byte 0x20–0x3F.
    public static func extended(first: UInt8, second: UInt8) -> Character? {
        guard (0x20...0x3F).contains(second) else { return nil }
        switch first {
        case 0x12: return extendedSpanishFrench[Int(second - 0x20)].character
        case 0x13: return extendedPortugueseGerman[Int(second - 0x20)].character
        default: return nil
        }
    }

    /// How `character` is sent, or nil when CEA-608 has no form for it.
    public static func code(for character: Character) -> Code? {
        encoding[character]
    }

    /// The characters of `text` that have no form (``code(for:)`` is nil), each once, in the
    /// order they first appear. Line breaks are left out: a caption breaks rows with codes, not
    /// characters.
    public static func charactersWithoutForm(in text: some Sequence<Character>) -> [Character] {
        var found: [Character] = []
        for character in text where character != "\n" && code(for: character) == nil && !found.contains(character) {
            found.append(character)
        }
        return found
    }

    /// Characters as a person reads them with their code points: `'€' (U+20AC), '😀' (U+1F600)`.
    public static func listing(_ characters: some Sequence<Character>) -> String {
        characters.flatMap(\.unicodeScalars).map { "'\($0)' (U+\(String($0.value, radix: 16, uppercase: true)))" }
            .joined(separator: ", ")
    }

    /// The solid block a decoder shows for a byte whose parity is wrong (CTA-608-E §4.1); also the
    /// standard character 0x7F.
    public static let solidBlock: Character = "\u{2588}"

    /// The ten standard positions that are not ASCII.
    private static let standardReplacements: [UInt8: Character] = [
        0x2A: "á", 0x5C: "é", 0x5E: "í", 0x5F: "ó", 0x60: "ú",
        0x7B: "ç", 0x7C: "÷", 0x7D: "Ñ", 0x7E: "ñ", 0x7F: solidBlock,
    ]

    /// 0x30–0x3F: ® ° ½ ¿ ™ ¢ £ ♪ à, the transparent space (read as a space), è â ê î ô û.
    private static let specialCharacters: [Character] = [
        "®", "°", "½", "¿", "™", "¢", "£", "♪", "à", " ", "è", "â", "ê", "î", "ô", "û",
    ]

    /// 0x12 0x20–0x3F, each with the standard character sent before it.
    private static let extendedSpanishFrench: [(character: Character, fallback: Character)] = [
        ("Á", "A"), ("É", "E"), ("Ó", "O"), ("Ú", "U"), ("Ü", "U"), ("ü", "u"), ("\u{2018}", "'"), ("¡", "!"),
        ("*", "'"), ("\u{2019}", "'"), ("\u{2014}", "-"), ("©", "c"), ("℠", "s"), ("•", "."), ("\u{201C}", "\""), ("\u{201D}", "\""),
        ("À", "A"), ("Â", "A"), ("Ç", "C"), ("È", "E"), ("Ê", "E"), ("Ë", "E"), ("ë", "e"), ("Î", "I"),
        ("Ï", "I"), ("ï", "i"), ("Ô", "O"), ("Ù", "U"), ("ù", "u"), ("Û", "U"), ("«", "\""), ("»", "\""),
    ]

    /// 0x13 0x20–0x3F, each with the standard character sent before it.
    private static let extendedPortugueseGerman: [(character: Character, fallback: Character)] = [
        ("Ã", "A"), ("ã", "a"), ("Í", "I"), ("Ì", "I"), ("ì", "i"), ("Ò", "O"), ("ò", "o"), ("Õ", "O"),
        ("õ", "o"), ("{", "("), ("}", ")"), ("\\", "/"), ("^", "'"), ("_", "-"), ("|", "!"), ("~", "-"),
        ("Ä", "A"), ("ä", "a"), ("Ö", "O"), ("ö", "o"), ("ß", "s"), ("¥", "Y"), ("¤", "C"), ("¦", "!"),
        ("Å", "A"), ("å", "a"), ("Ø", "O"), ("ø", "o"), ("┌", "+"), ("┐", "+"), ("└", "+"), ("┘", "+"),
    ]

    /// Every character with a form, the shortest form first: standard, then special, then
    /// extended (an extended code costs a stand-in and a doubled code).
    private static let encoding: [Character: Code] = {
        var table: [Character: Code] = [:]
        func standardByte(_ character: Character) -> UInt8 {
            // Every stand-in is a standard character.
            (0x20...0x7E).first { standard($0) == character } ?? 0x20
        }
        for (index, entry) in extendedSpanishFrench.enumerated() {
            table[entry.character] = .extended(first: 0x12, second: 0x20 + UInt8(index), fallback: standardByte(entry.fallback))
        }
        for (index, entry) in extendedPortugueseGerman.enumerated() {
            table[entry.character] = .extended(first: 0x13, second: 0x20 + UInt8(index), fallback: standardByte(entry.fallback))
        }
        for (index, character) in specialCharacters.enumerated() where character != " " {
            table[character] = .special(0x30 + UInt8(index))
        }
        table["\u{00A0}"] = .special(0x39)
        for byte in UInt8(0x20)...0x7F {
            if let character = standard(byte) { table[character] = .standard(byte) }
        }
        return table
    }()
}
