import XML
/// Decides whether a TTML region shows its text at the top or the bottom of the picture.
///
/// When the region has geometry (`tts:origin`, `tts:extent`, `tts:displayAlign`, from itself or
/// its styles), the edge the text is aligned to decides: the region's top for `before` (TTML's
/// default), its bottom for `after`, its middle for `center`; above half the height is top.
/// Lengths may be percentages, pixels (against the root `tts:extent`) or cells (against
/// `ttp:cellResolution`). Without usable geometry, a region id containing "top" means top.
struct TTMLRegionPlacement {
    /// The root container height in pixels (`tts:extent` on `tt`), if given.
    var rootHeightPixels: Double?
    /// The root container width in pixels, if given.
    var rootWidthPixels: Double?
    /// The number of cell rows (`ttp:cellResolution`, default 15).
    var cellRows: Double = 15
    /// The number of cell columns (`ttp:cellResolution`, default 32).
    var cellColumns: Double = 32

    /// The WebVTT settings that put a cue where the region puts its text: `line` at the edge
    /// `tts:displayAlign` aligns the text to (the region's top for `before`, its bottom for
    /// `after`, its middle for `center`), `position` at its left edge and `size` its width, all
    /// as percentages of the root container; `align` from `tts:textAlign`. Nil when the region
    /// has no origin or extent this can measure.
    func settings(properties: TTMLStyleSheet.Properties) -> CueSettings? {
        guard let origin = properties.origin.flatMap({ percentages($0) }) ?? (properties.extent != nil ? (0, 0) : nil) else {
            return nil
        }
        let extent = properties.extent.flatMap { percentages($0) } ?? (100 - origin.x, 100 - origin.y)
        var settings = CueSettings()
        switch properties.displayAlign?.trimmingTextWhitespace() {
        case "after": settings.line = CueSettings.CueLine(.percentage(Self.bounded(origin.y + extent.y)), alignment: .end)
        case "center": settings.line = CueSettings.CueLine(.percentage(Self.bounded(origin.y + extent.y / 2)), alignment: .center)
        default: settings.line = CueSettings.CueLine(.percentage(Self.bounded(origin.y)))
        }
        if extent.x < 100 || origin.x > 0 {
            settings.position = CueSettings.CuePosition(Self.bounded(origin.x), alignment: .lineLeft)
            settings.size = Self.bounded(extent.x)
        }
        return settings
    }

    private static func bounded(_ value: Double) -> Double { (min(100, max(0, value)) * 100).rounded() / 100 }

    /// Both components of an origin or extent as percentages of the root container.
    private func percentages(_ text: String) -> (x: Double, y: Double)? {
        let components = text.split(whereSeparator: \.isWhitespace)
        guard components.count == 2, let x = horizontalPercentage(components[0]), let y = verticalPercentage(text) else { return nil }
        return (x, y)
    }

    private func horizontalPercentage(_ value: Substring) -> Double? {
        if value.hasSuffix("%") { return Double(value.dropLast()) }
        if value.hasSuffix("px"), let pixels = Double(value.dropLast(2)), let rootWidthPixels, rootWidthPixels > 0 {
            return pixels / rootWidthPixels * 100
        }
        if value.hasSuffix("c"), let cells = Double(value.dropLast()), cellColumns > 0 { return cells / cellColumns * 100 }
        return nil
    }

    /// A `tts:fontSize` as a scale of the default size, one cell (TTML2 §10.2.21: the initial
    /// value is 1c): cells as they are, percentages of the default, pixels against a cell's
    /// height; the vertical size when two are given. Nil for the default size or one this cannot
    /// measure.
    func fontScale(_ text: String) -> Double? {
        guard let value = text.split(whereSeparator: \.isWhitespace).last else { return nil }
        var scale: Double?
        if value.hasSuffix("%") {
            scale = Double(value.dropLast()).map { $0 / 100 }
        } else if value.hasSuffix("px"), let pixels = Double(value.dropLast(2)), let rootHeightPixels, rootHeightPixels > 0, cellRows > 0 {
            scale = pixels / (rootHeightPixels / cellRows)
        } else if value.hasSuffix("c") {
            scale = Double(value.dropLast())
        } else if value.hasSuffix("em") {
            scale = Double(value.dropLast(2))
        }
        guard let scale, scale.isFinite, scale > 0 else { return nil }
        let rounded = (scale * 100).rounded() / 100
        return rounded == 1 ? nil : rounded
    }

    func placement(regionID: String, properties: TTMLStyleSheet.Properties) -> CuePlacement {
        let origin = properties.origin.flatMap(verticalPercentage)
        let extent = properties.extent.flatMap(verticalPercentage)
        let hasGeometry = origin != nil || extent != nil || properties.displayAlign != nil
        guard hasGeometry else { return regionID.lowercased().contains("top") ? .top : .bottom }
        let top = origin ?? 0
        let height = extent ?? (100 - top)
        let anchor: Double
        switch properties.displayAlign?.trimmingTextWhitespace() {
        case "after": anchor = top + height
        case "center": anchor = top + height / 2
        default: anchor = top
        }
        return anchor < 50 ? .top : .bottom
    }

    /// The second (vertical) component of an origin or extent as a percentage of the height.
    private func verticalPercentage(_ text: String) -> Double? {
        let components = text.split(whereSeparator: \.isWhitespace)
        guard components.count == 2 else { return nil }
        let value = components[1]
        if value.hasSuffix("%") { return Double(value.dropLast()) }
        if value.hasSuffix("px"), let pixels = Double(value.dropLast(2)), let rootHeightPixels, rootHeightPixels > 0 {
            return pixels / rootHeightPixels * 100
        }
        if value.hasSuffix("c"), let cells = Double(value.dropLast()), cellRows > 0 {
            return cells / cellRows * 100
        }
        return nil
    }
}
