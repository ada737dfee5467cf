import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// The W3C IMSC test suite (w3c/imsc-tests, text-profile documents kept in
/// TestMedia/imsc-tests by Scripts/refresh-imsc-tests): each document must show what the TTML
/// timing and presentation model shows, as ttconv's intermediate synchronic documents give it
/// (TestMedia/imsc-tests/ttconv-expected.json, from Scripts/imsc-expectations).
///
/// No document needs the specification to overrule ttconv 1.2.3. Ruby, where they were thought
/// to differ, ttconv presents inline (base then text, as Legible does) and, as TTML2 §10.2.35
/// says, without the character content directly in ruby, base and text containers (the white
/// space between their spans); the reader follows the specification there, and so agrees.
@Suite("IMSC conformance")
struct IMSCConformanceTests {
    @Test func theSuiteIsThere() {
        // An empty or truncated copy would make the parameterised test below pass on nothing.
        #expect(IMSCSuite.documents.count == 314)
    }

    @Test(arguments: IMSCSuite.documents)
    func documentShowsWhatTheModelShows(_ document: IMSCSuite.Document) throws {
        let parsed = try TTMLParser.parse(bytes: [UInt8](Data(contentsOf: document.url)))
        #expect(IMSCSuite.shown(parsed.cues) == document.ttconv)
    }

    /// ttconv run now, beside the stored expectations: Legible and ttconv agree on every
    /// document, and the stored file is what the installed ttconv gives.
    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func differentialAgainstLiveTTConv() throws {
        let probe = try ExternalTool.run("python3", ["-c", "import ttconv"])
        if probe.status != 0 {
            guard ExternalTool.interopRequired else {
                try Test.cancel("skipped: ttconv is not installed (LEGIBLE_REQUIRE_INTEROP=1 makes this a failure)")
            }
            Issue.record("LEGIBLE_REQUIRE_INTEROP=1: ttconv is not installed (Scripts/bootstrap installs it): \(probe.stderr)")
            return
        }
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/imsc-expectations").path
        let paths = IMSCSuite.documents.map(\.url.path)
        let output = try ExternalTool.run("python3", [script, "--root", IMSCSuite.root.path] + paths, timeout: .seconds(600))
        try #require(output.status == 0, "\(output.stderr)")
        let live = try IMSCSuite.decode(output.stdoutData)
        #expect(live.count == paths.count)
        var disagreements: [String] = []
        for document in IMSCSuite.documents {
            let parsed = try TTMLParser.parse(bytes: [UInt8](Data(contentsOf: document.url)))
            guard let ttconv = live[document.name] else {
                disagreements.append("\(document.name): ttconv gave nothing")
                continue
            }
            #expect(ttconv == document.ttconv, "stored expectation of \(document.name) is stale: rerun Scripts/refresh-imsc-tests")
            if IMSCSuite.shown(parsed.cues) != ttconv {
                disagreements.append(document.name)
            }
        }
        #expect(disagreements.isEmpty, "Legible and ttconv disagree on: \(disagreements.joined(separator: ", "))")
    }
}
