import ISOBMFF
import TimedText

/// The SVG of a track summarised per minute (`CueDensity`): a bar per bin as high as its cue
/// count, and under it a strip as dark as its findings, red where one is at error level. Hovering
/// or focusing a bin shows its counts (the SVG `title`, also its accessible name).
struct DensitySVG {
    let trackID: UInt32
    let density: CueDensity

    static let barsHeight = 60.0
    static let top = 6.0
    static let stripHeight = 10.0

    var svg: String {
        let bins = density.bins
        let binWidth = max(10, 1_200 / Double(max(1, bins.count)))
        let width = binWidth * Double(bins.count)
        let end = SubtitleTime(microseconds: density.binLength.microseconds * Int64(bins.count))
        let stripY = Self.top + Self.barsHeight + 2
        let axisY = stripY + Self.stripHeight + 2
        let height = axisY + TimelineSVG.axisHeight
        let mostCues = max(1, bins.map(\.cues).max() ?? 0)
        let mostFindings = max(1, bins.map(\.findings).max() ?? 0)
        var svg = "<svg class=\"timeline density\" data-track-id=\"\(trackID)\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\" "
        svg += "viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" role=\"group\" aria-label=\"Cues of track \(trackID) per stretch of the movie\">"
        svg += TimelineSVG.axis(y: axisY, width: width, end: end)
        for (index, bin) in bins.enumerated() {
            let x = coordinate(Double(index) * binWidth)
            let barHeight = Self.barsHeight * Double(bin.cues) / Double(mostCues)
            let binEnd = bin.start + density.binLength
            let title = "\(clock(bin.start)) to \(clock(binEnd)): \(bin.cues) cue\(bin.cues == 1 ? "" : "s"), \(bin.characters) characters, "
                + "\(bin.findings) finding\(bin.findings == 1 ? "" : "s") (\(bin.errors) at error level)"
            svg += "<g class=\"bin\" tabindex=\"0\"><title>\(escapeHTML(title))</title>"
            svg += "<rect class=\"bin-cues\" x=\"\(x)\" y=\"\(coordinate(Self.top + Self.barsHeight - barHeight))\" width=\"\(coordinate(binWidth))\" height=\"\(coordinate(barHeight))\"/>"
            let shade = Double(bin.findings) / Double(mostFindings)
            svg += "<rect class=\"bin-findings\(bin.errors > 0 ? " error" : "")\" x=\"\(x)\" y=\"\(coordinate(stripY))\" width=\"\(coordinate(binWidth))\" "
            svg += "height=\"\(coordinate(Self.stripHeight))\" fill-opacity=\"\(coordinate(bin.findings == 0 ? 0 : 0.15 + 0.85 * shade))\"/></g>"
        }
        return svg + "</svg>"
    }
}
