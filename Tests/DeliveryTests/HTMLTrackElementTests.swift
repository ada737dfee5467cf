import Delivery
import LegibleTestSupport
import Movie
import Testing

/// HTML Living Standard §4.8.11 (the track element) and §13.1.2.3 (attribute values).
struct HTMLTrackElementTests {
    static func elements(_ name: String, movieName: String = "movie") throws -> [HTMLTrackElement] {
        try HTMLPackage(movie: Movie.open(path: TestPaths.testMedia.appendingPathComponent(name).path), movieName: movieName).elements
    }

    /// SDH is "captions" (dialogue plus sound effects and music), forced-only stays "subtitles".
    @Test func kindsLabelsAndDefault() throws {
        let elements = try Self.elements("subtitles-multi.mp4")
        #expect(elements.map(\.html) == [
            #"<track kind="subtitles" srclang="en" label="English" src="movie.3.en.vtt" default>"#,
            #"<track kind="captions" srclang="en" label="English SDH" src="movie.4.en.vtt">"#,
            #"<track kind="subtitles" srclang="fr" label="French (Forced)" src="movie.5.fr.vtt">"#,
        ])
    }

    /// A name with markup characters stays inside its attribute; a file name with a space is a
    /// valid URL (RFC 3986 percent-encoding).
    @Test func attributesAreEscaped() throws {
        let elements = try Self.elements("demo.mov", movieName: "Tom & \"Jerry\" <1>")
        #expect(elements.first?.source == "Tom%20%26%20%22Jerry%22%20%3C1%3E.4.es.vtt")
        var element = try #require(elements.first)
        element.label = "Q&A \"live\" <b>"
        #expect(element.html.contains(#"label="Q&amp;A &quot;live&quot; &lt;b&gt;""#))
    }

    /// A combining mark after a quotation mark makes one `Character`, but an HTML parser reads the
    /// `"` and ends the attribute: escaping goes by Unicode scalar, so the label cannot add an
    /// attribute (HTML §13.2.5.36, attribute value (double-quoted) state).
    @Test func aQuoteWithACombiningMarkIsEscaped() throws {
        var element = try #require(try Self.elements("demo.mov").first)
        element.label = "x\"\u{0301} onerror=alert(1) '\u{0301}<\u{0338}"
        let html = element.html
        // kind, srclang, label and src: two quotation marks each, none from the label.
        #expect(html.unicodeScalars.filter { $0 == "\"" }.count == 8, "\(html)")
        #expect(html.contains("x&quot;\u{0301} onerror=alert(1) &#39;\u{0301}&lt;\u{0338}"), "\(html)")
    }

    @Test func atMostOneDefault() throws {
        for name in ["demo.mov", "subtitles-multi.mp4", "rules/select-sdh.mov", "rules/select-forced.mov", "rules/check-two-enabled.mov"] {
            #expect(try Self.elements(name).filter(\.isDefault).count <= 1, "\(name)")
        }
    }
}
