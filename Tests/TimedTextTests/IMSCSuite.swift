import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// The IMSC text-profile documents in TestMedia/imsc-tests and what each must show.
enum IMSCSuite {
    /// One interval of a document's timeline: from `begin` what is shown, each paragraph's text.
    struct Interval: Equatable, Decodable, CustomStringConvertible {
        var begin_us: Int64
        var shown: [String]

        var description: String { "\(begin_us)µs \(shown)" }
    }

    struct Document: Sendable, CustomTestStringConvertible {
        /// The path in the suite, e.g. `imsc1/ttml/timing/BeginEnd001.ttml`.
        var name: String
        var url: URL { IMSCSuite.root.appendingPathComponent(name) }
        var testDescription: String { name }
        /// What ttconv shows.
        var ttconv: [Interval] { IMSCSuite.expectations[name] ?? [] }
    }

    static var root: URL { TestPaths.testMedia.appendingPathComponent("imsc-tests") }

    static let expectations: [String: [Interval]] = {
        do {
            return try decode(Data(contentsOf: root.appendingPathComponent("ttconv-expected.json")))
        } catch {
            fatalError("TestMedia/imsc-tests/ttconv-expected.json cannot be read (Scripts/refresh-imsc-tests writes it): \(error)")
        }
    }()

    static let documents: [Document] = expectations.keys.sorted().map { Document(name: $0) }

    static func decode(_ data: Data) throws -> [String: [Interval]] {
        try JSONDecoder().decode([String: [Interval]].self, from: data)
    }

    /// What `cues` show when, in the form of ttconv-expected.json: at every cue boundary the
    /// sorted texts of the cues shown, neighbours that show the same joined, leading empty
    /// intervals left out; an open end is no boundary.
    static func shown(_ cues: [Cue]) -> [Interval] {
        var boundaries = Set<SubtitleTime>()
        for cue in cues {
            boundaries.insert(cue.start)
            if !cue.hasOpenEnd { boundaries.insert(cue.end) }
        }
        var intervals: [Interval] = []
        for time in boundaries.sorted() {
            let shown = cues.filter { $0.start <= time && time < $0.end }.map(\.text.plainText).sorted()
            if intervals.last?.shown == shown || (intervals.isEmpty && shown.isEmpty) { continue }
            intervals.append(Interval(begin_us: time.microseconds, shown: shown))
        }
        return intervals
    }
}
