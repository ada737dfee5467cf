import ISOBMFF

/// A `tx3g` sample description (3GPP TS 26.245 §5.16; QTFF "Subtitle sample description"; the
/// same bytes serve Apple `sbtl` tracks and 3GPP `text` tracks).
///
/// Layout after the 8-byte box header: 6 reserved bytes, data reference index (u16), display
/// flags (u32), horizontal and vertical justification (s8 each), background colour (RGBA),
/// default text box (4 × s16), default style record (12 bytes), then boxes: `ftab` (required)
/// and optional others (`btrt`, …), which are kept as they were.
public struct Tx3gSampleDescription: BoxModel, Equatable {
    /// The sample entry type.
    public static let format = Tx3gDisplayFlags.sampleEntryFormat

    /// The data reference the samples are in (1: this file).
    public var dataReferenceIndex: UInt16
    /// Display flags: forced subtitles, scrolling, vertical text.
    public var displayFlags: Tx3gDisplayFlags
    /// 0 left, 1 centre, -1 right.
    public var horizontalJustification: Int8
    /// 0 top, 1 centre, -1 bottom.
    public var verticalJustification: Int8
    /// The background colour of the text box.
    public var backgroundColor: SubtitleColor
    /// Apple: must equal the track box (0, 0, track height, track width).
    public var defaultTextBox: Tx3gTextBox
    /// The style of characters no `styl` record covers (its offsets are unused).
    public var defaultStyle: Tx3gStyleRecord
    /// The `ftab` font table.
    public var fonts: [Font]
    /// The bytes of the boxes other than `ftab` (e.g. `btrt`), kept as read so an entry
    /// round-trips; written after `ftab` (where they were, for an entry that was read).
    public var otherBoxes: [UInt8]
    /// How the entry was laid out when read; for one made in memory, `ftab` then the others.
    private var layout = SampleEntryLayout(slots: [.interpreted("ftab", [])])

    /// Equal when the values are, however each entry was laid out.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.dataReferenceIndex == rhs.dataReferenceIndex && lhs.displayFlags == rhs.displayFlags
            && lhs.horizontalJustification == rhs.horizontalJustification && lhs.verticalJustification == rhs.verticalJustification
            && lhs.backgroundColor == rhs.backgroundColor && lhs.defaultTextBox == rhs.defaultTextBox
            && lhs.defaultStyle == rhs.defaultStyle && lhs.fonts == rhs.fonts && lhs.otherBoxes == rhs.otherBoxes
    }

    /// One `ftab` entry.
    public struct Font: Sendable, Hashable, Codable {
        /// The font's ID, which style records name.
        public var id: UInt16
        /// The font's name.
        public var name: String
        /// A font entry.
        public init(id: UInt16, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// Creates a description. The defaults are what Legible writes for Apple players: centred
    /// at the bottom, transparent background, white 18-point text, one `Sans-Serif` font.
    public init(
        dataReferenceIndex: UInt16 = 1,
        displayFlags: Tx3gDisplayFlags = [],
        horizontalJustification: Int8 = 1,
        verticalJustification: Int8 = -1,
        backgroundColor: SubtitleColor = SubtitleColor(red: 0, green: 0, blue: 0, alpha: 0),
        defaultTextBox: Tx3gTextBox = .zero,
        defaultStyle: Tx3gStyleRecord = Tx3gStyleRecord(),
        fonts: [Font] = [Font(id: 1, name: "Sans-Serif")],
        otherBoxes: [UInt8] = []
    ) {
        self.dataReferenceIndex = dataReferenceIndex
        self.displayFlags = displayFlags
        self.horizontalJustification = horizontalJustification
        self.verticalJustification = verticalJustification
        self.backgroundColor = backgroundColor
        self.defaultTextBox = defaultTextBox
        self.defaultStyle = defaultStyle
        self.fonts = fonts
        self.otherBoxes = otherBoxes
    }

    /// The description Legible writes for `timeline`, following Apple's rules (QTFF "Subtitle
    /// sample description" and "Subtitle track header size and placement"):
    /// `Tx3gDisplayFlags/verticalPlacement` when any sample is top-placed (then the
    /// default text box is the whole video, so a `tbox` top can move text up), else a box of 15 %
    /// of the video height; `Tx3gDisplayFlags/someSamplesForced` when any sample is forced and
    /// `Tx3gDisplayFlags/allSamplesForced` too when every non-empty sample is; a font size of
    /// 5 % of the video height (18 when the height is unknown); the background colour every cue
    /// shares (``backgroundColor(for:)``); a font table with the cues' fonts (`fonts(for:)`).
    ///
    /// The default text box is also the track size the `tkhd` should get (width = `right`,
    /// height = `bottom`).
    public init(for samples: [TimelineSample], videoWidth: UInt16 = 0, videoHeight: UInt16 = 0) {
        let shown = samples.filter { !$0.isEmpty }
        var flags: Tx3gDisplayFlags = []
        if shown.contains(where: { Tx3gSampleEncoder.placement(of: $0) == .top || Tx3gSampleEncoder.placedSettings(of: $0) != nil }) {
            flags.insert(.verticalPlacement)
        }
        if shown.contains(where: \.isForced) {
            flags.insert(.someSamplesForced)
            if shown.allSatisfy(\.isForced) { flags.insert(.allSamplesForced) }
        }
        let fontSize = videoHeight > 0 ? UInt8(clamping: max(12, Int(videoHeight) / 20)) : 18
        // Each cue once, though it spans several samples, as the track's losses count them.
        var seen: Set<Int> = []
        let cues = shown.flatMap { zip($0.cues, $0.cueIndices) }.filter { seen.insert($0.1).inserted }.map(\.0)
        self.init(displayFlags: flags,
                  horizontalJustification: Self.justificationValue(Self.justification(for: cues)),
                  backgroundColor: Self.backgroundColor(for: cues) ?? SubtitleColor(red: 0, green: 0, blue: 0, alpha: 0),
                  defaultTextBox: .subtitleArea(videoWidth: videoWidth, videoHeight: videoHeight,
                                                verticalPlacement: flags.contains(.verticalPlacement)),
                  defaultStyle: Tx3gStyleRecord(fontSize: fontSize),
                  fonts: Self.fonts(for: cues))
    }

    // MARK: Decoding

    /// Decodes a `tx3g` sample entry box (as the box tree holds it, leaf or container).
    public init(_ box: Box) throws(SampleCodecError) {
        guard box.type == Self.format else {
            throw SampleCodecError(.wrongSampleEntry(expected: Self.format, found: box.type))
        }
        do throws(BoxError) {
            var reader = try box.inMemoryPayloadReader()
            let layout = try SampleEntryLayout(reading: &reader)
            let dataReferenceIndex = try reader.readUInt16()
            try self.init(body: &reader, dataReferenceIndex: dataReferenceIndex, layout: layout)
        } catch {
            throw SampleCodecError(.malformed(error))
        }
    }

    /// Decodes the body of a sample entry: the bytes from the display flags on, without the
    /// 16-byte SampleEntry prefix. This is what MP4 demuxers such as Android's hand to their
    /// `tx3g` decoders as "initialization data".
    public init(body: [UInt8]) throws(SampleCodecError) {
        var reader = ByteReader(body, path: "tx3g")
        do throws(BoxError) {
            try self.init(body: &reader, dataReferenceIndex: 1, layout: SampleEntryLayout(slots: []))
        } catch {
            throw SampleCodecError(.malformed(error))
        }
    }

    private init(body reader: inout ByteReader, dataReferenceIndex: UInt16, layout: SampleEntryLayout) throws(BoxError) {
        self.dataReferenceIndex = dataReferenceIndex
        displayFlags = Tx3gDisplayFlags(rawValue: try reader.readUInt32())
        horizontalJustification = try reader.readInt8()
        verticalJustification = try reader.readInt8()
        backgroundColor = SubtitleColor(red: try reader.readUInt8(), green: try reader.readUInt8(),
                                        blue: try reader.readUInt8(), alpha: try reader.readUInt8())
        defaultTextBox = try Tx3gTextBox(reading: &reader)
        defaultStyle = try Tx3gStyleRecord(reading: &reader)
        fonts = []
        otherBoxes = []
        self.layout = layout
        // Some writers end the entry right after the style record (no `ftab`); accept that.
        for box in try InlineBox.readAll(&reader) {
            if box.type == "ftab", self.layout.bytes(of: "ftab") == nil {
                var payload = box.payload
                fonts = try Self.fonts(&payload)
                self.layout.slots.append(.interpreted("ftab", Array(box.raw)))
            } else {
                otherBoxes += box.raw
                self.layout.slots.append(.other)
            }
        }
    }

    /// The entries of an `ftab` payload: a count, then each font's ID and Pascal-string name.
    private static func fonts(_ payload: inout ByteReader) throws(BoxError) -> [Font] {
        let count = try payload.checkedCount(try payload.readUInt16(), entrySize: 3, what: "ftab entry count")
        var fonts: [Font] = []
        for _ in 0..<count {
            let id = try payload.readUInt16()
            let length = Int(try payload.readUInt8())
            fonts.append(Font(id: id, name: String(decoding: try payload.readBytes(length), as: UTF8.self)))
        }
        return fonts
    }

    /// The fonts of a whole `ftab` box, nil when it does not decode.
    private static func fonts(inFontTable box: [UInt8]) -> [Font]? {
        guard var payload = (try? InlineBox.readAll(box))?.first?.payload else { return nil }
        return try? fonts(&payload)
    }

    // MARK: Encoding

    /// The fields a box dump shows: the entry's values as stored (colours as RGBA).
    public var fields: [BoxField] {
        let style = defaultStyle
        return [
            BoxField("format", .code(Self.format)), BoxField("dataReferenceIndex", .int(dataReferenceIndex)),
            BoxField("displayFlags", .hex(UInt64(displayFlags.rawValue), digits: 8)),
            BoxField("horizontalJustification", .int(horizontalJustification)),
            BoxField("verticalJustification", .int(verticalJustification)),
            BoxField("backgroundColor", backgroundColor.fieldValue),
            BoxField("defaultTextBox", .list([.int(defaultTextBox.top), .int(defaultTextBox.left),
                                              .int(defaultTextBox.bottom), .int(defaultTextBox.right)])),
            BoxField("defaultFontID", .int(style.fontID)), BoxField("defaultFace", .hex(UInt64(style.face.rawValue), digits: 2)),
            BoxField("defaultFontSize", .int(style.fontSize)), BoxField("defaultTextColor", style.color.fieldValue),
            BoxField("fonts", .list(fonts.map { .list([.int($0.id), .text($0.name)]) })),
        ]
    }

    /// The complete sample entry box, laid out as the box tree parser lays out a `tx3g` entry
    /// (38 bytes of fields, then `ftab` and any other boxes as children). An entry that was read
    /// keeps its reserved bytes and the order of its boxes, and an `ftab` whose fonts are
    /// unchanged keeps its bytes; one read without an `ftab` gets one only when fonts are added.
    public func makeBox() -> Box {
        var fields = ByteWriter(capacity: 30)
        fields.write(displayFlags.rawValue)
        fields.write(horizontalJustification)
        fields.write(verticalJustification)
        fields.write(bytes: [backgroundColor.red, backgroundColor.green, backgroundColor.blue, backgroundColor.alpha])
        defaultTextBox.write(into: &fields)
        defaultStyle.write(into: &fields)
        var fontTable = ByteWriter()
        fontTable.writeBox("ftab") { table in
            table.write(UInt16(clamping: fonts.count))
            for font in fonts.prefix(Int(UInt16.max)) {
                let name = Array(font.name.utf8.prefix(255))
                table.write(font.id)
                table.write(UInt8(name.count))
                table.write(bytes: name)
            }
        }
        var children = layout.children(otherBoxes: otherBoxes) { _, read in
            SampleEntryLayout.keep(read, unless: fontTable.bytes, value: fonts, decode: Self.fonts(inFontTable:))
        }
        if layout.bytes(of: "ftab") == nil, !fonts.isEmpty { children = fontTable.bytes + children }
        return layout.makeBox(format: Self.format, dataReferenceIndex: dataReferenceIndex, fields: fields.bytes, children: children)
    }

    /// The ID of the font a style's font family names in ``fonts``, else the default style's.
    func fontID(for style: TextStyle) -> UInt16 {
        guard let name = style.fontFamilies.first.flatMap(Tx3gFontName.name(forFamily:)) else { return defaultStyle.fontID }
        return fonts.first { $0.name == name }?.id ?? defaultStyle.fontID
    }

    /// The alignment the description's justification gives every cue: nil for centred text.
    var cueAlignment: CueSettings.TextAlignment? {
        switch horizontalJustification {
        case 0: .start
        case -1: .end
        default: nil
        }
    }

    /// Whether every sample is forced: the `Tx3gDisplayFlags/allSamplesForced` bit, which is what
    /// players read, whether or not `Tx3gDisplayFlags/someSamplesForced` accompanies it.
    public var isAllForced: Bool { displayFlags.contains(.allSamplesForced) }
}

private extension SubtitleColor {
    /// The colour as a dump shows it: 0xRRGGBBAA, the order the bytes are stored in.
    var fieldValue: BoxFieldValue {
        .hex(UInt64(red) << 24 | UInt64(green) << 16 | UInt64(blue) << 8 | UInt64(alpha), digits: 8)
    }
}
