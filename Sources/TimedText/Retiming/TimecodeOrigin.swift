import ISOBMFF

/// The time a broadcast file counts from: its first programme frame is labelled 10:00:00:00 (or
/// 01:00:00:00), not 0, so its cues sit hours after the start of a file made from it.
public enum TimecodeOrigin: Sendable, Hashable {
    /// The whole hours of the first cue's time (`10:00:00:00` for a first cue at 10:00:05).
    case automatic
    /// A timecode label `HH:MM:SS:FF` (`;` before the frames: drop-frame, SMPTE ST 12-1).
    case label(hours: Int64, minutes: Int64, seconds: Int64, frames: Int64, isDropFrame: Bool)
    /// A clock time `HH:MM:SS.mmm`.
    case time(SubtitleTime)

    /// Reads `auto`, `HH:MM:SS:FF`, `HH:MM:SS;FF` (frames below 60) or `HH:MM:SS.mmm` (hours
    /// of one or two digits, three fraction digits); nil for anything else.
    public init?(parsing text: String) {
        if text == "auto" {
            self = .automatic
            return
        }
        let fields = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == ";" || $0 == "." }
        guard fields.count == 4, (1...2).contains(fields[0].count), fields[1].count == 2, fields[2].count == 2,
              fields.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) }),
              let hours = Int64(fields[0]), let minutes = Int64(fields[1]), let seconds = Int64(fields[2]),
              let last = Int64(fields[3]), minutes < 60, seconds < 60 else { return nil }
        let separator = text[text.index(text.startIndex, offsetBy: fields[0].count + 6)]
        if separator == "." {
            guard fields[3].count == 3 else { return nil }
            self = .time(SubtitleTime(hours: hours, minutes: minutes, seconds: seconds, microseconds: last * 1_000))
        } else {
            // 60 frames a second is the highest rate SMPTE ST 12-1 labels count.
            guard fields[3].count == 2, last < 60 else { return nil }
            self = .label(hours: hours, minutes: minutes, seconds: seconds, frames: last, isDropFrame: separator == ";")
        }
    }

    /// The origin as a time on a clock whose labels count `frameRate` frames a second (a label's
    /// frames are that many of a second; drop-frame labels are taken as clock time, as TTML's
    /// media time base reads them). `firstCue` is what `automatic` rounds down to the hour.
    public func time(frameRate: FrameRateRatio, firstCue: SubtitleTime?) -> SubtitleTime {
        switch self {
        case .automatic:
            let hour: Int64 = 3_600_000_000
            return SubtitleTime(microseconds: max(0, firstCue?.microseconds ?? 0) / hour * hour)
        case let .label(hours, minutes, seconds, frames, _):
            let fraction = roundedMultiplyDivide(frames * frameRate.denominator, 1_000_000, frameRate.numerator) ?? 0
            return SubtitleTime(hours: hours, minutes: minutes, seconds: seconds, microseconds: fraction)
        case let .time(time):
            return time
        }
    }

    /// The origin as an SCC file's frame: a label counted as the file counts (`isDropFrame`, its
    /// first line's), whatever separator it was given with, so `10:00:00:00` names the frame
    /// the file labels 10:00:00;00.
    ///
    /// `automatic` rounds `firstFrame` down to the hour as a label (a broadcast file's
    /// 10:00:00:00), unless the clock's hour is later by more than a second: then the file is a
    /// converter's, whose cues were 10 hours in and are labelled in non-drop-frame, which runs
    /// 36 s behind the clock by then (10:00:00.000 is 09:59:24:01). Drop-frame labels stay
    /// within a frame of the clock, so a file labelled 10:00:00;00 keeps its label's hour.
    public func sccFrame(isDropFrame: Bool, firstFrame: Int64?) -> Int64 {
        switch self {
        case .automatic:
            let firstFrame = max(0, firstFrame ?? 0)
            let first = SCCTimecode(frame: firstFrame, isDropFrame: isDropFrame).description
            let label = SCCTimecode(parsing: first.prefix(2) + (isDropFrame ? ":00:00;00" : ":00:00:00"))?.frame ?? 0
            let clockHour = time(frameRate: .ntsc, firstCue: CEA608FrameRate.ntsc.time(ofFrame: firstFrame))
            let clock = min(CEA608FrameRate.ntsc.frame(nearest: clockHour), firstFrame)
            return clock > label + 30 ? clock : label
        case let .label(hours, minutes, seconds, frames, _):
            func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let text = "\(two(hours)):\(two(minutes)):\(two(seconds))\(isDropFrame ? ";" : ":")\(two(frames))"
            return SCCTimecode(parsing: text)?.frame ?? CEA608FrameRate.ntsc.frame(nearest: time(frameRate: .ntsc, firstCue: nil))
        case let .time(time):
            return CEA608FrameRate.ntsc.frame(nearest: time)
        }
    }
}

extension FrameRateRatio {
    /// 30 frames a second: TTML's default `ttp:frameRate` (TTML1 §7.2.5) and the nominal rate
    /// of SMPTE timecode labels.
    public static let thirty = FrameRateRatio(numerator: 30, denominator: 1)!
    /// 30000/1001 frames a second, NTSC video and SCC.
    public static let ntsc = FrameRateRatio(numerator: 30000, denominator: 1001)!
}

extension TimecodeOrigin {
    /// Why a file looks timed from a timecode origin rather than from 0, or nil when it does
    /// not: it declares TTML's `smpte` time base (TTML1 §7.2.11: times are timecode labels), or
    /// its first cue starts an hour or more in and after the movie's end (`movieEnd`), where
    /// no cue of this movie can be.
    public static func evidence(firstStart: SubtitleTime?, timeBase: String?, movieEnd: SubtitleTime?) -> String? {
        if timeBase == "smpte" { return "it declares ttp:timeBase=\"smpte\" (its times are timecode labels)" }
        guard let firstStart, let movieEnd, firstStart >= .seconds(3_600), firstStart >= movieEnd else { return nil }
        return "its first cue starts at \(firstStart), after the movie's end (\(movieEnd))"
    }
}
