import Foundation
import LegibleTestSupport
import Testing
import XML

/// HTML's character references as WebVTT cue text reads them (WHATWG HTML §13.2.5.72–80).
@Suite struct HTMLCharacterReferenceTests {
    private static func read(_ text: String) -> (value: String?, rest: String) {
        var scanner = ScalarScanner(text)
        let value = HTMLCharacterReference.read(&scanner)
        return (value, scanner.remainder)
    }

    /// Every name in HTML's list reads as its characters, with Python's copy of WHATWG's
    /// entities.json (`html.entities.html5`) as the reference.
    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func everyNamedReferenceReadsAsHTMLSays() throws {
        let output = try ExternalTool.run("python3", ["-c", "import html.entities, json; print(json.dumps(html.entities.html5))"])
        try #require(output.status == 0, "\(output.stderr)")
        let names = try JSONDecoder().decode([String: String].self, from: Data(output.stdout.utf8))
        #expect(names.count > 2_000)
        for (name, value) in names {
            let result = Self.read("&" + name)
            #expect(result.value == value && result.rest.isEmpty, "&\(name)")
        }
    }

    @Test func numericReferencesFollowHTMLsReplacements() {
        #expect(Self.read("&#233;x") == ("é", "x"))
        #expect(Self.read("&#xE9x") == ("é", "x"), "the semicolon is optional")
        #expect(Self.read("&#0;") == ("\u{FFFD}", ""))
        #expect(Self.read("&#x110000;") == ("\u{FFFD}", ""))
        #expect(Self.read("&#xD800;") == ("\u{FFFD}", ""))
        #expect(Self.read("&#x80;") == ("\u{20AC}", ""), "C1 code points are read as Windows-1252")
        #expect(Self.read("&#99999999999999999999;") == ("\u{FFFD}", ""))
        #expect(Self.read("&#;").value == nil)
        #expect(Self.read("&#x;").value == nil)
    }

    @Test func namedReferencesTakeTheLongestName() {
        #expect(Self.read("&notit;") == ("\u{AC}", "it;"), "`not` is a legacy name, `notit;` none")
        #expect(Self.read("&notin;") == ("\u{2209}", ""))
        #expect(Self.read("&amp") == ("&", ""))
        #expect(Self.read("&nsubE;") == ("\u{2AC5}\u{338}", ""), "two code points")
        #expect(Self.read("&copy") == ("\u{A9}", ""))
        #expect(Self.read("&unknown;").value == nil)
        #expect(Self.read("& ").value == nil)
        #expect(Self.read("&" + String(repeating: "a", count: 10_000)).value == nil)
    }

    /// The committed table is what Scripts/make-html-entities makes.
    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func generatedTableIsUpToDate() throws {
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/make-html-entities").path
        let result = try ExternalTool.run("python3", [script, "--check"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
