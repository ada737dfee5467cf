import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LegibleTestSupport
import Testing

/// `legible report` in a real browser: Debian's Chromium, driven over the DevTools protocol by
/// Scripts/browse-page. For the report of every TestMedia movie: the page loads with no console
/// message and fetches nothing but itself, the movie and `data:` URLs; each timeline has as many
/// cue bars as ffmpeg reads cues in the track; each viewer's menu is what `legible select --json`
/// says for the same preferences; choosing a caption text colour changes the computed style of
/// the cue Chromium renders in the preview, and, for one movie, every choice of every setting of
/// the caption style panel gives the rendered cue the style its CSS asks for. A screenshot of
/// each page is recorded as an attachment (`swift test --attachments-path DIR` keeps them, as
/// Scripts/test does in .build/test-attachments; LEGIBLE_KEEP_ARTEFACTS=1 also keeps the test's
/// temporary folder).
@Suite(.serialized, .enabled(if: ["chromium", "ffmpeg", "ffprobe", "python3"].allSatisfy(ExternalTool.shouldRun)))
struct ReportCommandTests {
    static let browsePage = TestPaths.packageRoot.appendingPathComponent("Scripts/browse-page").path

    static var movies: [String] {
        let rules = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.testMedia.appendingPathComponent("rules").path)) ?? []
        return TestPaths.testMediaFiles.map(\.lastPathComponent) + rules.filter { $0.hasSuffix(".mov") }.sorted().map { "rules/\($0)" }
    }

    /// What the browser saw, from Scripts/browse-page, with each of `styles` (caption style
    /// settings, `name=value,name=value`) chosen in turn in the panel.
    static func browse(_ page: String, screenshot: String, styles: [String] = ["color=yellow"]) throws -> [String: Any] {
        let output = try ExternalTool.run("python3", [browsePage, page, "--screenshot", screenshot] + styles.flatMap { ["--style", $0] },
                                          timeout: .seconds(180))
        try #require(output.status == 0, "browse-page failed on \(page): \(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
    }

    @Test(arguments: movies)
    func reportInChromium(_ name: String) throws {
        let folder = try TemporaryFolder("report")
        defer { if ProcessInfo.processInfo.environment["LEGIBLE_KEEP_ARTEFACTS"] != "1" { folder.remove() } }
        let movie = TestPaths.testMedia.appendingPathComponent(name).path
        let stem = name.replacingOccurrences(of: "/", with: "-")
        let page = folder.path("\(stem).html")
        let written = try LegibleCommand.run(["report", movie, "-o", page, "--json"])
        try #require(written.status == 0, "legible report \(name): \(written.stderr)")
        let summary = try #require(written.jsonObject)
        let screenshot = folder.path("\(stem).png")
        let seen = try Self.browse(page, screenshot: screenshot)
        Attachment.record(try Data(contentsOf: URL(fileURLWithPath: screenshot)), named: "\(stem).png")

        #expect((seen["console"] as? [Any])?.isEmpty == true, "\(name): console: \(seen["console"] ?? "")")
        let allowed = [URL(fileURLWithPath: page).absoluteString, URL(fileURLWithPath: movie).absoluteString]
        for request in seen["requests"] as? [String] ?? [] {
            #expect(request.hasPrefix("data:") || allowed.contains(request), "\(name): the page fetched \(request)")
        }

        // Cue bars against ffmpeg's reading of each subtitle stream (ffprobe's stream id is the track ID).
        let bars = try #require(seen["cueBars"] as? [String: Int])
        let timelines = summary["timelines"] as? [[String: Any]] ?? []
        #expect(bars.count == timelines.count, "\(name): a timeline per text track")
        let subtitleStreams = try Self.subtitleStreamIndexes(movie)
        for (track, count) in bars {
            let index = try #require(subtitleStreams[Int(track) ?? -1], "\(name): ffprobe lists track \(track) as a subtitle stream")
            let reference = try DeliveryValidation.ffmpegCues(movie, subtitleStream: index, in: folder)
            #expect(count == reference.count, "\(name) track \(track): \(count) bars, ffmpeg reads \(reference.count) cues")
            // Focusing the first bar shows the first cue's text, each of its lines.
            let focused = (seen["focused"] as? [String: String])?[track] ?? ""
            let firstText = TimedCue(start: 0, end: 0, text: reference.first?[2] as? String ?? "").plainText
            for line in firstText.split(separator: "\n") {
                #expect(focused.contains(line), "\(name) track \(track): focus shows '\(focused)', the first cue is '\(firstText)'")
            }
        }

        // Overlap and short-gap marks, and the findings table under each timeline: the findings
        // `legible qc --json` makes of the same tracks, every rule included.
        let marks = seen["marks"] as? [String: Int] ?? [:]
        let tables = seen["findings"] as? [String: [String]] ?? [:]
        if !bars.isEmpty {
            let qc = try LegibleCommand.run(["qc", movie, "--json"])
            let subjects = try #require(qc.jsonObject?["subjects"] as? [[String: Any]], "\(name): qc --json")
            for subject in subjects {
                let track = String(subject["trackID"] as? Int ?? -1)
                let timing = (subject["findings"] as? [[String: Any]] ?? []).filter { ["overlap", "minimum-gap"].contains($0["rule"] as? String) }
                #expect(marks[track] == timing.count, "\(name) track \(track): \(marks[track] ?? -1) marks, qc finds \(timing.count)")
                let all = (subject["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] ?? "") \($0["cue"] ?? "")" }
                #expect(tables[track] ?? [] == all, "\(name) track \(track): the page lists \(tables[track] ?? []), qc finds \(all)")
            }
        }

        // Menus against `legible select --json`.
        let menus = try #require(seen["menus"] as? [[String: Any]])
        #expect(menus.map { $0["viewer"] as? String } == (summary["viewers"] as? [String] ?? []))
        for menu in menus {
            let viewer = try #require(menu["viewer"] as? String)
            let select = try LegibleCommand.run(["select", movie, "--json"] + Self.selectArguments(viewer))
            try #require(select.status == 0, "select \(viewer): \(select.stderr)")
            let groups = try #require(select.jsonObject?["groups"] as? [[String: Any]])
            let rows = try #require(menu["rows"] as? [[String: Any]])
            #expect(rows.count == groups.count, "\(name) \(viewer): a row per group")
            for (row, group) in zip(rows, groups) {
                let selected = group["selected"] as? [String: Any]
                #expect(row["characteristic"] as? String == group["characteristic"] as? String)
                #expect(row["alternateGroup"] as? Int == group["alternateGroup"] as? Int)
                #expect(row["trackID"] as? Int == selected?["trackID"] as? Int, "\(name) \(viewer)")
                #expect(row["displayName"] as? String == (selected?["displayName"] as? String ?? "none"), "\(name) \(viewer)")
                #expect(row["reason"] as? String == (selected?["reason"] as? String ?? group["reason"] as? String), "\(name) \(viewer)")
                #expect(row["subtitleDisplay"] as? String == (group["subtitleDisplay"] as? String ?? ""), "\(name) \(viewer)")
                #expect(row["alsoEnabled"] as? [Int] == group["alsoEnabled"] as? [Int], "\(name) \(viewer)")
                #expect(row["openQuestions"] as? [String] == group["openQuestions"] as? [String], "\(name) \(viewer)")
            }
        }

        // A subtitle track whose media is outside the file (check rule self-contained; its data
        // reference lacks the self-contained flag) is not offered to the page's player, so there
        // is no preview, and the report says why.
        let problems = summary["problems"] as? [String] ?? []
        if name == "rules/check-self-contained.mov" {
            #expect(problems.contains { $0.hasPrefix("no web tracks: track 5: its media is outside the file") }, "\(problems)")
            return
        }
        // The preview renders the first cue; a caption colour chosen in the panel restyles it.
        guard !bars.isEmpty else { return }
        let preview = try #require(seen["preview"] as? [String: Any], "\(name): a preview of the first cue")
        #expect((preview["readyState"] as? Int ?? 0) >= 2, "\(name): the preview frame is decoded")
        #expect((preview["activeCues"] as? [String])?.isEmpty == false, "\(name): the first cue is showing")
        let before = RenderedStyle(preview["before"]).cue
        let after = RenderedStyle(((preview["steps"] as? [[String: Any]])?.first)?["style"]).cue
        #expect(before["color"] != nil && before["color"] != after["color"], "\(name): \(before) → \(after)")
        #expect(after["color"] == "rgb(255, 255, 0)", "\(name)")
    }

    /// The computed style of the preview's cue (`::cue`) and of the box around it
    /// (`-webkit-media-text-track-display`, where the window colour goes), as browse-page reads it.
    struct RenderedStyle {
        var cue: [String: String]
        var display: [String: String]

        init(_ json: Any?) {
            let parts = json as? [String: Any]
            cue = parts?["cue"] as? [String: String] ?? [:]
            display = parts?["display"] as? [String: String] ?? [:]
        }

        func value(_ part: String, _ property: String) -> String? {
            (part == "display" ? display : cue)[property]
        }
    }

    /// Every choice of every setting of the caption style panel (47 CFR 79.103(c)), chosen alone
    /// or with the colour its opacity goes with, on the report of demo.mov: the rendered cue (or
    /// its box, for the window) takes the value of the CSS the page writes for it, as Chromium
    /// computes it (colours as `rgb()`/`rgba()`, lengths in pixels, font lists as written), and
    /// each setting changes the rendered style. The page writes the FCC's colours at full
    /// intensity (as CTA-708's colour codes), so green is rgb(0, 255, 0), not CSS's `green`.
    @Test func everyCaptionStyleSettingRestylesTheCue() throws {
        let folder = try TemporaryFolder("report-style")
        defer { folder.remove() }
        let movie = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let page = folder.path("demo.html")
        try #require(try LegibleCommand.run(["report", movie, "-o", page]).status == 0)

        let colors = [("white", "255, 255, 255"), ("black", "0, 0, 0"), ("red", "255, 0, 0"), ("green", "0, 255, 0"),
                      ("blue", "0, 0, 255"), ("yellow", "255, 255, 0"), ("magenta", "255, 0, 255"), ("cyan", "0, 255, 255")]
        func rgba(_ rgb: String, _ alpha: String) -> String { alpha == "1" ? "rgb(\(rgb))" : "rgba(\(rgb), \(alpha))" }
        let sans = #"Arial, Helvetica, "DejaVu Sans", sans-serif"#
        // (setting, settings chosen, part, property, computed value expected)
        var steps: [(setting: String, choose: String, part: String, property: String, expected: String)] = []
        for (font, family) in [("monospaced-serif", #""Courier New", "Nimbus Mono PS", "DejaVu Serif", monospace"#),
                               ("proportional-serif", #""Times New Roman", "DejaVu Serif", serif"#),
                               ("monospaced-sans", #""DejaVu Sans Mono", Menlo, Consolas, monospace"#),
                               ("proportional-sans", sans), ("casual", #""Comic Sans MS", "Comic Neue", cursive"#),
                               ("cursive", #""Brush Script MT", "URW Chancery L", cursive"#), ("small-capitals", sans)] {
            steps.append(("font", "font=\(font)", "cue", "font-family", family))
        }
        steps.append(("font", "font=small-capitals", "cue", "font-variant-caps", "small-caps"))
        for (color, rgb) in colors {
            steps.append(("color", "color=\(color)", "cue", "color", rgba(rgb, "1")))
            steps.append(("background", "background=\(color)", "cue", "background-color", rgba(rgb, "1")))
            steps.append(("window", "window=\(color)", "display", "background-color", rgba(rgb, "1")))
        }
        for opacity in ["1", "0.5"] {
            steps.append(("opacity", "color=cyan,opacity=\(opacity)", "cue", "color", rgba("0, 255, 255", opacity)))
            steps.append(("opacity", "opacity=\(opacity)", "cue", "opacity", opacity))
        }
        for opacity in ["1", "0.5", "0"] {
            steps.append(("background-opacity", "background=blue,background-opacity=\(opacity)", "cue", "background-color", rgba("0, 0, 255", opacity)))
            steps.append(("background-opacity", "background-opacity=\(opacity)", "cue", "background-color", rgba("0, 0, 0", opacity)))
            steps.append(("window-opacity", "window=magenta,window-opacity=\(opacity)", "display", "background-color", rgba("255, 0, 255", opacity)))
            steps.append(("window-opacity", "window-opacity=\(opacity)", "display", "background-color", rgba("0, 0, 0", opacity)))
        }
        for (edge, shadow) in [("none", "none"),
                               ("raised", "rgba(255, 255, 255, 0.8) -1px -1px 0px, rgba(0, 0, 0, 0.9) 1px 1px 0px"),
                               ("depressed", "rgba(255, 255, 255, 0.8) 1px 1px 0px, rgba(0, 0, 0, 0.9) -1px -1px 0px"),
                               ("uniform", "rgb(0, 0, 0) -1px 0px 0px, rgb(0, 0, 0) 1px 0px 0px, rgb(0, 0, 0) 0px -1px 0px, rgb(0, 0, 0) 0px 1px 0px"),
                               ("drop-shadow", "rgba(0, 0, 0, 0.9) 2px 2px 3px")] {
            steps.append(("edge", "edge=\(edge)", "cue", "text-shadow", shadow))
        }
        let sizes = ["50", "75", "150", "200"]
        var choices: [String] = []
        for step in steps where !choices.contains(step.choose) { choices.append(step.choose) }
        let seen = try Self.browse(page, screenshot: folder.path("demo.png"), styles: choices + sizes.map { "size=\($0)" })
        #expect((seen["console"] as? [Any])?.isEmpty == true, "\(seen["console"] ?? "")")
        let preview = try #require(seen["preview"] as? [String: Any])
        let before = RenderedStyle(preview["before"])
        let rendered = (preview["steps"] as? [[String: Any]] ?? []).map { RenderedStyle($0["style"]) }
        try #require(rendered.count == choices.count + sizes.count, "a style per step")

        var changed: Set<String> = []
        for step in steps {
            let style = rendered[choices.firstIndex(of: step.choose) ?? 0]
            #expect(style.value(step.part, step.property) == step.expected, "\(step.choose): \(step.part) \(step.property)")
            // A setting counts as changing the cue by the steps that choose it alone.
            if !step.choose.contains(","), style.cue != before.cue || style.display != before.display { changed.insert(step.setting) }
        }
        // Sizes are a percentage of the player's own cue size (79.103(c)(4): 50% to 200%).
        let defaultSize = try #require(Double(before.cue["font-size"]?.dropLast(2) ?? ""), "the cue's size in px")
        for (size, style) in zip(sizes, rendered.suffix(sizes.count)) {
            let pixels = Double(style.cue["font-size"]?.dropLast(2) ?? "") ?? 0
            #expect(abs(pixels - defaultSize * (Double(size) ?? 0) / 100) < 0.01, "size=\(size): \(pixels)px from \(defaultSize)px")
            if pixels != defaultSize { changed.insert("size") }
        }
        // The settings 47 CFR 79.103(c)(2)-(8) names: colour, opacity, size, font, background
        // colour and opacity, edge, window colour and opacity.
        let fccSettings: Set = ["color", "opacity", "size", "font", "background", "background-opacity", "edge", "window", "window-opacity"]
        #expect(changed == fccSettings, "settings that changed the rendered cue: \(changed.sorted())")
    }

    /// A timed location track made by `legible add-metadata-track` from TestMedia/route.gpx: its
    /// route has a point per GPX `trkpt` (read here by Foundation's XMLParser), titled with the
    /// point's coordinates, and the page still loads cleanly.
    @Test func routeOfTimedLocations() throws {
        let folder = try TemporaryFolder("report-route")
        defer { folder.remove() }
        let gpx = TestPaths.testMedia.appendingPathComponent("route.gpx")
        let movie = folder.path("route.mov")
        let added = try LegibleCommand.run(["add-metadata-track", TestPaths.testMedia.appendingPathComponent("demo.mov").path,
                                            "--from", gpx.path, "--describes", "1", "-o", movie])
        try #require(added.status == 0, "\(added.stderr)")
        let page = folder.path("route.html")
        #expect(try LegibleCommand.run(["report", movie, "-o", page]).status == 0)
        let seen = try Self.browse(page, screenshot: folder.path("route.png"))
        Attachment.record(try Data(contentsOf: URL(fileURLWithPath: folder.path("route.png"))), named: "route.png")
        #expect((seen["console"] as? [Any])?.isEmpty == true, "\(seen["console"] ?? "")")
        let points = try GPXPoints.read(gpx)
        let route = try #require((seen["routes"] as? [String: Any])?.values.first as? [String: Any])
        #expect(route["points"] as? Int == points.count)
        let titles = route["titles"] as? [String] ?? []
        #expect(titles.count == points.count)
        for (title, point) in zip(titles, points) {
            #expect(title.contains(String(format: "%+.4f", point.latitude).prefix(8)), "\(title) for \(point)")
        }
    }

    /// demo.mov with a SubRip track of `count` short cues 2 s apart (one-minute bins hold 30),
    /// the movie lengthened to hold them; returns the movie and the new track's ID.
    static func movieWithCues(_ count: Int, in folder: TemporaryFolder) throws -> String {
        var srt = ""
        let lines = ["Where were you?", "At home.\nIn the rain.", "[THUNDER]", "¿Está seguro? <b>Sí</b> & \"no\""]
        func stamp(_ ms: Int) -> String {
            String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        }
        for index in 0..<count {
            let start = index * 2000 + 500
            srt += "\(index + 1)\n\(stamp(start)) --> \(stamp(start + 1500))\n\(lines[index % lines.count])\n\n"
        }
        let srtPath = folder.path("cues-\(count).srt")
        try srt.write(toFile: srtPath, atomically: true, encoding: .utf8)
        let movie = folder.path("cues-\(count).mov")
        let added = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mov").path, srtPath,
                                            "--language", "en", "--past-end", "extend", "-o", movie, "--quiet"])
        try #require(added.status == 0, "add-subtitles: \(added.stderr)")
        return movie
    }

    /// A movie with 20,000 cues: the track is summarised per minute (cues, characters and
    /// findings), the page says so, stays small, and opens in Chromium with no console message.
    @Test func manyCuesAreSummarisedPerMinute() throws {
        let folder = try TemporaryFolder("report-many")
        defer { if ProcessInfo.processInfo.environment["LEGIBLE_KEEP_ARTEFACTS"] != "1" { folder.remove() } }
        let movie = try Self.movieWithCues(20_000, in: folder)
        let page = folder.path("many.html")
        let written = try LegibleCommand.run(["report", movie, "-o", page, "--json"])
        try #require(written.status == 0, "\(written.stderr)")
        let timelines = written.jsonObject?["timelines"] as? [[String: Any]] ?? []
        let track = try #require(timelines.first { $0["cues"] as? Int == 20_000 }?["trackID"] as? Int, "\(timelines)")
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int)
        #expect(bytes < 16_000_000, "\(bytes) bytes")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("20000 cues: shown per minute"))
        #expect(!html.contains("Cue 20000,"), "no bar, so no bar's title, for the last cue")

        let screenshot = folder.path("many.png")
        let seen = try Self.browse(page, screenshot: screenshot)
        Attachment.record(try Data(contentsOf: URL(fileURLWithPath: screenshot)), named: "report-20000-cues.png")
        #expect((seen["console"] as? [Any])?.isEmpty == true, "console: \(seen["console"] ?? "")")
        #expect((seen["cueBars"] as? [String: Int])?[String(track)] == 0, "no bar per cue")
        // The last cue ends at 40,000 s: 667 one-minute bins.
        #expect((seen["bins"] as? [String: Int])?[String(track)] == 667)
        // All of qc's findings up to 10,000; past that, the first 50 of each rule.
        let qc = try LegibleCommand.run(["qc", movie, "--json"])
        let subjects = try #require(qc.jsonObject?["subjects"] as? [[String: Any]], "qc --json")
        let findings = subjects.first { $0["trackID"] as? Int == track }?["findings"] as? [[String: Any]] ?? []
        let perRule = Dictionary(grouping: findings) { $0["rule"] as? String ?? "" }.values.map { min($0.count, 50) }.reduce(0, +)
        let listed = (seen["findings"] as? [String: [String]])?[String(track)] ?? []
        #expect(listed.count == (findings.count <= 10_000 ? findings.count : perRule), "\(listed.count) of \(findings.count) findings listed")
    }

    /// A movie with 3,000 cues is still drawn cue by cue: a bar per cue, no summary.
    @Test func threeThousandCuesAreDrawnOneByOne() throws {
        let folder = try TemporaryFolder("report-3000")
        defer { folder.remove() }
        let movie = try Self.movieWithCues(3_000, in: folder)
        let page = folder.path("drawn.html")
        let written = try LegibleCommand.run(["report", movie, "-o", page, "--json"])
        try #require(written.status == 0, "\(written.stderr)")
        let timelines = written.jsonObject?["timelines"] as? [[String: Any]] ?? []
        let track = try #require(timelines.first { $0["cues"] as? Int == 3_000 }?["trackID"] as? Int, "\(timelines)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("shown per minute"))
        let seen = try Self.browse(page, screenshot: folder.path("drawn.png"))
        #expect((seen["console"] as? [Any])?.isEmpty == true, "console: \(seen["console"] ?? "")")
        #expect((seen["cueBars"] as? [String: Int])?[String(track)] == 3_000)
        #expect((seen["bins"] as? [String: Int])?.isEmpty == true)
    }

    /// `select`'s flags for a viewer written as the report writes it (`es/en+sdh`).
    static func selectArguments(_ viewer: String) -> [String] {
        let parts = viewer.split(separator: "+")
        var arguments = ["--languages", parts[0].replacingOccurrences(of: "/", with: ",")]
        for setting in parts.dropFirst() {
            switch setting {
            case "sdh": arguments.append("--prefer-sdh")
            case "captions": arguments.append("--prefer-captions")
            default: arguments.append("--forced-only")
            }
        }
        return arguments
    }

    /// Track ID → index among the movie's subtitle streams, as ffprobe numbers them (`0:s:N`).
    static func subtitleStreamIndexes(_ movie: String) throws -> [Int: Int] {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=id,codec_type", "-of", "json", movie])
        let streams = try #require((try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])?["streams"] as? [[String: Any]])
        var indexes: [Int: Int] = [:]
        for stream in streams where stream["codec_type"] as? String == "subtitle" {
            guard let id = (stream["id"] as? String).flatMap({ Int($0.dropFirst(2), radix: 16) }) else { continue }
            indexes[id] = indexes.count
        }
        return indexes
    }

    @Test func usageAndRefusals() throws {
        let folder = try TemporaryFolder("report-usage")
        defer { folder.remove() }
        let movie = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let page = folder.path("demo.html")
        #expect(try LegibleCommand.run(["report", movie, "-o", page]).status == 0)
        let again = try LegibleCommand.run(["report", movie, "-o", page])
        #expect(again.status == 2 && again.errorLines.count == 1, "an existing page is not replaced")
        #expect(try LegibleCommand.run(["report", movie, "-o", page, "--overwrite"]).status == 0)
        let badViewer = try LegibleCommand.run(["report", movie, "-o", folder.path("x.html"), "--viewers", "en,+sdh"])
        #expect(badViewer.status == 2 && badViewer.errorLines.count == 1)
        #expect(try LegibleCommand.run(["report", movie, "-o", folder.path("x.html"), "--profile", "itv"]).status == 2)
        #expect(try LegibleCommand.run(["report", folder.path("missing.mov"), "-o", folder.path("x.html")]).status == 2)
        #expect(try LegibleCommand.run(["report", "--help"]).stdout.contains("Examples:"))
        let proxy = try LegibleCommand.run(["report", movie, "-o", folder.path("proxy.html"), "--video", folder.path("proxy.webm"), "--json"])
        #expect(proxy.jsonObject?["video"] as? String == "proxy.webm")
    }
}

/// The `trkpt` coordinates of a GPX file, read with Foundation's XMLParser (not Legible's).
final class GPXPoints: NSObject, XMLParserDelegate {
    private var points: [(latitude: Double, longitude: Double)] = []

    static func read(_ url: URL) throws -> [(latitude: Double, longitude: Double)] {
        let reader = GPXPoints()
        let parser = try #require(XMLParser(contentsOf: url))
        parser.delegate = reader
        try #require(parser.parse(), "the GPX file parses")
        return reader.points
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard name == "trkpt", let latitude = attributes["lat"].flatMap(Double.init), let longitude = attributes["lon"].flatMap(Double.init) else { return }
        points.append((latitude, longitude))
    }
}
