import XML
/// TTML styling: the `tts:` properties Legible maps onto ``TextStyle``, collected from inline
/// attributes and from `style` elements referenced (possibly in chains) by id.
struct TTMLStyleSheet {
    /// The properties one element or `style` sets; `nil` means "inherit".
    struct Properties: Equatable {
        var isBold: Bool?
        var isItalic: Bool?
        var isUnderlined: Bool?
        var color: SubtitleColor?
        var isForced: Bool?
        var origin: String?
        var extent: String?
        var displayAlign: String?
        var textAlign: CueSettings.TextAlignment?
        /// `tts:fontSize` as written.
        var fontSize: String?
        var isOutlined: Bool?
        /// `tts:backgroundColor`, transparent included (it lets the area beneath show).
        var backgroundColor: SubtitleColor?
        /// `tts:fontFamily` as ``TextStyle/fontFamily`` holds it; `default` for the default font.
        var fontFamily: String?
        /// `tts:display`: false for `none`, which hides the element and its descendants (TTML1 §8.2.4).
        var isDisplayed: Bool?
        /// `tts:visibility`: false for `hidden`, whose text is not shown; inherited (TTML1 §8.2.22).
        var isVisible: Bool?

        /// `other` on top of `self`.
        func merging(_ other: Properties) -> Properties {
            Properties(
                isBold: other.isBold ?? isBold,
                isItalic: other.isItalic ?? isItalic,
                isUnderlined: other.isUnderlined ?? isUnderlined,
                color: other.color ?? color,
                isForced: other.isForced ?? isForced,
                origin: other.origin ?? origin,
                extent: other.extent ?? extent,
                displayAlign: other.displayAlign ?? displayAlign,
                textAlign: other.textAlign ?? textAlign,
                fontSize: other.fontSize ?? fontSize,
                isOutlined: other.isOutlined ?? isOutlined,
                backgroundColor: other.backgroundColor ?? backgroundColor,
                fontFamily: other.fontFamily ?? fontFamily,
                isDisplayed: other.isDisplayed ?? isDisplayed,
                isVisible: other.isVisible ?? isVisible
            )
        }

        func apply(to style: inout TextStyle) {
            if let isBold { style.isBold = isBold }
            if let isItalic { style.isItalic = isItalic }
            if let isUnderlined { style.isUnderlined = isUnderlined }
            if let color { style.color = color }
            if let isOutlined { style.isOutlined = isOutlined }
            if let fontFamily { style.fontFamily = fontFamily == "default" ? nil : fontFamily }
            // tts:backgroundColor is not inherited (TTML1 §8.2.1): each element's area is painted
            // over its parent's, so what shows behind the text is the innermost colour that is
            // not transparent.
            if let backgroundColor, backgroundColor.alpha > 0 { style.backgroundColor = backgroundColor }
        }
    }

    private var resolved: [String: Properties] = [:]

    /// Resolves every `style` element under `head/styling`, following `style="…"` references
    /// with cycle detection and a bounded chain length.
    init(styling: [XMLElement], limits: SubtitleParseLimits, warn: (Int, String) -> Void) {
        var definitions: [String: XMLElement] = [:]
        for element in styling where element.isTTML("style") {
            if let id = element.attribute("id", in: .xml) { definitions[id] = element }
        }
        for id in definitions.keys.sorted() {
            _ = resolve(id, definitions: definitions, chain: [], limits: limits, warn: warn)
        }
    }

    private mutating func resolve(
        _ id: String, definitions: [String: XMLElement], chain: [String], limits: SubtitleParseLimits, warn: (Int, String) -> Void
    ) -> Properties {
        if let done = resolved[id] { return done }
        guard let element = definitions[id] else { return Properties() }
        guard !chain.contains(id), chain.count < limits.maxNestingDepth else {
            warn(element.line, "style reference cycle or chain too long at \"\(id)\"")
            return Properties()
        }
        var properties = Properties()
        for reference in Self.references(element) {
            properties = properties.merging(resolve(reference, definitions: definitions, chain: chain + [id], limits: limits, warn: warn))
        }
        properties = properties.merging(Self.inline(element, warn: warn))
        resolved[id] = properties
        return properties
    }

    /// What an element (content, region or style) sets: referenced styles, then its own
    /// attributes, which win.
    func properties(of element: XMLElement, warn: (Int, String) -> Void) -> Properties {
        var properties = Properties()
        for reference in Self.references(element) {
            if let style = resolved[reference] {
                properties = properties.merging(style)
            } else {
                warn(element.line, "unknown style \"\(reference)\" ignored")
            }
        }
        return properties.merging(Self.inline(element, warn: warn))
    }

    private static func references(_ element: XMLElement) -> [String] {
        element.attribute("style", in: nil).map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
    }

    private static func inline(_ element: XMLElement, warn: (Int, String) -> Void) -> Properties {
        var properties = Properties()
        if let weight = element.attribute("fontWeight", in: .styling) {
            properties.isBold = weight.trimmingTextWhitespace() == "bold"
        }
        if let fontStyle = element.attribute("fontStyle", in: .styling) {
            properties.isItalic = ["italic", "oblique"].contains(fontStyle.trimmingTextWhitespace())
        }
        if let decoration = element.attribute("textDecoration", in: .styling) {
            let tokens = decoration.split(whereSeparator: \.isWhitespace)
            if tokens.contains("underline") { properties.isUnderlined = true }
            if tokens.contains("noUnderline") || tokens.contains("none") { properties.isUnderlined = false }
        }
        if let colorText = element.attribute("color", in: .styling) {
            if let color = SubtitleColor(parsing: colorText) {
                properties.color = color
            } else {
                warn(element.line, "tts:color \"\(colorText)\" not understood")
            }
        }
        if let colorText = element.attribute("backgroundColor", in: .styling) {
            if let color = SubtitleColor(parsing: colorText) {
                properties.backgroundColor = color
            } else {
                warn(element.line, "tts:backgroundColor \"\(colorText)\" not understood")
            }
        }
        if let families = element.attribute("fontFamily", in: .styling) {
            // TTML1 §8.2.8 tts:fontFamily: family names separated by commas, each quoted or not.
            let names = families.split(separator: ",").map { name in
                var trimmed = name.trimmingTextWhitespace()
                if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
                    trimmed = String(trimmed.dropFirst().dropLast())
                }
                return trimmed
            }.filter { !$0.isEmpty }
            if !names.isEmpty { properties.fontFamily = names.joined(separator: ", ") }
        }
        if let forced = element.attribute("forcedDisplay", in: .imscStyling) {
            properties.isForced = forced.trimmingTextWhitespace() == "true"
        }
        if let display = element.attribute("display", in: .styling) {
            properties.isDisplayed = display.trimmingTextWhitespace() != "none"
        }
        if let visibility = element.attribute("visibility", in: .styling) {
            properties.isVisible = visibility.trimmingTextWhitespace() != "hidden"
        }
        properties.origin = element.attribute("origin", in: .styling)
        properties.extent = element.attribute("extent", in: .styling)
        properties.displayAlign = element.attribute("displayAlign", in: .styling)
        if let align = element.attribute("textAlign", in: .styling) {
            properties.textAlign = CueSettings.TextAlignment(rawValue: align.trimmingTextWhitespace())
        }
        properties.fontSize = element.attribute("fontSize", in: .styling)
        if let outline = element.attribute("textOutline", in: .styling) {
            properties.isOutlined = outline.trimmingTextWhitespace() != "none"
        }
        return properties
    }
}
