import Conversion

extension WebVTTHeader {
    /// The loss of this header's `STYLE` blocks (CSS for the cues, W3C WebVTT §6 "CSS
    /// extensions") in a format named `format` that has no place for them, numbering the blocks
    /// from 1 in file order; nil when there are none. WebVTT files and `wvtt` tracks (in `vttC`)
    /// keep them; a `REGION` block is lost through the cues that name it (kind `region`).
    public func styleBlockLoss(in format: String, hint: String?) -> ConversionLoss? {
        guard !styleSheets.isEmpty else { return nil }
        return ConversionLoss(kind: .styleBlock, subject: .styleBlock, numbers: Array(1...styleSheets.count),
                              message: "WebVTT STYLE blocks (CSS) have no \(format) form", hint: hint)
    }
}

extension SubtitleTarget {
    /// What a WebVTT header loses in this format: its `STYLE` blocks, except in WebVTT.
    public func losses(of header: WebVTTHeader?) -> [ConversionLoss] {
        guard self != .webVTT else { return [] }
        return header?.styleBlockLoss(in: description, hint: self == .tx3g ? "a wvtt track keeps them" : "WebVTT keeps them")
            .map { [$0] } ?? []
    }
}

/// The loss of WebVTT `STYLE` blocks.
extension ConversionLoss.Kind {
    /// WebVTT `STYLE` blocks.
    public static let styleBlock = Self(rawValue: "style-block")
}

/// WebVTT `STYLE` blocks as the subject of a loss.
extension ConversionLoss.Subject {
    /// A WebVTT file's `STYLE` blocks, numbered from 1 in file order.
    public static let styleBlock = Self(singular: "STYLE block", plural: "STYLE blocks")
}
