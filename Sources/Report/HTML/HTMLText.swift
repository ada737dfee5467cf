import ISOBMFF
import Delivery
import TimedText

/// Text made safe for the page (character references for `& " ' < >`), as `<track>` lines are.
func escapeHTML(_ text: String) -> String { HTMLTrackElement.escaped(text) }

/// A time as the page writes it: `00:01:02.500`.
func clock(_ time: SubtitleTime) -> String { time.description }

/// A time in seconds as the page writes it.
func clock(seconds: Double?) -> String {
    guard let seconds, seconds.isFinite, seconds >= 0, seconds < 360_000_000 else { return "unknown" }
    return clock(SubtitleTime(microseconds: Int64((seconds * 1_000_000).rounded())))
}

/// An SVG coordinate with at most two decimals.
func coordinate(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = (value * 100).rounded()
    if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int64(hundredths / 100)) }
    return String(hundredths / 100)
}
