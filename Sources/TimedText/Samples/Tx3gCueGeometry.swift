/// Where a cue's WebVTT settings put its box, in the pixels of a `tx3g` text box, and back: how
/// `line`, `position` and `size` (W3C WebVTT §7.2 "Processing cue settings", with the default
/// `position` and `line` of §6.3) become a sample's `tbox` (3GPP TS 26.245 §5.17.1.4; QTFF
/// "Text box atom"), and how a `tbox` becomes settings again.
///
/// The area is the description's default text box, which for a track with placed samples is the
/// whole video (`Tx3gDisplayFlags/verticalPlacement`). A line is 6 % of the area's height
/// (WebVTT's default cue font is 5 % of the video height, times a normal line height of 1.2);
/// the box is as tall as the cue's lines. Left and top are clamped so the box stays inside the
/// area, as WebVTT's layout moves cues back into the video.
struct Tx3gCueGeometry {
    /// The area cues are placed in.
    let area: Tx3gTextBox

    var width: Int { max(0, Int(area.right) - Int(area.left)) }
    var height: Int { area.height }
    var lineHeight: Int { max(1, height * 6 / 100) }

    /// The box of a cue with these settings and `lineCount` lines of text.
    func box(for settings: CueSettings, lineCount: Int) -> Tx3gTextBox {
        let alignment = settings.align ?? .center
        let percentage = settings.position?.percentage ?? {
            switch alignment {
            case .start, .left: 0
            case .end, .right: 100
            case .center: 50
            }
        }()
        let anchor = percentage / 100 * Double(width)
        let positionAlignment = settings.position?.alignment ?? {
            switch alignment {
            case .start, .left: .lineLeft
            case .end, .right: .lineRight
            case .center: .center
            }
        }()
        // WebVTT §7.2 "computed maximum size": the box runs from its position to the video's
        // edge at most, so a position moves the box rather than being clamped away.
        let maximumSize: Double = switch positionAlignment {
        case .lineLeft: 100 - percentage
        case .lineRight: percentage
        case .center: 2 * min(percentage, 100 - percentage)
        }
        let boxWidth = Int((max(0, min(settings.size ?? 100, maximumSize)) / 100 * Double(width)).rounded())
        let left: Double = switch positionAlignment {
        case .lineLeft: anchor
        case .center: anchor - Double(boxWidth) / 2
        case .lineRight: anchor - Double(boxWidth)
        }
        let boxHeight = min(height, max(1, lineCount) * lineHeight)
        var top: Double
        switch settings.line?.value {
        case .percentage(let value)?:
            let y = value / 100 * Double(height)
            switch settings.line?.alignment ?? .start {
            case .start: top = y
            case .center: top = y - Double(boxHeight) / 2
            case .end: top = y - Double(boxHeight)
            }
        case .number(let number)?:
            top = number >= 0 ? number * Double(lineHeight) : Double(height) + (number + 1) * Double(lineHeight) - Double(boxHeight)
        case nil:
            top = Double(height - boxHeight)
        }
        let clampedLeft = min(max(0, Int(left.rounded())), max(0, width - boxWidth))
        top = min(max(0, top.rounded()), Double(height - boxHeight))
        return Tx3gTextBox(top: Int16(clamping: Int(area.top) + Int(top)), left: Int16(clamping: Int(area.left) + clampedLeft),
                           bottom: Int16(clamping: Int(area.top) + Int(top) + boxHeight),
                           right: Int16(clamping: Int(area.left) + clampedLeft + boxWidth))
    }

    /// Settings that put a cue where `box` is: `line` as the box top's percentage of the area
    /// (aligned at the start), `position` as its left edge (line-left) and `size` as its width,
    /// the last two only when the box is narrower than the area. Percentages are rounded to
    /// hundredths, finer than a pixel of any video.
    func settings(for box: Tx3gTextBox) -> CueSettings {
        var settings = CueSettings()
        guard width > 0, height > 0 else { return settings }
        let left = Int(box.left) - Int(area.left), boxWidth = Int(box.right) - Int(box.left)
        let top = Int(box.top) - Int(area.top)
        settings.line = CueSettings.CueLine(.percentage(Self.percentage(top, of: height)))
        if boxWidth < width {
            settings.position = CueSettings.CuePosition(Self.percentage(left, of: width), alignment: .lineLeft)
            settings.size = Self.percentage(max(0, boxWidth), of: width)
        }
        return settings
    }

    private static func percentage(_ value: Int, of total: Int) -> Double {
        (Double(min(max(0, value), total)) / Double(total) * 10_000).rounded() / 100
    }
}
