import ISOBMFF

/// The metadata locale atom (`loca`, QTFF "Metadata locale atom"): a NUL-terminated UTF-8
/// BCP 47 tag (`zh-Hans`, `en-US`) that tags a metadata value with its locale, so that values
/// of one key whose packed ISO 639-2/T codes agree (`zh-Hans` and `zh-Hant` are both `zho`) stay
/// apart. Timed metadata key tables carry it in a key's atom; QuickTime metadata items carry it
/// beside their `data` atom.
public enum MetadataLocaleAtom {
    /// The atom type, `loca`.
    public static let type: FourCC = "loca"

    /// The atom's payload: the tag and a NUL.
    public static func payload(_ tag: String) -> [UInt8] { Array(tag.utf8) + [0] }

    /// The atom for `tag`.
    public static func makeBox(_ tag: String) -> Box { Box(type: type, payload: payload(tag)) }

    /// The tag a payload holds: its bytes up to the first NUL (a writer that leaves the NUL out
    /// is read the same).
    public static func tag(from reader: inout ByteReader) -> String { reader.readNullTerminatedString() }
}
