import ISOBMFF

/// A `tx3g` StyleRecord: the style of a range of characters (in a sample's `styl` box) or the
/// default style (in the sample description). 12 bytes on the wire.
///
/// Character offsets count **Unicode scalars** (code points) of the sample text, end
/// exclusive. 3GPP says "characters"; FFmpeg's `mov_text` encoder and decoder count code
/// points, Android counts UTF-16 units. The two agree except after a character outside the
/// Basic Multilingual Plane (emoji). Legible follows FFmpeg, the reader its interop tests check
/// against, and the decoder clips offsets past the end of the text, as Android does.
public struct Tx3gStyleRecord: Sendable, Hashable, Codable {
    /// First character (Unicode scalar offset).
    public var startChar: UInt16
    /// One past the last character.
    public var endChar: UInt16
    /// The `ftab` font ID.
    public var fontID: UInt16
    /// Bold, italic, underline.
    public var face: Face
    /// The font size (pixels, relative to the track's text box).
    public var fontSize: UInt8
    /// The text colour.
    public var color: SubtitleColor

    /// Creates a record.
    public init(startChar: UInt16 = 0, endChar: UInt16 = 0, fontID: UInt16 = 1, face: Face = [],
                fontSize: UInt8 = 18, color: SubtitleColor = SubtitleColor(red: 255, green: 255, blue: 255)) {
        self.startChar = startChar
        self.endChar = endChar
        self.fontID = fontID
        self.face = face
        self.fontSize = fontSize
        self.color = color
    }

    /// The face style flags.
    public struct Face: OptionSet, Sendable, Hashable, Codable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold.
        public static let bold = Face(rawValue: 1)
        /// Italic.
        public static let italic = Face(rawValue: 2)
        /// Underlined.
        public static let underline = Face(rawValue: 4)
    }

    /// The bytes of one record.
    static let size = 12

    init(reading reader: inout ByteReader) throws(BoxError) {
        startChar = try reader.readUInt16()
        endChar = try reader.readUInt16()
        fontID = try reader.readUInt16()
        face = Face(rawValue: try reader.readUInt8())
        fontSize = try reader.readUInt8()
        color = SubtitleColor(red: try reader.readUInt8(), green: try reader.readUInt8(),
                              blue: try reader.readUInt8(), alpha: try reader.readUInt8())
    }

    func write(into writer: inout ByteWriter) {
        writer.write(startChar)
        writer.write(endChar)
        writer.write(fontID)
        writer.write(face.rawValue)
        writer.write(fontSize)
        writer.write(bytes: [color.red, color.green, color.blue, color.alpha])
    }

    /// The cue-model style of text in this record of a track with `description`; the colour is
    /// kept only when it is not opaque white (the colour every player draws unstyled subtitles
    /// in, and what Legible writes as the default), so unstyled text decodes to an unstyled
    /// ``TextStyle``; a size other than the default becomes a font scale (to hundredths); a font
    /// other than the default one (in the `ftab`) a font family. The description's background
    /// colour is not made the cues': many tracks have an opaque one that players draw their own
    /// caption style over, so it says nothing of the text.
    func textStyle(in description: Tx3gSampleDescription) -> TextStyle {
        let defaults = description.defaultStyle
        let scale = fontSize != defaults.fontSize && defaults.fontSize > 0
            ? (Double(fontSize) / Double(defaults.fontSize) * 100).rounded() / 100 : nil
        let font = fontID == defaults.fontID ? nil : description.fonts.first { $0.id == fontID }
        return TextStyle(isBold: face.contains(.bold), isItalic: face.contains(.italic),
                         isUnderlined: face.contains(.underline), color: color == .opaqueWhite ? nil : color, fontScale: scale,
                         fontFamily: font.map { Tx3gFontName.family(forName: $0.name) })
    }
}

extension SubtitleColor {
    /// `FF FF FF FF`, the default text colour of `tx3g` descriptions.
    static let opaqueWhite = SubtitleColor(red: 255, green: 255, blue: 255, alpha: 255)
}
