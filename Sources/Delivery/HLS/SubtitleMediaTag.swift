/// The `#EXT-X-MEDIA:TYPE=SUBTITLES` tag of a multivariant playlist that offers one rendition
/// (RFC 8216 §4.3.4.1).
public struct SubtitleMediaTag: Sendable, Equatable {
    /// `GROUP-ID`: the group the video variants name in `SUBTITLES`.
    public var groupID: String
    /// `NAME`: the option's label in a player's menu.
    public var name: String
    /// `LANGUAGE`: the BCP 47 tag of the track.
    public var language: String
    /// `DEFAULT`: the option a player shows when the viewer chose nothing.
    public var isDefault: Bool
    /// `AUTOSELECT`: whether a player may choose it from the viewer's language settings.
    public var autoselect: Bool
    /// `FORCED`: the rendition holds only forced subtitles.
    public var isForced: Bool
    /// Uniform type identifiers, written comma-separated (RFC 8216 §4.3.4.1 CHARACTERISTICS).
    public var characteristics: [String]
    /// The media playlist, relative to the multivariant playlist.
    public var uri: String

    /// The tag for `track`. CHARACTERISTICS lists its `tagc` strings as the file has them, less
    /// any a quoted string cannot carry (``isWritableCharacteristic(_:)``).
    public init(track: DeliveryTrack, groupID: String, uri: String) {
        self.groupID = groupID
        name = track.name
        language = track.language
        isDefault = track.isDefault
        // RFC 8216 §4.3.4.1: AUTOSELECT "MUST be YES if the value of the DEFAULT attribute is
        // YES"; otherwise YES lets a client pick the rendition for the viewer's language, which
        // is right for every option but auxiliary content, which AVFoundation never selects
        // automatically (AVMediaCharacteristic.auxiliaryContent).
        autoselect = track.isDefault || !track.isAuxiliary
        isForced = track.isForcedOnly
        characteristics = track.taggedCharacteristics.filter(Self.isWritableCharacteristic)
        self.uri = uri
    }

    /// A tag fits in CHARACTERISTICS when it has no comma (the list separator), no double quote
    /// and no control character (RFC 8216 §4.2: a quoted-string holds no CR, LF or `"`).
    public static func isWritableCharacteristic(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The tag line. Quoted values lose what a quoted-string cannot hold (RFC 8216 §4.2): a
    /// double quote becomes `'`, a line break a space.
    public var line: String {
        var attributes = ["TYPE=SUBTITLES", "GROUP-ID=\(Self.quoted(groupID))", "NAME=\(Self.quoted(name))",
                          "LANGUAGE=\(Self.quoted(language))", "DEFAULT=\(Self.yesNo(isDefault))",
                          "AUTOSELECT=\(Self.yesNo(autoselect))", "FORCED=\(Self.yesNo(isForced))"]
        if !characteristics.isEmpty {
            attributes.append("CHARACTERISTICS=\(Self.quoted(characteristics.joined(separator: ",")))")
        }
        attributes.append("URI=\(Self.quoted(uri))")
        return "#EXT-X-MEDIA:" + attributes.joined(separator: ",")
    }

    static func yesNo(_ value: Bool) -> String { value ? "YES" : "NO" }

    static func quoted(_ text: String) -> String {
        let cleaned = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "'"
            case "\r", "\n": " "
            default: String(scalar)
            }
        }.joined()
        return "\"" + cleaned + "\""
    }

    /// Whether `groupID` can be a GROUP-ID: a non-empty quoted-string (RFC 8216 §4.2, §4.3.4.1).
    public static func isValidGroupID(_ groupID: String) -> Bool {
        !groupID.isEmpty && !groupID.unicodeScalars.contains { $0 == "\"" || $0 == "\r" || $0 == "\n" }
    }
}
