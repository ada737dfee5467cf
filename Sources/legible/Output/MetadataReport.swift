#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ISOBMFF
import Metadata
import Movie

/// What `legible metadata` prints for a movie: its items grouped by scope, as text or JSON.
struct MetadataReport {
    var path: String
    var items: [MetadataItem]
    /// Problems tolerated while opening the movie, then while reading its items.
    var warnings: [BoxError]
    /// Timed metadata tracks, when asked for (`--timed`); nil leaves them out.
    var timedTracks: [TimedMetadataTrack]?

    init(path: String, movie: Movie, reading: MetadataReading, timedTracks: [TimedMetadataTrack]? = nil) {
        self.path = path
        items = reading.items
        self.timedTracks = timedTracks
        warnings = movie.warnings + reading.warnings + (timedTracks ?? []).flatMap(\.warnings)
    }

    /// One block per scope (`movie`, `track 1`, `track 1 media`), one aligned line per item;
    /// then each timed metadata track, one line per sample.
    var text: String {
        var lines = [staticText]
        for track in timedTracks ?? [] {
            let describes = track.describedTrackIDs.isEmpty ? "the movie" : "track " + track.describedTrackIDs.map(String.init).joined(separator: ", ")
            lines.append("timed metadata track \(track.trackID) (describes \(describes)): \(track.keys.count) keys, \(track.groups.count) samples")
            for group in track.groups {
                let values = group.items.map { "\($0.identifier)\($0.language.map { "@" + $0 } ?? "") = \($0.value.displayText)" }
                let times = "\(Self.millisecondText(group.start))–\(Self.millisecondText(group.start + group.duration)) s"
                lines.append("  \(times)  " + (values.isEmpty ? "(gap)" : values.joined(separator: "; ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `12.345`: seconds rounded to the millisecond, as `%.3f` prints them (Foundation's
    /// `String(format:)` would pull in the internationalization library and slow every start).
    private static func millisecondText(_ seconds: Double) -> String {
        guard let milliseconds = (seconds * 1000).rounded().clampedInt64 else { return "\(seconds)" }
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        return "\(sign)\(magnitude / 1000).\(String(magnitude % 1000).leftPadded(to: 3))"
    }

    private var staticText: String {
        guard !items.isEmpty else { return "\(path): no metadata items" }
        var lines: [String] = []
        var scope: MetadataScope?
        let width = min(items.map { $0.identifier.description.count }.max() ?? 0, 48)
        for item in items {
            if item.scope != scope {
                scope = item.scope
                lines.append(item.scope.description)
            }
            var value = TerminalText.field(item.value.displayText)
            if case let .location(place) = item.value {
                value += " (lat \(place.latitude), lon \(place.longitude), alt \(place.altitude) m)"
            } else if let point = Self.point(of: item) {
                value += " (lat \(point.latitude), lon \(point.longitude)"
                    + (point.altitude.map { ", alt \($0) m" } ?? "") + ")"
            }
            lines.append("  " + item.identifier.description.rightPadded(to: width) + "  "
                         + (item.language ?? "-").rightPadded(to: 3) + "  "
                         + Self.valueType(item.value).rightPadded(to: 8) + "  " + value)
        }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            ("file", .string(path)),
            ("items", .array(items.map(Self.json))),
        ] + (timedTracks.map { [("timed", .array($0.map(Self.json)))] } ?? []) + [
            ("warnings", .array(warnings.map { .string($0.description) })),
        ])
    }

    /// A timed metadata track: its keys and one object per sample with its start, duration
    /// (seconds) and items.
    private static func json(_ track: TimedMetadataTrack) -> JSONValue {
        .object([
            ("trackID", .unsigned(track.trackID)),
            ("describes", .array(track.describedTrackIDs.map { .unsigned($0) })),
            ("keys", .array(track.keys.map { key in
                .object([("identifier", .string(key.identifier.description)), ("dataType", .string(key.dataType?.description)),
                         ("dataTypeName", .string(key.dataTypeName)), ("language", .string(key.locale))])
            })),
            ("samples", .array(track.groups.map { group in
                .object([("start", .number(group.start)), ("duration", .number(group.duration)),
                         ("items", .array(group.items.map(Self.json)))])
            })),
        ])
    }

    private static func json(_ item: MetadataItem) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("identifier", .string(item.identifier.description)),
            ("keySpace", .string(item.identifier.keySpace.rawValue)),
            ("key", .string(item.identifier.key)),
        ]
        switch item.scope {
        case .movie: members.append(("scope", .string("movie")))
        case let .track(id): members += [("scope", .string("track")), ("trackID", .unsigned(id))]
        case let .media(id): members += [("scope", .string("media")), ("trackID", .unsigned(id))]
        }
        if let language = item.language { members.append(("language", .string(language))) }
        if let country = item.country { members.append(("country", .string(country))) }
        if let dataType = item.dataType { members.append(("dataType", .string(dataType.description))) }
        members.append(("value", value(item.value)))
        members.append(("valueType", .string(valueType(item.value))))
        switch item.value {
        case let .bytes(bytes), let .image(_, bytes): members.append(("bytes", .unsigned(bytes.count)))
        default: break
        }
        if case let .location(place) = item.value {
            members.append(("location", .object([
                ("latitude", .number(place.latitude)), ("longitude", .number(place.longitude)),
                ("altitude", .number(place.altitude)), ("name", .string(place.name)), ("role", .unsigned(place.role)),
                ("body", .string(place.body)), ("notes", .string(place.notes)),
            ])))
        } else if let point = point(of: item) {
            members.append(("location", .object([("latitude", .number(point.latitude)), ("longitude", .number(point.longitude)),
                                                 ("altitude", point.altitude.map { .number($0) } ?? .null)])))
        }
        if let origin = item.origin {
            members += [("box", .string(origin.location.path)), ("offset", .unsigned(origin.location.offset))]
        }
        return .object(members)
    }

    /// Text as it is, numbers as numbers, binary values as base64 (as `exiftool -b -j` writes
    /// them, without its `base64:` prefix).
    private static func value(_ value: MetadataValue) -> JSONValue {
        switch value {
        case let .text(text): .string(text)
        case let .integer(number): .integer(number)
        case let .unsignedInteger(number): .unsigned(number)
        case let .float(number): number.isFinite ? .number(number) : .string("\(number)")
        case let .floats(numbers): .array(numbers.map { $0.isFinite ? .number($0) : .string("\($0)") })
        case let .image(_, bytes), let .bytes(bytes): .string(Data(bytes).base64EncodedString())
        case .location: .string(value.displayText)
        }
    }

    private static func valueType(_ value: MetadataValue) -> String {
        switch value {
        case .text: "text"
        case .integer, .unsignedInteger: "integer"
        case .float: "float"
        case .floats: "floats"
        case .image: "image"
        case .location: "location"
        case .bytes: "bytes"
        }
    }

    /// The ISO 6709 point of a location text item (`©xyz`, `…location.ISO6709`).
    private static func point(of item: MetadataItem) -> ISO6709Point? {
        guard case let .text(text) = item.value, item.identifier.key == "©xyz" || item.identifier.key.hasSuffix("location.ISO6709")
        else { return nil }
        return ISO6709Point(parsing: text)
    }
}
