import XML
/// An SCC timecode (SMPTE ST 12-1): `HH:MM:SS:FF` non-drop-frame or `HH:MM:SS;FF` drop-frame,
/// counting frames of 30000/1001 video.
///
/// Non-drop-frame labels count 30 frames to the timecode second, so they run 0.1 % slower than
/// the clock; drop-frame labels skip frame numbers 00 and 01 at the start of every minute except
/// every tenth, so they keep up with it.
public struct SCCTimecode: Sendable, Hashable, CustomStringConvertible {
    /// Frames since `00:00:00:00`.
    public var frame: Int64
    /// Whether the label is drop-frame.
    public var isDropFrame: Bool

    /// The timecode of a frame (frames before 0 are taken as 0).
    public init(frame: Int64, isDropFrame: Bool) {
        self.frame = max(0, frame)
        self.isDropFrame = isDropFrame
    }

    /// Parses a label; nil when it is malformed or names a frame drop-frame timecode skips.
    public init?(parsing text: some StringProtocol) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 11, scalars[2] == ":", scalars[5] == ":", scalars[8] == ":" || scalars[8] == ";" || scalars[8] == "." else {
            return nil
        }
        var fields: [Int64] = []
        for start in [0, 3, 6, 9] {
            guard scalars[start].isASCIIDigit, scalars[start + 1].isASCIIDigit else { return nil }
            fields.append(Int64(scalars[start].value - 0x30) * 10 + Int64(scalars[start + 1].value - 0x30))
        }
        let (hours, minutes, seconds, frames) = (fields[0], fields[1], fields[2], fields[3])
        guard minutes < 60, seconds < 60, frames < 30 else { return nil }
        isDropFrame = scalars[8] != ":"
        let nominal = ((hours * 60 + minutes) * 60 + seconds) * 30 + frames
        if isDropFrame {
            let totalMinutes = hours * 60 + minutes
            if seconds == 0, frames < 2, minutes % 10 != 0 { return nil }
            frame = nominal - 2 * (totalMinutes - totalMinutes / 10)
        } else {
            frame = nominal
        }
    }

    /// The label, drop-frame with `;`.
    public var description: String {
        var labelFrames = frame
        if isDropFrame {
            let tens = frame / 17_982
            let rest = frame % 17_982
            labelFrames += 18 * tens + (rest < 2 ? 0 : 2 * ((rest - 2) / 1_798))
        }
        let frames = labelFrames % 30
        let seconds = labelFrames / 30 % 60
        let minutes = labelFrames / 1_800 % 60
        let hours = labelFrames / 108_000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(hours)):\(two(minutes)):\(two(seconds))\(isDropFrame ? ";" : ":")\(two(frames))"
    }
}
