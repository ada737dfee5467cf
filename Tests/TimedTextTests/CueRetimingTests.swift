import Conversion
import ISOBMFF
import Testing
import TimedText

/// `CueRetiming`: `(t − origin) × from/to + offset`, exact to the microsecond. Expected values
/// are worked out here from the rates as fractions, not taken from the code under test.
@Suite struct CueRetimingTests {
    static let film = FrameRateRatio(parsing: "24000/1001")!
    static let pal = FrameRateRatio(parsing: "25")!

    @Test func ratesReadAsExactFractions() {
        #expect(FrameRateRatio(parsing: "23.976") == Self.film)
        #expect(FrameRateRatio(parsing: "29.97") == FrameRateRatio(numerator: 30000, denominator: 1001))
        #expect(FrameRateRatio(parsing: "59.94")?.description == "60000/1001")
        #expect(FrameRateRatio(parsing: "50/2") == Self.pal)
        for bad in ["", "0", "23.9", "25/0", "-25", "a/b", "1/2/3", "99999999"] {
            #expect(FrameRateRatio(parsing: bad) == nil, "\(bad)")
        }
        let change = FrameRateChange(parsing: "23.976:25")
        #expect(change == FrameRateChange(from: Self.film, to: Self.pal))
        // 24000/1001 ÷ 25 = 24000/25025 = 960/1001.
        #expect(change?.scale.multiplier == 960 && change?.scale.divisor == 1001)
        for bad in ["25", "25:", ":25", "25:24:30", "0:25"] {
            #expect(FrameRateChange(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func palSpeedUpScalesByTheExactRatio() {
        // 1001 s of 24000/1001 video is 24000 frames, which at 25 fps play in 960 s.
        let speedUp = CueRetiming(rateChange: FrameRateChange(from: Self.film, to: Self.pal))
        #expect(speedUp.time(.seconds(1001)) == .seconds(960))
        // 1 s × 24000/25025 = 0.959040959… s: one rounding, to the nearest microsecond.
        #expect(speedUp.time(.seconds(1)) == SubtitleTime(microseconds: 959_041))
        // Two hours in, still exact: 7200 s × 24000/25025 = 6905.094905094905… s.
        #expect(speedUp.time(.seconds(7200)) == SubtitleTime(microseconds: 6_905_094_905))
    }

    @Test func filmToPALAndBackIsTheIdentity() {
        let there = CueRetiming(rateChange: FrameRateChange(from: Self.film, to: Self.pal))
        let back = CueRetiming(rateChange: FrameRateChange(from: Self.pal, to: Self.film))
        // Multiples of 1001 µs scale to whole microseconds, so the round trip is exact.
        for step in stride(from: Int64(0), through: 7_200_000, by: 123_457) {
            let time = SubtitleTime(microseconds: step * 1001)
            #expect(back.time(there.time(time)) == time)
        }
        // Any millisecond time comes back within a microsecond (two roundings of half a
        // microsecond, the second scaled by 25025/24000).
        for milliseconds in stride(from: Int64(0), through: 10_800_000, by: 97_331) {
            let time = SubtitleTime.milliseconds(milliseconds)
            #expect(abs(back.time(there.time(time)).microseconds - time.microseconds) <= 1)
            #expect(back.time(there.time(time)).roundedMilliseconds == milliseconds)
        }
    }

    @Test func originThenRateThenOffset() {
        let retiming = CueRetiming(origin: .seconds(36_000), rateChange: FrameRateChange(from: Self.pal, to: Self.film), offset: .milliseconds(-1000))
        // (10:00:25 − 10:00:00) = 25 s; × 25025/24000 = 26.067708333… s; − 1 s.
        #expect(retiming.time(SubtitleTime(hours: 10, minutes: 0, seconds: 25)) == SubtitleTime(microseconds: 25_067_708))
        #expect(CueRetiming().isIdentity)
        #expect(CueRetiming(rateChange: FrameRateChange(from: Self.pal, to: FrameRateRatio(parsing: "50/2")!)).isIdentity)
    }

    @Test func cuesBeforeZeroAreCutOrLeftOutAndNamed() {
        let cues = [
            Cue(start: .milliseconds(1000), end: .milliseconds(1500), text: "Gone"),
            Cue(start: .milliseconds(1500), end: .milliseconds(3000), text: "Cut"),
            Cue(start: .milliseconds(3000), end: .milliseconds(4000), text: "Moved"),
            Cue(start: .milliseconds(3500), end: Cue.openEnd, text: "Open"),
        ]
        let retimed = CueRetiming(offset: .milliseconds(-2000)).retimed(cues)
        #expect(retimed.cues.map(\.text.plainText) == ["Cut", "Moved", "Open"])
        #expect(retimed.cues.map(\.start) == [.zero, .milliseconds(1000), .milliseconds(1500)])
        #expect(retimed.cues.map(\.end) == [.milliseconds(1000), .milliseconds(2000), Cue.openEnd])
        #expect(retimed.losses.map(\.kind) == [.beforeStart, .cutAtStart])
        #expect(retimed.losses.map(\.numbers) == [[1], [2]])
        #expect(retimed.losses.allSatisfy { !$0.summary.contains("--") }, "\(retimed.losses.map(\.summary))")
    }

    @Test func karaokeTimestampsMoveWithTheirCue() {
        let text = CueText(runs: [StyledRun("Hel"), StyledRun("lo", timestamp: .milliseconds(10_500))])
        let cue = Cue(start: .milliseconds(10_000), end: .milliseconds(11_000), text: text)
        let moved = CueRetiming(offset: .milliseconds(-9_000)).retimed([cue]).cues
        #expect(moved.first?.text.runs.last?.timestamp == .milliseconds(1_500))
    }

    @Test func sccBurstsStayOnTheirGrid() {
        // 10:00:00;00 drop-frame is frame 1,078,920 (SMPTE ST 12-1: 108,000 per hour less 18
        // dropped a minute in 54 of every 60 minutes: 108,000 − 1,080 = 107,892).
        let origin = TimecodeOrigin.automatic.sccFrame(isDropFrame: true, firstFrame: 1_078_930)
        #expect(origin == 1_078_920)
        #expect(TimecodeOrigin(parsing: "10:00:00:00")?.sccFrame(isDropFrame: true, firstFrame: nil) == 1_078_920)
        // A non-drop-frame file labelled from 10:00:00:00 counts from there (frame 1,080,000)…
        #expect(TimecodeOrigin.automatic.sccFrame(isDropFrame: false, firstFrame: 1_080_010) == 1_080_000)
        // …but one a converter labelled from 10 clock hours in (09:59:24:09, frame 1,078,929)
        // counts from the frame nearest 36,000 s: 36,000 × 30,000/1,001 = 1,078,921.08.
        #expect(TimecodeOrigin.automatic.sccFrame(isDropFrame: false, firstFrame: 1_078_929) == 1_078_921)
        #expect(TimecodeOrigin(parsing: "10:00:00:00")?.sccFrame(isDropFrame: false, firstFrame: nil) == 1_080_000)
        let pair = CEA608BytePair(0x94, 0x2c)
        let bursts = [CEA608Burst(frame: 1_078_900, pairs: [pair]), CEA608Burst(frame: 1_078_930, pairs: [pair]),
                      CEA608Burst(frame: 1_078_975, pairs: [pair])]
        let retiming = CueRetiming(origin: CEA608FrameRate.ntsc.time(ofFrame: origin))
        let retimed = retiming.retimed(bursts, frameRate: .ntsc)
        #expect(retimed.bursts.map(\.frame) == [10, 55])
        #expect(retimed.losses.map(\.numbers) == [[1]])
        #expect(retimed.losses.first?.subject == .captionBurst)
        // Halving the time squeezes lines 1 frame apart onto one frame: the second goes next.
        let squeezed = CueRetiming(rateChange: FrameRateChange(from: FrameRateRatio(parsing: "30")!, to: FrameRateRatio(parsing: "60")!))
            .retimed([CEA608Burst(frame: 10, pairs: [pair]), CEA608Burst(frame: 11, pairs: [pair])], frameRate: .ntsc)
        #expect(squeezed.bursts.map(\.frame) == [5, 6])
    }

    @Test func timecodeOriginsRead() {
        #expect(TimecodeOrigin(parsing: "auto") == .automatic)
        #expect(TimecodeOrigin(parsing: "10:00:00:12") == .label(hours: 10, minutes: 0, seconds: 0, frames: 12, isDropFrame: false))
        #expect(TimecodeOrigin(parsing: "01:00:00;02") == .label(hours: 1, minutes: 0, seconds: 0, frames: 2, isDropFrame: true))
        #expect(TimecodeOrigin(parsing: "1:00:00.500") == .time(SubtitleTime(hours: 1, minutes: 0, seconds: 0, microseconds: 500_000)))
        for bad in ["", "10:00:00", "10:60:00:00", "10:00:00.5", "100:00:00:00", "aa:00:00:00", "10:00:00:0", "10:00:00:60"] {
            #expect(TimecodeOrigin(parsing: bad) == nil, "\(bad)")
        }
        // 12 frames of 25 fps are 480 ms; `automatic` takes the first cue's whole hours.
        #expect(TimecodeOrigin(parsing: "10:00:00:12")?.time(frameRate: FrameRateRatio(parsing: "25")!, firstCue: nil)
            == SubtitleTime(hours: 10, minutes: 0, seconds: 0, microseconds: 480_000))
        #expect(TimecodeOrigin.automatic.time(frameRate: .thirty, firstCue: SubtitleTime(hours: 10, minutes: 59, seconds: 59)) == .seconds(36_000))
    }

    @Test func anOriginIsSuspectedOnlyWithEvidence() throws {
        #expect(TimecodeOrigin.evidence(firstStart: .seconds(2), timeBase: "smpte", movieEnd: nil) != nil)
        #expect(TimecodeOrigin.evidence(firstStart: .seconds(36_000), timeBase: nil, movieEnd: .seconds(4)) != nil)
        #expect(TimecodeOrigin.evidence(firstStart: .seconds(36_000), timeBase: nil, movieEnd: nil) == nil)
        #expect(TimecodeOrigin.evidence(firstStart: .seconds(3_700), timeBase: nil, movieEnd: .seconds(7_200)) == nil)
        #expect(TimecodeOrigin.evidence(firstStart: .seconds(2), timeBase: nil, movieEnd: .seconds(4)) == nil)
        let ttml = """
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:timeBase="smpte" ttp:frameRate="25">
        <body><div><p begin="10:00:00:12" end="10:00:01:00">First</p></div></body></tt>
        """
        let document = try TTMLParser.parse(string: ttml)
        #expect(document.timeBase == "smpte")
        #expect(document.cues.first?.start == SubtitleTime(hours: 10, minutes: 0, seconds: 0, microseconds: 480_000))
    }
}
