import ISOBMFF
import Movie
import Quality
import TimedText

/// Each text track's cues as bars on the movie's time axis (SVG), with the quality findings of
/// the report's profile: reading speed as colour, forced cues outlined, overlapping cues on
/// lanes of their own, overlaps and short gaps marked on the axis, chapter starts as lines.
/// Hovering a bar shows its text (the SVG `title`); focusing one shows it under the timeline.
extension AccessibilityReport {
    func timelineSection() -> String {
        var html = "<section id=\"timelines\"><h2>Text tracks over time</h2>"
        guard !timelines.isEmpty else { return html + "<p>No text track to draw.</p></section>" }
        let profile = options.profile
        html += "<p class=\"note\">Findings and colours from <code>legible qc --profile \(escapeHTML(profile.name))</code> (\(escapeHTML(profile.title))). "
        if let speed = profile.readingSpeed {
            html += "Reading speed: <span class=\"swatch speed-low\"></span> up to 80% of \(escapeHTML(speed.description)), <span class=\"swatch speed-near\"></span> up to the limit, <span class=\"swatch speed-over\"></span> over it. "
        }
        html += "<span class=\"swatch forced\"></span> dashed outline: forced cue; red outline: a finding at error level; ▼ overlap or short gap. Hover or focus a bar for its text.</p>"
        let end = timelineEnd
        for timeline in timelines {
            html += timelineBlock(timeline, end: end)
        }
        return html + "</section>"
    }

    /// The axis's end: the movie's duration, or the last cue's end if later.
    var timelineEnd: SubtitleTime {
        // Per track, so that no list of every track's cues is made.
        let lastCue = timelines.compactMap { $0.cues.lazy.map(\.cue.end).max() }.max() ?? .zero
        return max(movie.exactDuration ?? .zero, lastCue, .seconds(1))
    }

    private func timelineBlock(_ timeline: TextTrackTimeline, end: SubtitleTime) -> String {
        let findings = timeline.check.findings
        var html = "<div class=\"timeline-block\" data-track-id=\"\(timeline.trackID)\"><h3>Track \(timeline.trackID): \(escapeHTML(timeline.label))</h3>"
        let errors = findings.filter { $0.severity == .error }.count
        html += "<p>\(timeline.cues.count) cue\(timeline.cues.count == 1 ? "" : "s"); \(findings.count) finding\(findings.count == 1 ? "" : "s") (\(errors) at error level).</p>"
        if drawnTrackIDs.contains(timeline.trackID) {
            html += "<div class=\"scroller\">" + TimelineSVG(timeline: timeline, end: end, chapters: chapters.shown?.chapters ?? [],
                                                             readingSpeed: options.profile.readingSpeed).svg + "</div>"
            html += "<p class=\"cue-text\" aria-live=\"polite\">Focus a cue to read it here.</p>"
        } else {
            let density = CueDensity(timeline, end: end)
            let minutes = density.binLength.microseconds / 60_000_000
            html += "<p class=\"summarised\">\(timeline.cues.count) cues: shown per \(minutes == 1 ? "minute" : "\(minutes) minutes") "
            html += "(cues, characters and findings), too many to draw one by one"
            if findings.count > options.bounds.findingsListedPerTrack {
                html += "; the first \(options.bounds.findingsListedPerRule) findings of each rule listed (errors first)"
            }
            html += ".</p><div class=\"scroller\">" + DensitySVG(trackID: timeline.trackID, density: density).svg + "</div>"
        }
        if !findings.isEmpty { html += findingsTable(findings) }
        for note in timeline.check.notes { html += "<p class=\"note\">\(escapeHTML(note))</p>" }
        return html + "</div>"
    }

    /// The findings under a timeline: all of them, or past ``PageBounds/findingsListedPerTrack``
    /// the first of each rule (errors first) with each rule's count.
    private func findingsTable(_ findings: [QualityFinding]) -> String {
        let bounds = options.bounds
        var listed = Array(findings.indices)
        var counts = ""
        if findings.count > bounds.findingsListedPerTrack {
            let byRule = Dictionary(grouping: findings.indices, by: { findings[$0].rule })
            listed = QualityRule.allCases.flatMap { rule -> [Int] in
                let indices = byRule[rule] ?? []
                return Array((indices.filter { findings[$0].severity == .error } + indices.filter { findings[$0].severity != .error })
                    .prefix(bounds.findingsListedPerRule))
            }.sorted()
            let perRule = QualityRule.allCases.compactMap { rule in
                byRule[rule].map { "\(rule.rawValue) \($0.count) (\(min($0.count, bounds.findingsListedPerRule)) listed)" }
            }
            counts = "<p class=\"finding-counts\">\(findings.count) findings, \(listed.count) listed: \(perRule.joined(separator: ", ")). "
            counts += "<code>legible qc</code> lists them all.</p>"
        }
        var html = "<details><summary>Findings</summary>" + counts
        html += "<table class=\"findings\"><thead><tr><th>Severity</th><th>Cue</th><th>Time</th><th>Rule</th><th>Finding</th></tr></thead><tbody>"
        var sources: [(rule: String, source: String)] = []
        for finding in listed.lazy.map({ findings[$0] }) {
            html += "<tr class=\"\(finding.severity.rawValue)\" data-cue=\"\(finding.cueNumber)\" data-rule=\"\(finding.rule.rawValue)\"><td>\(finding.severity.rawValue)</td>"
            html += "<td>\(finding.cueNumber)</td><td>\(clock(finding.start))</td><td>\(finding.rule.rawValue)</td><td>\(escapeHTML(finding.message))</td></tr>"
            if !sources.contains(where: { $0 == (finding.rule.rawValue, finding.source) }) { sources.append((finding.rule.rawValue, finding.source)) }
        }
        html += "</tbody></table><dl class=\"sources\">"
        return html + sources.map { "<dt>\($0.rule)</dt><dd>\(escapeHTML($0.source))</dd>" }.joined() + "</dl></details>"
    }
}

/// The SVG of one track's timeline.
struct TimelineSVG {
    let timeline: TextTrackTimeline
    let end: SubtitleTime
    let chapters: [Chapter]
    let readingSpeed: ReadingSpeed?

    static let laneHeight = 18.0
    static let laneGap = 4.0
    static let top = 16.0
    static let axisHeight = 22.0

    /// Pixels across: 12 per second, between 1,200 (the page's width) and 60,000 (a two-hour
    /// movie scrolls).
    var width: Double { min(60_000, max(1_200, Double(end.microseconds) / 1_000_000 * 12)) }

    func x(_ time: SubtitleTime) -> Double { Double(time.microseconds) / Double(end.microseconds) * width }

    var svg: String {
        let (lanes, laneCount) = Self.lanes(timeline.cues)
        let height = Self.top + Double(laneCount) * (Self.laneHeight + Self.laneGap) + Self.axisHeight
        let axisY = height - Self.axisHeight
        var svg = "<svg class=\"timeline\" data-track-id=\"\(timeline.trackID)\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\" "
        svg += "viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" role=\"group\" aria-label=\"Cues of track \(timeline.trackID)\">"
        for chapter in chapters where chapter.start < end {
            let position = coordinate(x(chapter.start))
            svg += "<line class=\"chapter\" x1=\"\(position)\" x2=\"\(position)\" y1=\"0\" y2=\"\(coordinate(axisY))\"/>"
            svg += "<text class=\"chapter-title\" x=\"\(coordinate(x(chapter.start) + 3))\" y=\"11\">\(escapeHTML(chapter.title))</text>"
        }
        svg += Self.axis(y: axisY, width: width, end: end)
        let findings = Dictionary(grouping: timeline.check.findings, by: \.cueNumber)
        for (index, numbered) in timeline.cues.enumerated() {
            svg += bar(numbered, lane: lanes[index], findings: findings[numbered.number] ?? [])
        }
        for finding in timeline.check.findings where finding.rule == .overlap || finding.rule == .minimumGap {
            let position = x(finding.start)
            svg += "<path class=\"mark \(finding.severity.rawValue)\" d=\"M\(coordinate(position)) \(coordinate(axisY)) l-5 -8 h10 z\">"
            svg += "<title>Cue \(finding.cueNumber): \(escapeHTML(finding.message))</title></path>"
        }
        return svg + "</svg>"
    }

    private func bar(_ numbered: QualitySubject.NumberedCue, lane: Int, findings: [QualityFinding]) -> String {
        let cue = numbered.cue
        var classes = ["cue", speedClass(numbered.measurement)]
        let forced = cue.isForced || timeline.isForcedOnly
        if forced { classes.append("forced") }
        if findings.contains(where: { $0.severity == .error }) { classes.append("flag-error") }
        let rate = readingSpeed.flatMap { speed in numbered.measurement.rate(in: speed).map { "\(QualityNumber.text($0)) \(speed.unit)" } }
        let heading = "Cue \(numbered.number), \(clock(cue.start)) to \(clock(cue.end))" + (forced ? ", forced" : "") + (rate.map { ", \($0)" } ?? "")
        let text = numbered.measurement.lines.joined(separator: " / ")
        let notes = findings.map { "\($0.severity.rawValue): \($0.message)" }
        let y = Self.top + Double(lane) * (Self.laneHeight + Self.laneGap)
        // The title is the bar's tooltip and, in SVG, its accessible name.
        var svg = "<rect class=\"\(classes.joined(separator: " "))\" data-cue=\"\(numbered.number)\" tabindex=\"0\" "
        svg += "x=\"\(coordinate(x(cue.start)))\" y=\"\(coordinate(y))\" width=\"\(coordinate(max(1.5, x(cue.end) - x(cue.start))))\" height=\"\(coordinate(Self.laneHeight))\">"
        svg += "<title>\(escapeHTML(([heading + ":", text] + notes).joined(separator: "\n")))</title></rect>"
        return svg
    }

    /// The colour class of a cue's reading speed against the profile's limit.
    private func speedClass(_ measurement: CueMeasurement) -> String {
        guard let readingSpeed, let rate = measurement.rate(in: readingSpeed) else { return "speed-none" }
        if rate > readingSpeed.value { return "speed-over" }
        return rate > readingSpeed.value * 0.8 ? "speed-near" : "speed-low"
    }

    /// Tick marks at the first of 0.1 s … 100 days that leaves 80 pixels between labels; none so
    /// close to the end that its label would be cut off.
    static func axis(y: Double, width: Double, end: SubtitleTime) -> String {
        let seconds = Double(end.microseconds) / 1_000_000
        // Steps past an hour keep the ticks of a very long movie few.
        let steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21_600, 86_400, 864_000, 8_640_000]
        let step = steps.first { $0 / seconds * width >= 80 } ?? 8_640_000
        var svg = "<line class=\"axis\" x1=\"0\" x2=\"\(coordinate(width))\" y1=\"\(coordinate(y))\" y2=\"\(coordinate(y))\"/>"
        for index in 0... {
            let tick = Double(index) * step
            let position = tick / seconds * width
            guard position <= width - 40 else { break }
            svg += "<line class=\"tick\" x1=\"\(coordinate(position))\" x2=\"\(coordinate(position))\" y1=\"\(coordinate(y))\" y2=\"\(coordinate(y + 4))\"/>"
            svg += "<text class=\"tick-label\" x=\"\(coordinate(position + 2))\" y=\"\(coordinate(y + 16))\">\(label(tick, tenths: step < 1))</text>"
        }
        return svg
    }

    /// `1:02:03`, `2:03`, or `0:01.5` with tenths.
    private static func label(_ seconds: Double, tenths: Bool) -> String {
        let tenthsCount = Int((seconds * 10).rounded())
        let whole = tenthsCount / 10
        let clock = whole >= 3600 ? "\(whole / 3600):\(twoDigits(whole / 60 % 60)):\(twoDigits(whole % 60))" : "\(whole / 60):\(twoDigits(whole % 60))"
        return tenths ? "\(clock).\(tenthsCount % 10)" : clock
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// A lane for each cue so that cues on one lane never overlap: the first lane free at its
    /// start (cues in time order).
    static func lanes(_ cues: [QualitySubject.NumberedCue]) -> (lanes: [Int], count: Int) {
        var laneEnds: [SubtitleTime] = []
        var lanes: [Int] = []
        for numbered in cues {
            if let free = laneEnds.firstIndex(where: { $0 <= numbered.cue.start }) {
                laneEnds[free] = numbered.cue.end
                lanes.append(free)
            } else {
                laneEnds.append(numbered.cue.end)
                lanes.append(laneEnds.count - 1)
            }
        }
        return (lanes, max(1, laneEnds.count))
    }
}
