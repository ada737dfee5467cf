#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Metadata

/// Timed metadata tracks: the key table, the tracks each describes, and timed locations drawn
/// as a route on a latitude/longitude grid (no map tiles: nothing is fetched).
extension AccessibilityReport {
    func metadataSection() -> String {
        guard !metadataTracks.isEmpty else { return "" }
        var html = "<section id=\"timed-metadata\"><h2>Timed metadata</h2>"
        for track in metadataTracks {
            let described = track.describedTrackIDs.map { id in
                "track \(id)" + (movie.track(id: id).map { " (\($0.mediaType.rawValue))" } ?? " (missing)")
            }
            html += "<div class=\"metadata-track\" data-track-id=\"\(track.trackID)\"><h3>Track \(track.trackID): \(track.sampleCount) sample\(track.sampleCount == 1 ? "" : "s")</h3>"
            html += "<p>Describes \(escapeHTML(described.isEmpty ? "the whole movie" : described.joined(separator: ", "))) (<code>tref/cdsc</code>).</p>"
            html += "<table class=\"keys\"><thead><tr><th>Local ID</th><th>Key</th><th>Data type</th><th>Locale</th></tr></thead><tbody>"
            for key in track.keys {
                let type = key.dataType.map { "\($0) (\($0.rawValue))" } ?? key.dataTypeName ?? ""
                html += "<tr><td>\(key.localID)</td><td>\(escapeHTML(key.identifier.description))</td><td>\(escapeHTML(type))</td><td>\(escapeHTML(key.locale ?? ""))</td></tr>"
            }
            html += "</tbody></table>"
            if !track.route.isEmpty { html += RouteSVG(trackID: track.trackID, points: track.route).svg }
            html += "</div>"
        }
        return html + "</section>"
    }
}

/// A route as a polyline on an equirectangular grid, longitude scaled by the cosine of the mean
/// latitude so that shapes keep their proportions; start and end marked, each point titled with
/// its time.
struct RouteSVG {
    let trackID: UInt32
    let points: [TimedMetadataSummary.Point]

    static let size = (width: 640.0, height: 400.0, margin: 48.0)

    var svg: String {
        let latitudes = points.map(\.location.latitude)
        let longitudes = points.map(\.location.longitude)
        guard let minLat = latitudes.min(), let maxLat = latitudes.max(), let minLon = longitudes.min(), let maxLon = longitudes.max() else { return "" }
        let stretch = max(0.01, cos((minLat + maxLat) / 2 * .pi / 180))
        let spanX = max((maxLon - minLon) * stretch, 1e-6)
        let spanY = max(maxLat - minLat, 1e-6)
        let (width, height, margin) = Self.size
        let scale = min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY)
        let originX = margin + ((width - 2 * margin) - spanX * scale) / 2
        let originY = margin + ((height - 2 * margin) - spanY * scale) / 2
        func x(_ longitude: Double) -> Double { originX + (longitude - minLon) * stretch * scale }
        func y(_ latitude: Double) -> Double { originY + (maxLat - latitude) * scale }
        var svg = "<svg class=\"route\" data-track-id=\"\(trackID)\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\" viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" role=\"img\" aria-label=\"Route of \(points.count) timed locations\">"
        svg += "<rect class=\"route-frame\" x=\"0\" y=\"0\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\"/>"
        // The degrees the frame shows, edge to edge, and a grid line every round step within them.
        let (bottom, top) = (maxLat - (height - originY) / scale, maxLat + originY / scale)
        let (left, right) = (minLon - originX / (stretch * scale), minLon + (width - originX) / (stretch * scale))
        let latitudeStep = Self.step(for: (top - bottom) / 5)
        for latitude in Self.gridLines(from: bottom, to: top, step: latitudeStep) {
            svg += "<line class=\"grid\" x1=\"0\" x2=\"\(coordinate(width))\" y1=\"\(coordinate(y(latitude)))\" y2=\"\(coordinate(y(latitude)))\"/>"
            svg += "<text class=\"grid-label\" x=\"4\" y=\"\(coordinate(y(latitude) - 3))\">\(Self.degrees(latitude, positive: "N", negative: "S", step: latitudeStep))</text>"
        }
        let longitudeStep = Self.step(for: (right - left) / 6)
        for longitude in Self.gridLines(from: left, to: right, step: longitudeStep) {
            svg += "<line class=\"grid\" x1=\"\(coordinate(x(longitude)))\" x2=\"\(coordinate(x(longitude)))\" y1=\"0\" y2=\"\(coordinate(height))\"/>"
            svg += "<text class=\"grid-label\" x=\"\(coordinate(x(longitude) + 3))\" y=\"\(coordinate(height - 4))\">\(Self.degrees(longitude, positive: "E", negative: "W", step: longitudeStep))</text>"
        }
        let path = points.map { "\(coordinate(x($0.location.longitude))),\(coordinate(y($0.location.latitude)))" }.joined(separator: " ")
        svg += "<polyline class=\"route-line\" points=\"\(path)\"/>"
        for (index, point) in points.enumerated() {
            let kind = index == 0 ? "start" : index == points.count - 1 ? "end" : "point"
            svg += "<circle class=\"route-\(kind)\" cx=\"\(coordinate(x(point.location.longitude)))\" cy=\"\(coordinate(y(point.location.latitude)))\" r=\"\(kind == "point" ? 3 : 6)\">"
            svg += "<title>\(escapeHTML("\(clock(seconds: point.time)) \(point.location)"))</title></circle>"
        }
        return svg + "</svg>"
    }

    /// Multiples of `step` between `low` and `high` (at most 20).
    static func gridLines(from low: Double, to high: Double, step: Double) -> [Double] {
        guard step > 0, low.isFinite, high.isFinite else { return [] }
        let first = (low / step).rounded(.up)
        return (0..<20).map { (first + Double($0)) * step }.filter { $0 <= high }
    }

    /// The round step (1, 2 or 5 × 10ⁿ degrees) nearest above `degrees`.
    static func step(for degrees: Double) -> Double {
        let magnitude = pow(10, (log10(max(degrees, 1e-7))).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= degrees } ?? 10 * magnitude
    }

    /// `51.53°N` with as many decimals as the step needs.
    static func degrees(_ value: Double, positive: String, negative: String, step: Double) -> String {
        let decimals = max(0, Int((-log10(step)).rounded(.up)))
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let rounded = (abs(value) * factor).rounded() / factor
        var text = decimals == 0 ? String(Int(rounded)) : String(rounded)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) - 1 < decimals {
            text += String(repeating: "0", count: decimals - (text.distance(from: dot, to: text.endIndex) - 1))
        }
        return "\(text)°\(value < 0 ? negative : positive)"
    }
}
