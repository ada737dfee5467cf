import Foundation
import LegibleTestSupport
import Testing

/// Independent checks of TTML that Legible writes: the IMSC 1.0.1 Text Profile's document rules
/// (W3C Recommendation, §6–§8 and the feature tables of its Annex: what the profile permits and
/// prohibits), checked with Python's XML parser; the IMSC Hypothetical Render Model (PyPI
/// `imschrm`, the W3C's HRM); and PyPI `ttconv`'s reading of the cues.
enum IMSC1Validation {
    /// Whether the Python tools are there (or must be, under LEGIBLE_REQUIRE_INTEROP=1).
    static var available: Bool { ExternalTool.shouldRun("imschrm") && ExternalTool.shouldRun("tt") }

    /// Prints the problems of each document given, one JSON list per document.
    static let ruleScript = #"""
    import json, re, sys
    import xml.etree.ElementTree as ET
    TT = "http://www.w3.org/ns/ttml"
    NS = {"tts": "http://www.w3.org/ns/ttml#styling", "ttp": "http://www.w3.org/ns/ttml#parameter",
          "ttm": "http://www.w3.org/ns/ttml#metadata", "itts": "http://www.w3.org/ns/ttml/profile/imsc1#styling",
          "ittp": "http://www.w3.org/ns/ttml/profile/imsc1#parameter",
          "xml": "http://www.w3.org/XML/1998/namespace"}
    TEXT_PROFILE = "http://www.w3.org/ns/ttml/profile/imsc1/text"
    ELEMENTS = {"tt", "head", "body", "div", "p", "span", "br", "styling", "style", "layout", "region", "metadata"}
    # IMSC1 Text permits these tts: properties (Annex: #color, #fontWeight, ...); image ones are not text.
    STYLES = {"backgroundColor", "color", "direction", "display", "displayAlign", "extent", "fontFamily", "fontSize",
              "fontStyle", "fontWeight", "lineHeight", "opacity", "origin", "overflow", "padding", "showBackground",
              "textAlign", "textDecoration", "textOutline", "unicodeBidi", "visibility", "wrapOption", "writingMode",
              "zIndex"}
    CLOCK = re.compile(r"^[0-9]{2,}:[0-5][0-9]:[0-5][0-9](\.[0-9]+)?$")
    OFFSET = re.compile(r"^[0-9]+(\.[0-9]+)?(h|m|s|ms|t)$")
    def problems(path):
        found = []
        root = ET.parse(path).getroot()
        if root.tag != "{%s}tt" % TT: found.append("root is not tt")
        if "{%s}lang" % NS["xml"] not in root.attrib: found.append("tt has no xml:lang")
        profile = root.get("{%s}profile" % NS["ttp"])
        if profile is not None and profile != TEXT_PROFILE: found.append("ttp:profile is " + profile)
        if root.get("{%s}timeBase" % NS["ttp"], "media") != "media": found.append("timeBase is not media")
        for name in ("clockMode", "dropMode", "markerMode"):
            if root.get("{%s}%s" % (NS["ttp"], name)) is not None: found.append("ttp:" + name + " is prohibited")
        ids = set()
        for element in root.iter():
            if not element.tag.startswith("{%s}" % TT) or element.tag[len(TT) + 2:] not in ELEMENTS:
                found.append("element " + element.tag + " is not in the text profile")
            for key, value in element.attrib.items():
                if key.startswith("{"):
                    ns, local = key[1:].split("}")
                    if ns == NS["tts"] and local not in STYLES: found.append("tts:" + local + " is not a text-profile style")
                    elif ns == NS["ttp"] and element.tag != "{%s}tt" % TT: found.append("ttp:" + local + " outside tt")
                    elif ns == NS["itts"] and local != "forcedDisplay": found.append("itts:" + local)
                    elif ns not in NS.values(): found.append("attribute in foreign namespace " + ns)
                    if ns == NS["xml"] and local == "id":
                        if value in ids: found.append("xml:id " + value + " repeated")
                        ids.add(value)
                    if ns == NS["itts"] and value not in ("true", "false"): found.append("forcedDisplay " + value)
                elif key in ("begin", "end", "dur"):
                    if not (CLOCK.match(value) or OFFSET.match(value)): found.append(key + "=" + value + " is not a permitted time expression")
                elif key not in ("region", "style", "timeContainer"):
                    found.append("attribute " + key)
        regions = {r.get("{%s}id" % NS["xml"]) for r in root.iter("{%s}region" % TT)}
        for element in root.iter():
            region = element.get("region")
            if region is not None and region not in regions: found.append("region " + region + " is not defined")
        return found
    print(json.dumps([problems(path) for path in sys.argv[1:]]))
    """#

    /// The IMSC1 Text rule violations of each document (empty lists when it follows them).
    static func ruleProblems(_ paths: [String]) throws -> [[String]] {
        let output = try ExternalTool.run("python3", ["-c", ruleScript] + paths)
        try #require(output.status == 0, "python3 failed: \(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String]])
    }

    /// Runs the HRM over `documents` (files in `folder`, the samples of stream `stream` of the
    /// movie at `path`, in order) in sequence, each at its sample's time as ffprobe reads it:
    /// its packet's time and duration, or where ffprobe gives no duration (fragments whose
    /// durations are `trun` defaults), to the next packet or the end of the file.
    static func checkHRM(documents: [String], of path: String, stream: Int, in folder: TemporaryFolder) throws {
        let packets = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "\(stream)", "-show_entries",
                                                       "packet=pts_time,duration_time:format=duration", "-of", "csv=p=0", path])
        var lines = packets.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let fileEnd = try #require(lines.popLast().flatMap { $0.first.flatMap(Double.init) }, "\(packets.stdout)")
        let times = try lines.map { try #require($0.first.flatMap(Double.init), "\(packets.stdout)") }
        try #require(times.count == documents.count, "\(packets.stdout)")
        let manifest = documents.indices.map { index in
            let end = lines[index].count > 1 ? Double(lines[index][1]).map { times[index] + $0 } : nil
            return ["path": documents[index], "begin": String(times[index]),
                    "end": String(end ?? (index + 1 < times.count ? times[index + 1] : fileEnd))]
        }
        let manifestPath = folder.path("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
        try checkHRM(manifestPath, manifest: true)
    }

    /// Runs the HRM over one document, or a manifest of documents with their begin and end
    /// (the samples of an `stpp` track); throws unless it passes.
    static func checkHRM(_ path: String, manifest: Bool = false) throws {
        let output = try ExternalTool.run("imschrm", (manifest ? ["--itype", "manifest"] : []) + [path])
        #expect(output.status == 0, "imschrm \(path): \(output.stdout) \(output.stderr)")
    }

    /// ttconv's reading of a TTML document, written as SubRip and read back as cues.
    static func ttconvCues(_ path: String, in folder: TemporaryFolder) throws -> [TimedCue] {
        let srt = folder.path(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + "-ttconv.srt")
        let output = try ExternalTool.run("tt", ["convert", "-i", path, "--itype", "TTML", "-o", srt, "--otype", "SRT"])
        try #require(output.status == 0, "ttconv failed: \(output.stderr)")
        return try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: srt))
    }
}
