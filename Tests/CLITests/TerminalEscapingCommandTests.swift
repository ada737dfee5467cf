import Foundation
import LegibleTestSupport
import Testing

/// A file cannot take over the terminal: a track name, chapter title and `elng` tag holding
/// ESC ]0;… BEL (an xterm "set title" sequence), NUL and the C1 control U+009B (CSI) reach no
/// human-readable output raw; each shows escaped (`\x1B`), and `--json` still parses, with the
/// original strings. The movie is made with Legible's own writers (`set-track`, `add-chapters`),
/// then bytes the command line cannot pass (NUL, and controls in `elng`, which `--language`
/// checks as BCP 47) are patched in place of markers of the same length.
@Suite struct TerminalEscapingCommandTests {
    /// The track name given to `set-track`.
    static let trackName = "T\u{1B}]0;pwned\u{07} \u{9B} end"
    /// The chapter title written by `add-chapters`, before `@N@` becomes `@<NUL>@`.
    static let chapterSource = "C\u{1B}]0;pwned\u{07} @N@ \u{9B} chap"
    static let chapterTitle = "C\u{1B}]0;pwned\u{07} @\u{0}@ \u{9B} chap"
    /// The `elng` private-use subtag `elngmark` becomes these eight bytes.
    static let elngMarker = "elngmark"
    static let elngHostile = "\u{1B}]0;p\u{07}QQ"
    static let elngTag = "en-x-" + elngHostile

    /// Builds the movie in `folder` and returns its path.
    static func hostileMovie(in folder: TemporaryFolder) throws -> String {
        let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        // demo.mov's track 4 is its tx3g subtitle track.
        let named = try LegibleCommand.run(["set-track", demo, "--track", "4", "--name", trackName,
                                            "--language", "en-x-" + elngMarker, "-o", folder.path("named.mov")])
        try #require(named.status == 0, "\(named.stderr)")
        try Data("00:00:00.000 \(chapterSource)\n00:00:01.000 Second\n".utf8).write(to: URL(fileURLWithPath: folder.path("chapters.txt")))
        let chaptered = try LegibleCommand.run(["add-chapters", folder.path("named.mov"), folder.path("chapters.txt"), "-o", folder.path("chaptered.mov")])
        try #require(chaptered.status == 0, "\(chaptered.stderr)")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("chaptered.mov"))))
        try replace(Array("@N@".utf8), with: [0x40, 0x00, 0x40], in: &bytes)
        try replace(Array(elngMarker.utf8), with: Array(elngHostile.utf8), in: &bytes)
        let path = folder.path("hostile.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Replaces the one occurrence of `marker` by `replacement`, of the same length.
    static func replace(_ marker: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) throws {
        try #require(marker.count == replacement.count)
        let starts = bytes.indices.dropLast(marker.count - 1).filter { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
        try #require(starts.count == 1, "marker \(marker) found \(starts.count) times")
        bytes.replaceSubrange(starts[0]..<(starts[0] + marker.count), with: replacement)
    }

    /// The control characters in `text`'s bytes: C0 but line feed, DEL, and C1 (UTF-8 C2 80–9F).
    static func rawControls(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { found.append(String(format: "0x%02X at %d", byte, index)) }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                found.append(String(format: "C1 0x%02X at %d", bytes[index + 1], index))
            }
        }
        return found
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// What the text output must show, escaped.
        var shown: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["info"], shown: ["T\\x1B]0;pwned\\x07 \\x9B end", "en-x-\\x1B]0;p\\x07QQ", "C\\x1B]0;pwned\\x07 @\\x00@ \\x9B chap"]),
        Case(arguments: ["boxes"], shown: ["T\\x1B]0;pwned\\x07 \\x9B end", "en-x-\\x1B]0;p\\x07QQ"]),
        Case(arguments: ["chapters"], shown: ["C\\x1B]0;pwned\\x07 @\\x00@ \\x9B chap"]),
        Case(arguments: ["check"], shown: ["en-x-\\x1B]0;p\\x07QQ"]),
        Case(arguments: ["select", "--languages", "en"], shown: []),
        Case(arguments: ["qc"], shown: []),
        Case(arguments: ["metadata"], shown: []),
    ]

    @Test(arguments: cases)
    func textOutputHasNoRawControlCharacter(_ scenario: Case) throws {
        let folder = try TemporaryFolder("terminal")
        defer { folder.remove() }
        let movie = try Self.hostileMovie(in: folder)
        let result = try LegibleCommand.run([scenario.arguments[0], movie] + scenario.arguments.dropFirst())
        #expect(result.status == 0 || (scenario.arguments[0] == "check" && result.status == 1), "\(result.stderr)")
        #expect(Self.rawControls(result.stdout).isEmpty, "\(Self.rawControls(result.stdout)): \(result.stdout)")
        #expect(Self.rawControls(result.stderr).isEmpty, "\(Self.rawControls(result.stderr)): \(result.stderr)")
        for text in scenario.shown {
            #expect(result.stdout.contains(text), "\(text) not in: \(result.stdout)")
        }
    }

    @Test(arguments: cases)
    func jsonOutputParsesAndKeepsTheStrings(_ scenario: Case) throws {
        let folder = try TemporaryFolder("terminal-json")
        defer { folder.remove() }
        let movie = try Self.hostileMovie(in: folder)
        let result = try LegibleCommand.run([scenario.arguments[0], movie] + scenario.arguments.dropFirst() + ["--json"])
        #expect(result.status == 0 || (scenario.arguments[0] == "check" && result.status == 1), "\(result.stderr)")
        #expect(Self.rawControls(result.stdout).isEmpty, "\(Self.rawControls(result.stdout))")
        let parsed = try JSONSerialization.jsonObject(with: result.stdoutData)
        let strings = Self.strings(in: parsed)
        switch scenario.arguments[0] {
        case "info":
            #expect(strings.contains(Self.trackName))
            #expect(strings.contains(Self.elngTag))
            #expect(strings.contains(Self.chapterTitle))
        case "chapters":
            #expect(strings.contains(Self.chapterTitle))
        case "check":
            #expect(strings.contains { $0.contains(Self.elngTag) })
        default:
            break
        }
    }

    /// Every string anywhere in a parsed JSON value.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings(in:))
        case let object as [String: Any]: object.values.flatMap(strings(in:))
        default: []
        }
    }
}
