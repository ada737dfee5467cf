import ArgumentParser
import Conversion
import ISOBMFF
import Movie
import TimedText

/// `--timecode-origin`, `--fps` and `--offset`: cue times fixed on the way in, for a file made
/// for another cut, frame rate or broadcast timecode. The library does the arithmetic
/// (`CueRetiming`); this group reads the options, says when a file looks timed from a timecode
/// origin, and reports what it applied.
struct RetimingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Subtract the source's timecode origin first: HH:MM:SS:FF (;FF drop-frame), HH:MM:SS.mmm, or auto (the first cue's whole hours, as 10:00:00:00 for a broadcast file; for SCC the later of its first label's hour and its first clock hour). Without it a file that looks timed from an origin (TTML ttp:timeBase=\"smpte\", a first cue an hour or more in and past the movie's end) is named in a warning.",
                               valueName: "timecode|auto"))
    var timecodeOrigin: TimecodeOrigin?

    @Option(help: ArgumentHelp("Then scale times by FROM/TO, for cues timed to another frame rate: 25:24000/1001 undoes a PAL speed-up. Rates: whole numbers, N/D, or 23.976, 29.97, 59.94 (exactly 24000/1001, 30000/1001, 60000/1001).",
                               valueName: "from:to"), transform: Self.rateChange)
    var fps: FrameRateChange?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Then add this to every time: ±SECONDS (-2.5) or ±HH:MM:SS.mmm; negative moves cues earlier. Cues that land before 0 are cut there, or left out when they end by then, and named.",
                               valueName: "±seconds"), transform: Self.offset)
    var offset: SubtitleTime?

    /// Help text for the commands' discussions: the order and an example each; `pastEnd` when
    /// the command holds cues to a movie's end.
    static func discussion(pastEnd: Bool) -> String {
        """
        Timing on the way in: --timecode-origin is subtracted first, then --fps FROM:TO scales \
        by FROM/TO, then --offset is added. Cues landing before 0 are cut there, or left out \
        when they end by then, and named\(pastEnd ? "; past the movie's end --past-end decides" : ""). Examples:
          --offset -1.5                 every cue 1.5 s earlier
          --offset 00:01:00.000         every cue a minute later
          --fps 25:24000/1001           a PAL (25 fps) file on a 23.976 cut
          --timecode-origin auto        a broadcast file from 10:00:00:00
          --timecode-origin 01:00:00:00 --offset 5
        """
    }

    /// The retiming for a source whose first cue is at `firstStart`; labels' frames count
    /// `--fps`'s FROM rate, else 30 (TTML's default `ttp:frameRate`).
    func retiming(firstStart: SubtitleTime?) -> CueRetiming {
        let origin = timecodeOrigin?.time(frameRate: fps?.from ?? .thirty, firstCue: firstStart) ?? .zero
        return CueRetiming(origin: origin, rateChange: fps, offset: offset ?? .zero)
    }

    /// The document's cues retimed, with the losses at 0; warns (unless `quiet`) when the file
    /// looks timed from a timecode origin and none was given.
    func retimed(_ document: SubtitleDocument, file: String, movieEnd: SubtitleTime?, quiet: Bool) -> (document: SubtitleDocument, losses: [ConversionLoss], retiming: CueRetiming) {
        let firstStart = document.cues.map(\.start).min()
        let automatic = TimecodeOrigin.automatic.time(frameRate: .thirty, firstCue: firstStart)
        warnOfOrigin(TimecodeOrigin.evidence(firstStart: firstStart, timeBase: document.timeBase, movieEnd: movieEnd),
                     automatic: "\(automatic)", subtractsNothing: automatic == .zero, file: file, quiet: quiet)
        let retiming = retiming(firstStart: firstStart)
        let retimed = retiming.retimed(document.cues)
        var document = document
        document.cues = retimed.cues
        return (document, retimed.losses, retiming)
    }

    /// The SCC file's bursts retimed on its 29.97 grid; a label origin counts as the file does
    /// (drop-frame or not). Warns as the cue form does.
    func retimed(_ scc: SCCDocument, file: String, movieEnd: SubtitleTime?, quiet: Bool) -> (document: SCCDocument, losses: [ConversionLoss], retiming: CueRetiming) {
        let firstFrame = scc.bursts.first?.frame
        let firstStart = firstFrame.map(CEA608FrameRate.ntsc.time(ofFrame:))
        let automatic = TimecodeOrigin.automatic.sccFrame(isDropFrame: scc.isDropFrame, firstFrame: firstFrame)
        warnOfOrigin(TimecodeOrigin.evidence(firstStart: firstStart, timeBase: nil, movieEnd: movieEnd),
                     automatic: "\(SCCTimecode(frame: automatic, isDropFrame: scc.isDropFrame)) (\(CEA608FrameRate.ntsc.time(ofFrame: automatic)))",
                     subtractsNothing: automatic == 0, file: file, quiet: quiet)
        let originFrame = timecodeOrigin?.sccFrame(isDropFrame: scc.isDropFrame, firstFrame: firstFrame) ?? 0
        let retiming = CueRetiming(origin: CEA608FrameRate.ntsc.time(ofFrame: originFrame), rateChange: fps, offset: offset ?? .zero)
        let retimed = retiming.retimed(scc.bursts, frameRate: .ntsc)
        return (SCCDocument(bursts: retimed.bursts, isDropFrame: scc.isDropFrame), retimed.losses, retiming)
    }

    /// The warning that a file looks timed from an origin nobody subtracted, or the note that
    /// `auto` found none to subtract.
    private func warnOfOrigin(_ evidence: String?, automatic: String, subtractsNothing: Bool, file: String, quiet: Bool) {
        guard !quiet else { return }
        if timecodeOrigin == .automatic, subtractsNothing {
            printNote("\(file): --timecode-origin auto: the first cue is within the first hour; nothing is subtracted")
        }
        guard let evidence, timecodeOrigin == nil else { return }
        printWarning("\(file): it looks timed from a timecode origin: \(evidence); --timecode-origin auto subtracts \(automatic) and moves it to 0")
    }

    /// Where a movie ends, for the origin's detection; nil when it declares no duration.
    static func movieEnd(of movie: Movie) -> SubtitleTime? {
        guard let seconds = movie.durationSeconds, seconds > 0, seconds < 1e9 else { return nil }
        return SubtitleTime(microseconds: Int64((seconds * 1e6).rounded()))
    }

    /// What was applied to `file`, for `--json`: seconds subtracted, the rates, seconds added.
    static func json(_ retiming: CueRetiming, file: String) -> JSONValue {
        .object([
            ("file", .string(file)),
            ("origin", .seconds(Double(retiming.origin.microseconds) / 1e6)),
            ("fps", .string(retiming.rateChange?.description)),
            ("offset", .seconds(Double(retiming.offset.microseconds) / 1e6)),
        ])
    }

    private static func rateChange(_ text: String) throws -> FrameRateChange {
        guard let change = FrameRateChange(parsing: text) else {
            throw ValidationError("--fps \(text): give FROM:TO, each a whole number, N/D or 23.976, 29.97, 59.94 (25:24000/1001)")
        }
        return change
    }

    static func offset(_ text: String) throws -> SubtitleTime {
        guard let time = signedTime(text) else {
            throw ValidationError("--offset \(text): give ±SECONDS (-2.5, at most 6 decimals) or ±HH:MM:SS.mmm")
        }
        return time
    }

    /// `-2.5`, `+10`, `-00:01:02.500`.
    private static func signedTime(_ text: String) -> SubtitleTime? {
        var body = Substring(text)
        let sign: Int64 = body.first == "-" ? -1 : 1
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        if body.contains(":") {
            guard case let .time(time)? = TimecodeOrigin(parsing: String(body)) else { return nil }
            return SubtitleTime(microseconds: sign * time.microseconds)
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 9, whole.allSatisfy(\.isASCIIDigit),
              let seconds = Int64(whole) else { return nil }
        var microseconds = seconds * 1_000_000
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 6, fraction.allSatisfy(\.isASCIIDigit), let digits = Int64(fraction) else { return nil }
            microseconds += digits * (fraction.count..<6).reduce(1) { scale, _ in scale * 10 }
        }
        return SubtitleTime(microseconds: sign * microseconds)
    }
}

extension TimecodeOrigin: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
