import Testing
@testable import TimedText

/// What forced-only display shows (W3C IMSC 1.0.1, `itts:forcedDisplay`: in
/// `displayForcedOnlyMode` content whose `itts:forcedDisplay` is `false` is hidden), read from
/// forced-display.ttml, whose comment says which cues and spans it marks forced.
@Suite struct ForcedDisplayTests {
    @Test func theMarkedCuesOfAHandWrittenIMSCFile() throws {
        let cues = try TTMLParser.parse(bytes: fixture("forced-display.ttml")).cues
        try #require(cues.count == 6)
        #expect(ForcedDisplay.marksAny(cues))
        let shown = ForcedDisplay.shown(cues)
        #expect(shown.map(\.text.plainText) == ["¿Dónde está la estación?", "SALIDA", "PELIGRO", "Hasta luego."])
        #expect(shown.map(\.start) == [ms(900), ms(1_500), ms(2_100), ms(2_600)])
        #expect(shown.map(\.end) == [ms(1_400), ms(2_000), ms(2_500), ms(3_000)])
        #expect(shown.allSatisfy { $0.isForced })
        // The span's cue is forced as a whole now: no span is left marked on its own.
        #expect(shown.allSatisfy { $0.text.runs.allSatisfy { !$0.style.isForced } })
    }

    @Test func nothingMarkedShowsNothing() {
        let cues = [Cue(start: ms(0), end: ms(1_000), text: "Hola")]
        #expect(!ForcedDisplay.marksAny(cues))
        #expect(ForcedDisplay.shown(cues).isEmpty)
    }

    /// The hidden text between two forced spans still takes its room: a space, or a line break
    /// when it held one; white space at the edges goes.
    @Test(arguments: [
        ([("Dice ", false), ("ALTO", true), (" y ", false), ("SIGA", true)], "ALTO SIGA"),
        ([("ALTO", true), (" a\nb ", false), ("SIGA", true), (" fin", false)], "ALTO\nSIGA"),
        ([(" ALTO ", true), ("x", false), (" SIGA", true)], "ALTO  SIGA"),
        ([("nada", false)], nil),
        ([("  ", true), ("nada", false)], nil),
    ] as [([(String, Bool)], String?)])
    func forcedSpansAlone(runs: [(String, Bool)], shown: String?) {
        let text = CueText(runs: runs.map { StyledRun($0.0, style: TextStyle(isForced: $0.1)) })
        let cue = Cue(start: ms(0), end: ms(1_000), text: text)
        #expect(ForcedDisplay.shown(of: cue)?.text.plainText == shown)
        #expect(ForcedDisplay.marksAny([cue]) == runs.contains { $0.1 })
    }
}
