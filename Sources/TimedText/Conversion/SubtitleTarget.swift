import Conversion
import XML
/// A format subtitles are converted into, and what of the cue model it carries: the one place
/// that says, for each feature a cue can have, which formats keep it (``losses(of:)-([Cue])``).
public enum SubtitleTarget: String, Sendable, CaseIterable, CustomStringConvertible {
    /// 3GPP timed text samples (`tx3g`; 3GPP TS 26.245, QTFF "Subtitle sample data"): styles,
    /// colours, font sizes and fonts (`styl`, `ftab`), one background colour for the track, a
    /// text box per sample (`tbox`), karaoke (`krok`), forced samples (`frcd`).
    case tx3g
    /// WebVTT, as a file or as `wvtt` samples (W3C WebVTT; ISO/IEC 14496-30): everything of the
    /// cue model but forced flags, text and background colours outside the default colour
    /// classes, font sizes, font families and outlines.
    case webVTT
    /// SubRip: bold, italic, underline, colours and top placement (`{\an8}`), nothing else.
    case subRip
    /// TTML in the IMSC1 Text Profile, as a file or as `stpp` samples (``TTMLWriter``): styles,
    /// colours, background colours, font families, font sizes, languages, alignment, top or
    /// bottom, forced cues and spans.
    case ttml

    public var description: String {
        switch self {
        case .tx3g: "tx3g"
        case .webVTT: "WebVTT"
        case .subRip: "SubRip"
        case .ttml: "TTML"
        }
    }

    /// What `cues` lose in this format, one `ConversionLoss` per kind, numbering the cues from
    /// 1 in the order given; the text the writer changes so that it cannot become structure
    /// (``structureChanges(of:)``) is among them.
    public func losses(of cues: [Cue]) -> [ConversionLoss] {
        var tally = ConversionLossTally()
        let justification = self == .tx3g ? Tx3gSampleDescription.justification(for: cues) : nil
        let background = self == .tx3g ? Tx3gSampleDescription.backgroundColor(for: cues) : nil
        for (index, cue) in cues.enumerated() {
            for feature in CueFeature.features(of: cue) where !carries(feature, justification: justification, background: background) {
                tally.add(feature.kind, cue: index + 1) { feature.lossMessage(in: self) }
            }
        }
        return tally.losses + structureChanges(of: cues)
    }

    /// What the cues of `timeline` lose in this format, numbered as the cues the timeline was
    /// made from (cues it dropped are its own ``CueTimeline/diagnostics``).
    public func losses(of timeline: CueTimeline) -> [ConversionLoss] {
        var byIndex: [Int: Cue] = [:]
        for sample in timeline.samples {
            for (cue, index) in zip(sample.cues, sample.cueIndices) { byIndex[index] = cue }
        }
        let indices = byIndex.keys.sorted()
        return losses(of: indices.compactMap { byIndex[$0] }).map { loss in
            var renumbered = loss
            renumbered.numbers = loss.numbers.map { indices[$0 - 1] + 1 }
            return renumbered
        }
    }

    /// Whether the format keeps `feature`; for `tx3g`, an alignment is kept only when it is the
    /// track's justification and a background colour only when it is the track's (a sample has
    /// neither of its own).
    func carries(_ feature: CueFeature, justification: CueSettings.TextAlignment?, background: SubtitleColor?) -> Bool {
        switch (self, feature) {
        case (.webVTT, .voice), (.webVTT, .classes), (.webVTT, .ruby), (.webVTT, .language), (.webVTT, .karaoke),
             (.webVTT, .vertical), (.webVTT, .position), (.webVTT, .alignment), (.webVTT, .region):
            true
        case (.webVTT, .color(let isClassColor)):
            isClassColor
        case (.webVTT, .backgroundColor(let color)):
            color.map { $0.webVTTBackgroundClassName != nil } ?? true
        case (.tx3g, .backgroundColor(let color)):
            color == background
        case (.subRip, .backgroundColor(let color)):
            color == nil
        case (.tx3g, .fontFamily(let families)):
            Tx3gFontName.name(forFamilies: families) != nil
        case (.ttml, .backgroundColor), (.ttml, .fontFamily):
            true
        case (.tx3g, .color), (.tx3g, .fontSize), (.tx3g, .forced), (.tx3g, .karaoke), (.tx3g, .position):
            true
        case (.tx3g, .alignment(let alignment)):
            Tx3gSampleDescription.justificationValue(alignment) == Tx3gSampleDescription.justificationValue(justification)
        case (.subRip, .color):
            true
        case (.webVTT, .identifier):
            true
        case (.ttml, .identifier(let isXMLName)):
            isXMLName
        case (.ttml, .color), (.ttml, .fontSize), (.ttml, .forced), (.ttml, .forcedSpan), (.ttml, .language), (.ttml, .alignment):
            true
        case (.tx3g, .xmlForbiddenCharacter), (.webVTT, .xmlForbiddenCharacter), (.subRip, .xmlForbiddenCharacter):
            true
        default:
            false
        }
    }
}

/// Something a cue has beyond plain, bold, italic or underlined text at the bottom or top.
enum CueFeature: Hashable {
    case voice, classes, ruby, language, karaoke, vertical, region
    /// `line` other than the top/bottom placement, `position` or `size`.
    case position
    case alignment(CueSettings.TextAlignment)
    /// A text colour; whether it is one of WebVTT's default colour classes.
    case color(isClassColor: Bool)
    case fontSize, outline, forced
    /// The background colour behind a stretch of text, nil for none (which only a `tx3g` track
    /// with a background of its own cannot say).
    case backgroundColor(SubtitleColor?)
    /// Font families, most preferred first.
    case fontFamily([String])
    /// A forced span inside a paragraph that is not forced (TTML `itts:forcedDisplay`).
    case forcedSpan
    /// A cue identifier (WebVTT cue identifier, TTML `xml:id`); whether it is an XML name, as a
    /// TTML `xml:id` must be.
    case identifier(isXMLName: Bool)
    /// A character XML 1.0 forbids in a document (§2.2: C0 controls but tab, line feed and
    /// carriage return; U+FFFE, U+FFFF), which the TTML writer leaves out.
    case xmlForbiddenCharacter

    static func features(of cue: Cue) -> [CueFeature] {
        var features: [CueFeature] = []
        func add(_ feature: CueFeature) { if !features.contains(feature) { features.append(feature) } }
        for run in cue.text.runs {
            let style = run.style
            if style.voice != nil { add(.voice) }
            if !style.classes.isEmpty { add(.classes) }
            if style.ruby != nil { add(.ruby) }
            if style.language != nil { add(.language) }
            if run.timestamp != nil { add(.karaoke) }
            if let color = style.color { add(.color(isClassColor: color.webVTTClassName != nil)) }
            if style.fontScale != nil { add(.fontSize) }
            if style.isOutlined { add(.outline) }
            if style.isForced, !cue.isForced { add(.forcedSpan) }
            if !run.text.isEmpty { add(.backgroundColor(style.backgroundColor)) }
            if !style.fontFamilies.isEmpty { add(.fontFamily(style.fontFamilies)) }
            if run.text.unicodeScalars.contains(where: MarkupEscaping.isXMLForbidden) { add(.xmlForbiddenCharacter) }
        }
        let settings = cue.settings
        if settings.vertical != nil { add(.vertical) }
        if settings.region != nil { add(.region) }
        if settings.position != nil || settings.size != nil || (settings.line != nil && !settings.isPlacementOnly) { add(.position) }
        if let align = settings.align, align != .center { add(.alignment(align)) }
        if cue.isForced { add(.forced) }
        if let identifier = cue.identifier, !identifier.isEmpty { add(.identifier(isXMLName: TTMLWriter.isXMLName(identifier))) }
        return features
    }

    var kind: ConversionLoss.Kind {
        switch self {
        case .voice: .voice
        case .classes: .cueClass
        case .ruby: .ruby
        case .language: .languageSpan
        case .karaoke: .karaoke
        case .vertical: .verticalText
        case .region: .region
        case .position: .position
        case .alignment: .alignment
        case .color: .color
        case .fontSize: .fontSize
        case .outline: .outline
        case .forced: .forced
        case .forcedSpan: .forcedSpan
        case .identifier: .identifier
        case .backgroundColor: .backgroundColor
        case .fontFamily: .fontFamily
        case .xmlForbiddenCharacter: .controlCharacter
        }
    }

    /// What is lost and, where another format would keep it, which.
    func lossMessage(in target: SubtitleTarget) -> (message: String, hint: String?) {
        let keptByWebVTT = target == .tx3g ? "a wvtt track keeps them" : target == .webVTT ? nil : "WebVTT keeps them"
        let keptByTx3g = "a tx3g track keeps them"
        switch self {
        case .voice: return ("WebVTT voice spans have no \(target) form", keptByWebVTT)
        case .classes: return ("WebVTT classes have no \(target) form", keptByWebVTT)
        case .ruby: return ("ruby has no \(target) form (the annotation is written in parentheses after its base)", keptByWebVTT)
        case .language: return ("language spans have no \(target) form", keptByWebVTT)
        case .karaoke: return ("karaoke timestamps have no \(target) form", target == .subRip || target == .ttml ? "WebVTT and tx3g keep them" : nil)
        case .vertical: return ("vertical text has no per-cue \(target) form", keptByWebVTT)
        case .region:
            return ("WebVTT regions have no \(target) form (the cue's own line, position and size are kept)", keptByWebVTT)
        case .position:
            return ("cue positions other than top and bottom have no \(target) form", target == .webVTT || target == .tx3g ? nil : "WebVTT and tx3g keep them")
        case .alignment(let alignment):
            if target == .tx3g {
                return ("align:\(alignment.rawValue) differs from the track's justification, and a tx3g sample has none of its own", keptByWebVTT)
            }
            return ("text alignment has no \(target) form", "WebVTT keeps it")
        case .color:
            return target == .webVTT ? ("colours other than WebVTT's eight colour classes have no WebVTT form", keptByTx3g)
                : ("colours have no \(target) form", nil)
        case .fontSize: return ("font sizes have no \(target) form", target == .tx3g || target == .ttml ? nil : keptByTx3g)
        case .outline:
            return target == .ttml ? ("text outlines are not written (their colour and thickness are not known)", nil)
                : ("text outlines have no \(target) form", nil)
        case .forced: return ("forced flags have no \(target) form", keptByTx3g)
        case .forcedSpan:
            return ("forced spans inside cues that are not forced have no \(target) form (forced applies to whole cues)", nil)
        case .backgroundColor:
            switch target {
            case .tx3g:
                return ("background colours other than the track's have no tx3g form (a tx3g track has one, in its sample description: the one behind most of the text)",
                        "an stpp track keeps them")
            case .webVTT:
                return ("background colours other than WebVTT's eight background classes (bg_white, …) have no WebVTT form", "an stpp track or TTML keeps them")
            default:
                return ("background colours have no \(target) form", "TTML keeps them")
            }
        case .fontFamily:
            if target == .tx3g {
                return ("font fallback lists have no tx3g form (a style record names one font: the first is kept)", "an stpp track keeps them")
            }
            return ("font families have no \(target) form", target == .webVTT ? "a tx3g or stpp track keeps them" : "TTML keeps them")
        case .xmlForbiddenCharacter:
            return ("control characters have no \(target) form (XML 1.0 forbids them) and were left out", "WebVTT and tx3g keep them")
        case .identifier:
            switch target {
            case .ttml: return ("cue identifiers that are not XML names have no \(target) form (xml:id)", "WebVTT keeps them")
            // A SubRip cue's number is its place in the file, not a name (SubRip has no identifiers).
            case .subRip: return ("cue identifiers have no SubRip form (its cue numbers only count the cues)", "WebVTT keeps them")
            default: return ("cue identifiers have no \(target) form", keptByWebVTT)
            }
        }
    }
}

/// What a subtitle format cannot carry of a cue's text and styling.
extension ConversionLoss.Kind {
    /// Voice spans (WebVTT `<v>`).
    public static let voice = Self(rawValue: "voice")
    /// Class spans (WebVTT `<c.name>`).
    public static let cueClass = Self(rawValue: "class")
    /// Ruby text.
    public static let ruby = Self(rawValue: "ruby")
    /// Language spans (WebVTT `<lang>`, TTML `xml:lang`).
    public static let languageSpan = Self(rawValue: "language-span")
    /// Karaoke timing inside a cue.
    public static let karaoke = Self(rawValue: "karaoke")
    /// Vertical text.
    public static let verticalText = Self(rawValue: "vertical-text")
    /// Regions.
    public static let region = Self(rawValue: "region")
    /// Cue positions.
    public static let position = Self(rawValue: "position")
    /// Text alignment.
    public static let alignment = Self(rawValue: "alignment")
    /// Colours.
    public static let color = Self(rawValue: "color")
    /// Font sizes.
    public static let fontSize = Self(rawValue: "font-size")
    /// Text outlines.
    public static let outline = Self(rawValue: "outline")
    /// Forced cues.
    public static let forced = Self(rawValue: "forced")
    /// Forced spans in cues that are not forced.
    public static let forcedSpan = Self(rawValue: "forced-span")
    /// Cue identifiers a format cannot hold: `tx3g` and SubRip have none, and a TTML `xml:id`
    /// must be an XML name.
    public static let identifier = Self(rawValue: "identifier")
    /// Control characters XML forbids, left out of TTML.
    public static let controlCharacter = Self(rawValue: "control-character")
    /// Background colours behind the text.
    public static let backgroundColor = Self(rawValue: "background-color")
    /// Font families.
    public static let fontFamily = Self(rawValue: "font-family")
    /// Overlapping cues that share a `tx3g` sample but not a position or karaoke timing.
    public static let overlap = Self(rawValue: "overlap")
    /// `tx3g` modifier boxes a subtitle file has no form for (`hlit`, `hclr`, `blnk`, `dlay`, `href`).
    public static let tx3gModifier = Self(rawValue: "tx3g-modifier")
}

/// Collects the numbers of each kind of loss, one message per kind, in first-seen order.
struct ConversionLossTally {
    private var order: [ConversionLoss.Kind] = []
    private var entries: [ConversionLoss.Kind: (numbers: [Int], message: String, hint: String?)] = [:]
    var subject: ConversionLoss.Subject = .cue

    mutating func add(_ kind: ConversionLoss.Kind, cue number: Int, message: () -> (message: String, hint: String?)) {
        if entries[kind] == nil {
            let text = message()
            order.append(kind)
            entries[kind] = ([], text.message, text.hint)
        }
        entries[kind]?.numbers.append(number)
    }

    var losses: [ConversionLoss] {
        order.compactMap { kind in
            entries[kind].map { ConversionLoss(kind: kind, subject: subject, numbers: $0.numbers, message: $0.message, hint: $0.hint) }
        }
    }
}
