import ISOBMFF

/// What a `tx3g` sample description says for a whole track, chosen from its cues: one
/// justification, one background colour and one font table serve every sample (3GPP TS 26.245 §5.16).
extension Tx3gSampleDescription {
    /// The justification a track of `cues` gets: their alignment when every cue with text has
    /// the same one (start or left, end or right), else nil for centred text. A sample has no
    /// justification of its own (3GPP TS 26.245 §5.16), so cues that differ keep the track's.
    public static func justification(for cues: [Cue]) -> CueSettings.TextAlignment? {
        let values = Set(cues.filter { !$0.text.isEmpty }.map { justificationValue($0.settings.align) })
        guard values.count == 1, let value = values.first, value != 1 else { return nil }
        return value == 0 ? .start : .end
    }

    /// The background colour a track of `cues` gets: the one behind most stretches of text (the
    /// first of those as common), nil for none (transparent). The description's background
    /// colour is the track's (3GPP TS 26.245 §5.16), a sample has none of its own, so text with
    /// another background (or none, in a track with one) loses it.
    public static func backgroundColor(for cues: [Cue]) -> SubtitleColor? {
        var order: [SubtitleColor?] = []
        var counts: [SubtitleColor?: Int] = [:]
        for run in cues.flatMap(\.text.runs) where !run.text.isEmpty {
            if counts[run.style.backgroundColor] == nil { order.append(run.style.backgroundColor) }
            counts[run.style.backgroundColor, default: 0] += 1
        }
        let most = counts.values.max() ?? 0
        return order.first { counts[$0] == most } ?? nil
    }

    /// The font table of a track of `cues`: the default font (ID 1, `Sans-Serif`), then each other
    /// font the cues' font families name (``TextStyle/fontFamily``; the first of a list), in
    /// the order they first appear, from ID 2.
    static func fonts(for cues: [Cue]) -> [Font] {
        var fonts = [Font(id: 1, name: "Sans-Serif")]
        for run in cues.flatMap(\.text.runs) {
            guard let name = run.style.fontFamilies.first.flatMap(Tx3gFontName.name(forFamily:)),
                  !fonts.contains(where: { $0.name == name }), fonts.count < Int(UInt16.max) else { continue }
            fonts.append(Font(id: UInt16(fonts.count + 1), name: name))
        }
        return fonts
    }

    /// The `tx3g` horizontal justification of an alignment: 0 left (start), 1 centre, -1 right
    /// (end), reading start and end as left-to-right text does.
    static func justificationValue(_ alignment: CueSettings.TextAlignment?) -> Int8 {
        switch alignment {
        case .start?, .left?: 0
        case .end?, .right?: -1
        default: 1
        }
    }
}
