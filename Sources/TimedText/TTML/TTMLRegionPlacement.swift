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
    /// The number of cell rows (`ttp:cellResolution`, default 15).
    var cellRows: Double = 15

    func placement(regionID: String, properties: TTMLStyleSheet.Properties) -> CuePlacement {
        let origin = properties.origin.flatMap(verticalPercentage)
        let extent = properties.extent.flatMap(verticalPercentage)
        let hasGeometry = origin != nil || extent != nil || properties.displayAlign != nil
        guard hasGeometry else { return regionID.lowercased().contains("top") ? .top : .bottom }
        let top = origin ?? 0
        let height = extent ?? (100 - top)
        let anchor: Double
        switch properties.displayAlign?.trimmingSubtitleWhitespace() {
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
