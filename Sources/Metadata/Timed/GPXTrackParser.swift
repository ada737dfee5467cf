import XML

/// Reads the points of a GPX 1.1 file (https://www.topografix.com/GPX/1/1/): track points when
/// it has any, else route points, else waypoints, each with `lat`, `lon`, and the `ele` and
/// `time` children. Everything else (names, extensions, metadata) is skipped. Bounded: the input
/// size and the number of points are limited.
public enum GPXTrackParser {
    /// The largest input read (64 MiB) and the most points kept.
    public static let maxInputBytes = 64 << 20
    /// The most points kept.
    public static let maxPoints = 1_000_000

    /// The points of a GPX file (track points, else route points, else waypoints) in document
    /// order; an error for malformed XML, a root that is not `gpx`, an out-of-range coordinate,
    /// a bad `ele` or `time`, or no points at all.
    public static func parse(bytes: [UInt8]) throws(MetadataInputError) -> [GPXPoint] {
        guard bytes.count <= maxInputBytes else { throw MetadataInputError("the GPX file is larger than \(maxInputBytes) bytes") }
        var tokenizer = XMLTokenizer(String(decoding: bytes, as: UTF8.self))
        var points: [String: [GPXPoint]] = ["trkpt": [], "rtept": [], "wpt": []]
        var sawRoot = false
        var current: (kind: String, point: GPXPoint)?
        var field: String?
        var text = ""
        while true {
            let token: XMLTokenizer.Token?
            do throws(XMLDiagnostic) {
                token = try tokenizer.next()
            } catch {
                throw MetadataInputError("malformed XML: \(error.message)", line: error.line)
            }
            guard let token else { break }
            switch token {
            case let .startTag(rawName, attributes, selfClosing):
                let name = localName(rawName)
                if !sawRoot {
                    guard name == "gpx" else { throw MetadataInputError("not a GPX file: the root element is <\(rawName)>", line: tokenizer.currentLine()) }
                    sawRoot = true
                } else if points[name] != nil, current == nil {
                    let line = tokenizer.currentLine()
                    let point = try Self.point(attributes, element: rawName, line: line)
                    if selfClosing { try append(point, kind: name, to: &points) } else { current = (name, point) }
                } else if current != nil, name == "ele" || name == "time" {
                    field = selfClosing ? nil : name
                    text = ""
                }
            case let .text(value):
                if field != nil { text += value }
            case let .endTag(rawName):
                let name = localName(rawName)
                if let open = field, name == open, var point = current {
                    let value = text.trimmingTextWhitespace()
                    if open == "ele" {
                        guard let elevation = Double(value) else {
                            throw MetadataInputError("<ele> '\(value)' is not a number of metres", line: tokenizer.currentLine())
                        }
                        point.point.elevation = elevation
                    } else {
                        guard let time = ISO8601Timestamp.seconds(from: value) else {
                            throw MetadataInputError("<time> '\(value)' is not an ISO 8601 date and time (2023-05-09T11:48:30Z)", line: tokenizer.currentLine())
                        }
                        point.point.time = time
                    }
                    current = point
                    field = nil
                } else if let point = current, name == point.kind {
                    try append(point.point, kind: point.kind, to: &points)
                    current = nil
                    field = nil
                }
            }
        }
        guard sawRoot else { throw MetadataInputError("not a GPX file: no <gpx> element") }
        let chosen = [points["trkpt"], points["rtept"], points["wpt"]].compactMap { $0 }.first { !$0.isEmpty } ?? []
        guard !chosen.isEmpty else { throw MetadataInputError("the GPX file has no trkpt, rtept or wpt points") }
        return chosen
    }

    private static func append(_ point: GPXPoint, kind: String, to points: inout [String: [GPXPoint]]) throws(MetadataInputError) {
        guard points.values.reduce(0, { $0 + $1.count }) < maxPoints else {
            throw MetadataInputError("more than \(maxPoints) points", line: point.line)
        }
        points[kind, default: []].append(point)
    }

    private static func point(_ attributes: [XMLTokenizer.Attribute], element: String, line: Int) throws(MetadataInputError) -> GPXPoint {
        func coordinate(_ name: String, range: ClosedRange<Double>) throws(MetadataInputError) -> Double {
            guard let text = attributes.first(where: { localName($0.name) == name })?.value else {
                throw MetadataInputError("<\(element)> has no \(name) attribute", line: line)
            }
            guard let value = Double(text.trimmingTextWhitespace()), range.contains(value) else {
                throw MetadataInputError("<\(element)> \(name)=\"\(text)\" is not a number of degrees in \(range)", line: line)
            }
            return value
        }
        return GPXPoint(latitude: try coordinate("lat", range: -90...90), longitude: try coordinate("lon", range: -180...180), line: line)
    }

    /// The name without a namespace prefix (`gpx:trkpt` → `trkpt`).
    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }
}


