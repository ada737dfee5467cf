import Testing
@testable import TimedText

/// The TTML timing and presentation model, one tiny document per rule. Expected values come
/// from the section of TTML1 3rd Edition (W3C Recommendation 2018) cited on each test.
@Suite("TTML timing model")
struct TTMLTimingModelTests {
    private func parse(_ body: String, head: String = "") throws -> SubtitleDocument {
        try TTMLParser.parse(string: """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">\
            <head>\(head)</head><body>\(body)</body></tt>
            """)
    }

    /// §10.2 and §10.4: a span is presented only in its own interval, inside its paragraph's.
    @Test func spanTimingSplitsTheParagraph() throws {
        let document = try parse(#"<div><p begin="0s" end="4s">A <span begin="1s" end="2s">B</span></p></div>"#)
        #expect(summary(document.cues) == ["0-1000 A", "1000-2000 A B", "2000-4000 A"])
        #expect(document.warnings.isEmpty)
    }

    /// §10.4: a paragraph without timing of its own is a parallel container whose implicit
    /// duration ends with its last child, so it shows while its spans do.
    @Test func paragraphTimedOnlyThroughItsSpans() throws {
        let document = try parse(#"<div><p><span begin="1s" end="2s">X</span> <span begin="2s" end="3s">Y</span></p></div>"#)
        #expect(summary(document.cues) == ["1000-2000 X", "2000-3000 Y"])
        #expect(document.warnings.isEmpty)
    }

    /// §10.4: text with no end anywhere has an indefinite interval: it shows until the
    /// document ends, the end the caller gives.
    @Test func noEndAnywhereShowsUntilTheDocumentEnds() throws {
        let document = try parse(#"<div><p begin="1s">Z</p></div>"#)
        let cue = try #require(document.cues.first)
        #expect(document.cues.count == 1)
        #expect(cue.start == ms(1_000))
        #expect(cue.hasOpenEnd)
        #expect(document.warnings.isEmpty)
    }

    /// §8.2.4 `tts:display="none"` on the element, through a referenced style, and switched on
    /// for a while by `set` (§11.1): the element is not presented then.
    @Test func displayNoneHidesTheElement() throws {
        let head = #"<styling><style xml:id="gone" tts:display="none"/></styling>"#
        let document = try parse("""
            <div><p begin="0s" end="3s" tts:display="none">direct</p>\
            <p begin="0s" end="3s" style="gone">styled</p>\
            <p begin="0s" end="3s">toggled<set begin="1s" end="2s" tts:display="none"/></p>\
            <p begin="0s" end="3s">kept <span tts:display="none">not this</span></p></div>
            """, head: head)
        #expect(summary(document.cues) == ["0-1000 toggled", "2000-3000 toggled", "0-3000 kept"])
    }

    /// §10.2.4 `timeContainer="seq"` and §10.4: each child begins when the previous one ends,
    /// and an anonymous span directly in a sequential container lasts zero.
    @Test func sequentialContainers() throws {
        let document = try parse("""
            <div timeContainer="seq"><p dur="1s">A</p><p begin="1s" dur="2s">B</p></div>\
            <div begin="10s"><p timeContainer="seq">never<span dur="1s">a</span><span dur="1s">b</span></p></div>
            """)
        #expect(summary(document.cues) == ["0-1000 A", "2000-4000 B", "10000-11000 a", "11000-12000 b"])
    }

    /// §10.4: an element is cut at its parent's end, so one that begins after it is never
    /// presented (and is no error).
    @Test func elementBeginningAfterItsParentEndsIsNeverShown() throws {
        let document = try parse(#"<div begin="0s" end="2s"><p begin="3s" end="4s">never</p><p begin="1s" end="5s">cut</p></div>"#)
        #expect(summary(document.cues) == ["1000-2000 cut"])
        #expect(document.warnings.isEmpty)
        // One whose own end is not after its begin is a slip in the document, and said so.
        let slip = try parse(#"<div><p begin="3s" end="2s">backwards</p></div>"#)
        #expect(slip.cues.isEmpty)
        #expect(slip.warnings.map(\.message).contains("<p> ends at or before its begin; never shown"))
    }

    /// §9.1.2: content is presented in a region only while the region is active.
    @Test func regionTiming() throws {
        let head = #"<layout><region xml:id="r" begin="1s" end="2s"/></layout>"#
        let document = try parse(#"<div><p region="r" begin="0s" end="3s">boxed</p></div>"#, head: head)
        #expect(summary(document.cues) == ["1000-2000 boxed"])
    }

    /// §8.2.22 `tts:visibility="hidden"`: the text is not shown; the property is inherited,
    /// and a descendant may make itself visible again.
    @Test func visibilityHiddenText() throws {
        let document = try parse("""
            <div><p begin="0s" end="1s">Shown <span tts:visibility="hidden">secret \
            <span tts:visibility="visible">again</span></span></p>\
            <p begin="1s" end="2s" tts:visibility="hidden">all hidden</p></div>
            """)
        #expect(summary(document.cues) == ["0-1000 Shown again"])
    }

    /// §11.1: a `set` with no end holds until its parent ends, and a `set` on a container
    /// applies to the paragraphs inside.
    @Test func animationOnAContainer() throws {
        let document = try parse(#"<div><set begin="2s" tts:display="none"/><p begin="0s" end="3s">fades</p></div>"#)
        #expect(summary(document.cues) == ["0-2000 fades"])
    }

    /// TTML1 §9.3 ([associate region]): a span naming another region than its paragraph's is
    /// not presented in it; a paragraph naming none is presented, with only the content that
    /// names it, in each region its spans name.
    @Test func regionAssociation() throws {
        let head = #"<layout><region xml:id="top" tts:origin="0% 0%"/><region xml:id="low" tts:origin="0% 80%"/></layout>"#
        let document = try parse("""
            <div><p begin="0s" end="1s" region="low">kept <span region="top">elsewhere</span></p>            <p begin="1s" end="2s">not in a region <span region="top">up</span> <span region="low">down</span></p></div>
            """, head: head)
        #expect(summary(document.cues) == ["0-1000 kept", "1000-2000 up", "1000-2000 down"])
    }

    /// TTML2 §10.2.35: the character content directly in a ruby container, base container or text
    /// container (white space between their spans) is not presented; ruby shows inline.
    @Test func rubyContainersHoldNoText() throws {
        let document = try parse("""
            <div><p begin="0s" end="1s"><span tts:ruby="container">
              <span tts:ruby="base">漢字</span>
              <span tts:ruby="text">かんじ</span>
            </span></p></div>
            """)
        #expect(summary(document.cues) == ["0-1000 漢字かんじ"])
    }

    /// A hostile document whose timing would have each paragraph presented at thousands of
    /// instants stops with a clear error instead of working for minutes.
    @Test func timingTooComplexStops() {
        let spans = (0..<6_000).map { #"<span begin="\#($0)s" end="\#($0 + 1)s">w</span>"# }.joined()
        #expect(throws: SubtitleParseError(.timingTooComplex(limit: 20_000_000), line: 1)) {
            try parse("<div><p>\(spans)</p></div>")
        }
        // Animations on a container cost at every instant of the paragraphs inside.
        let sets = (0..<5_000).map { #"<set begin="\#($0)s" dur="1s" tts:color="red"/>"# }.joined()
        #expect(throws: SubtitleParseError(.timingTooComplex(limit: 20_000_000), line: 1)) {
            try parse(#"<div>\#(sets)<p end="5000s">w</p></div>"#)
        }
        let karaoke = (0..<300).map { #"<span begin="\#($0)s">w\#($0) </span>"# }.joined()
        #expect((try? parse(#"<div><p end="301s">\#(karaoke)</p></div>"#))?.cues.count == 300)
    }
}
