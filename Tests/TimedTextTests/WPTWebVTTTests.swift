import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// The web-platform-tests WebVTT parsing suites (web-platform-tests/wpt, `webvtt/parsing`): every
/// case of `file-parsing` and `cue-text-parsing`, with the suite's expected values.
@Suite("WPT WebVTT parsing suites")
struct WPTWebVTTTests {
    /// A `file-parsing` case: the cues, ids, times, text, settings and regions the suite asserts.
    @Test(arguments: WPTWebVTTSuite.expectations.fileParsing)
    func fileParsing(_ testCase: WPTWebVTTSuite.FileCase) throws {
        let document = try WebVTTParser.parse(bytes: testCase.input())
        let view = WPTCueView(document: document)
        for assertion in testCase.assertions {
            let actual = view.value(at: assertion.path)
            if let expected = assertion.equals {
                #expect(actual == expected, "\(testCase.title): \(assertion.path)")
            }
            if let other = assertion.sameAs {
                #expect(actual != nil && actual == view.value(at: other), "\(testCase.title): \(assertion.path) is \(other)")
            }
            if let other = assertion.notSameAs {
                #expect(actual != view.value(at: other), "\(testCase.title): \(assertion.path) is not \(other)")
            }
        }
        // Cases that only look at the test page's style sheets still must read without error.
        #expect(!testCase.assertions.isEmpty || !testCase.ignored.isEmpty)
    }

    /// A `cue-text-parsing` case: the cue's node tree, node by node, as the suite's common.js
    /// serialises `getCueAsHTML()`; and the cue read from a whole file has the runs of that tree.
    @Test(arguments: WPTWebVTTSuite.expectations.cueText)
    func cueTextParsing(_ testCase: WPTWebVTTSuite.CueTextCase) throws {
        // As the suite's runTests() makes the file.
        let file = "WEBVTT\n\n00:00.000 --> 00:01.000\n" + testCase.input
        let document = try WebVTTParser.parse(bytes: Array(file.utf8))
        try #require(document.cues.count == 1)
        // The payload as the block reader collects it: NUL read as U+FFFD, up to a blank line.
        let replaced = String(String.UnicodeScalarView(testCase.input.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
        let payload = replaced.components(separatedBy: "\n\n")[0]
        let (nodes, _) = WebVTTCueTextParser.tree(payload, limits: .standard)
        #expect(WPTCueTree.lines(nodes).joined(separator: "\n") == testCase.tree.joined(separator: "\n"))
        #expect(document.cues[0].text == WebVTTCueTextParser.parse(payload, limits: .standard).text)
    }

    @Test func theSuitesAreAllThere() {
        // The counts of the suite as kept; a refresh that loses cases must say so here.
        #expect(WPTWebVTTSuite.expectations.fileParsing.count == 42)
        #expect(WPTWebVTTSuite.expectations.cueText.count == 78)
    }
}

/// A cue's node tree in the suite's serialisation (cue-text-parsing/common.js
/// `test_serializer`): `| <span>`, attributes sorted by name on the lines after, `| "text"`,
/// `| <?timestamp 00:00:00.500>`, two more spaces per level.
enum WPTCueTree {
    static func lines(_ nodes: [WebVTTCueNode], depth: Int = 0) -> [String] {
        let indent = "|" + String(repeating: " ", count: 2 * depth + 1)
        var lines: [String] = []
        for node in nodes {
            switch node {
            case .text(let text):
                lines.append(indent + "\"" + text + "\"")
            case .timestamp(let time):
                lines.append(indent + "<?timestamp " + timestamp(time) + ">")
            case .element(let element):
                lines.append(indent + "<" + htmlName(element.name) + ">")
                let attributeIndent = "|" + String(repeating: " ", count: 2 * depth + 3)
                for (name, value) in attributes(element) { lines.append(attributeIndent + name + "=\"" + value + "\"") }
                lines += Self.lines(element.children, depth: depth + 1)
            }
        }
        return lines
    }

    /// W3C WebVTT §7.1 "WebVTT cue text DOM construction rules": `c`, `v` and `lang` are spans.
    private static func htmlName(_ name: String) -> String {
        ["c", "v", "lang"].contains(name) ? "span" : name
    }

    private static func attributes(_ element: WebVTTCueNode.Element) -> [(String, String)] {
        var attributes: [(String, String)] = []
        if !element.classes.isEmpty { attributes.append(("class", element.classes.joined(separator: " "))) }
        if element.name == "lang" { attributes.append(("lang", element.annotation)) }
        if element.name == "v" { attributes.append(("title", element.annotation)) }
        return attributes
    }

    /// `hh:mm:ss.ttt`, hours at least two digits.
    private static func timestamp(_ time: SubtitleTime) -> String {
        let milliseconds = time.roundedMilliseconds
        let hours = milliseconds / 3_600_000, minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1_000 % 60, fraction = milliseconds % 1_000
        func padded(_ value: Int64, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return padded(hours, 2) + ":" + padded(minutes, 2) + ":" + padded(seconds, 2) + "." + padded(fraction, 3)
    }
}
