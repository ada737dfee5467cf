import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// The web-platform-tests WebVTT parsing suites as kept in TestMedia/wpt-webvtt/ (see its
/// README.md; Scripts/refresh-wpt-webvtt makes expectations.json from the suite's own files).
enum WPTWebVTTSuite {
    static let folder = TestPaths.testMedia.appendingPathComponent("wpt-webvtt")

    struct Expectations: Decodable {
        var fileParsing: [FileCase]
        var cueText: [CueTextCase]
    }

    /// A `file-parsing` case: an input file and what the suite asserts about its cues.
    struct FileCase: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var title: String
        var assertions: [Assertion]
        var ignored: [Assertion]
        var testDescription: String { name }

        func input() throws -> [UInt8] {
            [UInt8](try Data(contentsOf: folder.appendingPathComponent("file-parsing/\(name).vtt")))
        }
    }

    /// `assert_equals(path, value)`, `assert_equals(path, otherPath)` or `assert_not_equals`.
    struct Assertion: Decodable, Sendable {
        var path: String
        var equals: Value?
        var sameAs: String?
        var notSameAs: String?

        private enum CodingKeys: String, CodingKey { case path, equals, sameAs, notSameAs }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            sameAs = try container.decodeIfPresent(String.self, forKey: .sameAs)
            notSameAs = try container.decodeIfPresent(String.self, forKey: .notSameAs)
            if container.contains(.equals) {
                equals = try container.decodeNil(forKey: .equals) ? .null : container.decode(Value.self, forKey: .equals)
            }
        }
    }

    /// A JavaScript value an assertion compares with; `region` is a `VTTRegion`, by its id.
    enum Value: Decodable, Equatable, Sendable, CustomStringConvertible {
        case null, bool(Bool), number(Double), string(String), region(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let value): "\(value)"
            case .number(let value): "\(value)"
            case .string(let value): "\"\(value)\""
            case .region(let id): "region \(id)"
            }
        }
    }

    /// A `cue-text-parsing` case: cue text and the `getCueAsHTML()` tree, one line per node.
    struct CueTextCase: Decodable, CustomTestStringConvertible, Sendable {
        var group: String
        var name: String
        var input: String
        var tree: [String]
        var testDescription: String { "\(group) \(name.prefix(8))" }
    }

    static let expectations: Expectations = {
        let url = folder.appendingPathComponent("expectations.json")
        do {
            return try JSONDecoder().decode(Expectations.self, from: Data(contentsOf: url))
        } catch {
            fatalError("TestMedia/wpt-webvtt/expectations.json cannot be read: \(error)")
        }
    }()
}

/// What a browser's `TextTrackCueList` would show for a parsed document: the VTTCue and
/// VTTRegion attributes the suite reads (W3C WebVTT §7), with their defaults where Legible
/// keeps "not set".
struct WPTCueView {
    let document: SubtitleDocument

    /// The value at `cues.length`, `cues[i].attribute` or `cues[i].region.attribute`.
    func value(at path: String) -> WPTWebVTTSuite.Value? {
        if path == "cues.length" { return .number(Double(document.cues.count)) }
        guard path.hasPrefix("cues["), let close = path.firstIndex(of: "]"),
              let index = Int(path[path.index(path.startIndex, offsetBy: 5)..<close]),
              document.cues.indices.contains(index)
        else { return nil }
        let cue = document.cues[index]
        let rest = path[path.index(after: close)...].split(separator: ".").map(String.init)
        if rest.first == "region" {
            guard let region = region(of: cue) else { return rest.count == 1 ? .null : nil }
            return rest.count == 1 ? .region(region.id) : regionAttribute(rest[1], of: region)
        }
        return rest.count == 1 ? cueAttribute(rest[0], of: cue) : nil
    }

    private func region(of cue: Cue) -> WebVTTRegion? {
        guard let id = cue.settings.region else { return nil }
        return document.webVTTHeader?.regions.last { $0.id == id }
    }

    private func cueAttribute(_ name: String, of cue: Cue) -> WPTWebVTTSuite.Value? {
        let settings = cue.settings
        switch name {
        case "id": return .string(cue.identifier ?? "")
        case "text": return .string(cue.text.plainText)
        case "startTime": return .number(Double(cue.start.microseconds) / 1_000_000)
        case "endTime": return .number(Double(cue.end.microseconds) / 1_000_000)
        case "align": return .string(settings.align?.rawValue ?? "center")
        case "vertical": return .string(settings.vertical?.rawValue ?? "")
        case "size": return .number(settings.size ?? 100)
        case "position": return settings.position.map { .number($0.percentage) } ?? .string("auto")
        case "positionAlign": return .string(settings.position?.alignment?.rawValue ?? "auto")
        case "lineAlign": return .string(settings.line?.alignment?.rawValue ?? "start")
        case "line":
            switch settings.line?.value {
            case nil: return .string("auto")
            case .number(let number)?: return .number(number)
            case .percentage(let percentage)?: return .number(percentage)
            }
        case "snapToLines":
            if case .percentage? = settings.line?.value { return .bool(false) }
            return .bool(true)
        default: return nil
        }
    }

    private func regionAttribute(_ name: String, of region: WebVTTRegion) -> WPTWebVTTSuite.Value? {
        switch name {
        case "id": .string(region.id)
        case "width": .number(region.width)
        case "lines": .number(region.lines)
        case "regionAnchorX": .number(region.regionAnchor.x)
        case "regionAnchorY": .number(region.regionAnchor.y)
        case "viewportAnchorX": .number(region.viewportAnchor.x)
        case "viewportAnchorY": .number(region.viewportAnchor.y)
        case "scroll": .string(region.scrollsUp ? "up" : "")
        default: nil
        }
    }
}
