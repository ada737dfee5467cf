import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// webvtt-py (an independent WebVTT reader) beside Legible on the WPT `file-parsing` inputs:
/// where webvtt-py reads a case as the suite expects, Legible must read the same cues (ids,
/// times, text). Where webvtt-py does not, the case is skipped with the reason: the suite, not
/// webvtt-py, is the authority there (``WPTWebVTTTests``).
@Suite("WPT WebVTT inputs, Legible beside webvtt-py", .enabled(if: WebvttPy.shouldRun))
struct WPTWebVTTInteropTests {
    @Test(arguments: WPTWebVTTSuite.expectations.fileParsing)
    func sameCuesAsWebvttPy(_ testCase: WPTWebVTTSuite.FileCase) throws {
        let theirs = try WebvttPy.read(WPTWebVTTSuite.folder.appendingPathComponent("file-parsing/\(testCase.name).vtt"))
        if let disagreement = WebvttPy.disagreement(theirs, with: testCase) {
            try Test.cancel("webvtt-py disagrees with the suite on \(testCase.name): \(disagreement)")
        }
        let ours = try WebVTTParser.parse(bytes: testCase.input()).cues.map {
            WebvttPy.Cue(
                id: $0.identifier ?? "", startMilliseconds: $0.start.roundedMilliseconds,
                endMilliseconds: $0.end.roundedMilliseconds, text: $0.text.plainText
            )
        }
        #expect(ours == theirs ?? [])
    }
}

/// Reading a file with webvtt-py (`python3 -c 'import webvtt'`).
enum WebvttPy {
    struct Cue: Codable, Equatable {
        var id: String
        var startMilliseconds: Int64
        var endMilliseconds: Int64
        var text: String

        private enum CodingKeys: String, CodingKey {
            case id, text, startMilliseconds = "start_ms", endMilliseconds = "end_ms"
        }
    }

    /// Whether to run: webvtt-py importable, or interop required (CI), where its absence fails.
    static let shouldRun: Bool = ExternalTool.interopRequired
        || (try? ExternalTool.run("python3", ["-c", "import webvtt"]))?.status == 0

    private static let script = """
    import json, sys, webvtt
    def ms(text):
        parts = [float(p) for p in text.split(":")]
        seconds = sum(value * 60 ** (len(parts) - 1 - i) for i, value in enumerate(parts))
        return round(seconds * 1000)
    try:
        captions = webvtt.read(sys.argv[1]).captions
    except Exception as error:
        print(json.dumps(None)); sys.exit(0)
    print(json.dumps([{"id": c.identifier or "", "start_ms": ms(c.start), "end_ms": ms(c.end), "text": c.raw_text}
                      for c in captions]))
    """

    /// webvtt-py's cues, or nil when it refuses the file.
    static func read(_ url: URL) throws -> [Cue]? {
        let output = try ExternalTool.run("python3", ["-c", script, url.path])
        try #require(output.status == 0, "webvtt-py failed: \(output.stderr)")
        return try JSONDecoder().decode([Cue]?.self, from: Data(output.stdout.utf8))
    }

    /// Why webvtt-py's reading is not what the suite expects (cue count, ids, text, times), or
    /// nil when it is. A file webvtt-py refuses agrees with a suite that expects no cues.
    static func disagreement(_ cues: [Cue]?, with testCase: WPTWebVTTSuite.FileCase) -> String? {
        let cues = cues ?? []
        for assertion in testCase.assertions {
            guard case let expected? = assertion.equals, let actual = value(assertion.path, in: cues) else { continue }
            if actual != expected { return "\(assertion.path) is \(actual), not \(expected)" }
        }
        return nil
    }

    private static func value(_ path: String, in cues: [Cue]) -> WPTWebVTTSuite.Value? {
        if path == "cues.length" { return .number(Double(cues.count)) }
        let parts = path.split(whereSeparator: { "[].".contains($0) })
        guard parts.count == 3, parts[0] == "cues", let index = Int(parts[1]) else { return nil }
        guard cues.indices.contains(index) else { return .null }
        let cue = cues[index]
        switch parts[2] {
        case "id": return .string(cue.id)
        case "text": return .string(cue.text)
        case "startTime": return .number(Double(cue.startMilliseconds) / 1_000)
        case "endTime": return .number(Double(cue.endMilliseconds) / 1_000)
        default: return nil
        }
    }
}
