import XML
/// A `REGION` block's settings (`id:fred width:40% lines:3 regionanchor:0%,100%
/// viewportanchor:10%,90% scroll:up`), read with W3C WebVTT §6.4 "collect WebVTT region
/// settings": split at ASCII whitespace, a malformed setting skipped (so `id:` with no value
/// leaves the id as it was), a later one overriding an earlier one.
enum WebVTTRegionSettingsParser {
    /// The region, and the settings that were not understood.
    static func parse(_ text: String) -> (region: WebVTTRegion, ignored: [Substring]) {
        var region = WebVTTRegion(id: "")
        var ignored: [Substring] = []
        for setting in WebVTTCueSettingsParser.settings(in: text) {
            if let (name, value) = setting.nameAndValue, apply(name: name, value: value, to: &region) { continue }
            ignored.append(setting.token)
        }
        return (region, ignored)
    }

    /// Sets one setting; false when the name is unknown or the value malformed.
    private static func apply(name: Substring, value: Substring, to region: inout WebVTTRegion) -> Bool {
        switch name {
        case "id":
            // An id with `-->` could never be written back inside a REGION block.
            guard !value.contains("-->") else { return false }
            region.id = String(value)
        case "width":
            guard let width = WebVTTCueSettingsParser.percentage(value) else { return false }
            region.width = width
        case "lines":
            guard value.unicodeScalars.allSatisfy(\.isASCIIDigit), let lines = Double(value) else { return false }
            region.lines = lines
        case "regionanchor":
            guard let anchor = anchor(value) else { return false }
            region.regionAnchor = anchor
        case "viewportanchor":
            guard let anchor = anchor(value) else { return false }
            region.viewportAnchor = anchor
        case "scroll":
            guard value == "up" else { return false }
            region.scrollsUp = true
        default:
            return false
        }
        return true
    }

    /// `x%,y%`, both percentages.
    private static func anchor(_ value: Substring) -> WebVTTRegion.Anchor? {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = WebVTTCueSettingsParser.percentage(parts[0]),
              let y = WebVTTCueSettingsParser.percentage(parts[1])
        else { return nil }
        return WebVTTRegion.Anchor(x: x, y: y)
    }
}
