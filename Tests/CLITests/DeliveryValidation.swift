import Foundation
import LegibleTestSupport
import Testing

/// Independent readings of `legible hls` and `legible html` output: PyPI `m3u8` for playlists,
/// `webvtt-py` for WebVTT files, Python's `html.parser` for `<track>` lines, and ffmpeg 5.1.
enum DeliveryValidation {
    /// Whether the Python checks run: python3 on PATH (or interop required, so a missing
    /// python3 or module fails rather than skips).
    static var pythonAvailable: Bool { ExternalTool.shouldRun("python3") }

    /// Reads an HLS output folder: each media playlist named by the tags file (through a
    /// multivariant playlist holding the tags and one variant naming the group), each segment's
    /// cues and X-TIMESTAMP-MAP. Times are in milliseconds, parsed from webvtt-py's timestamps.
    static let hlsScript = #"""
    import json, os, re, sys, m3u8, webvtt
    def ms(stamp):
        h, m, s = stamp.split(":")
        return round((int(h) * 3600 + int(m) * 60 + float(s)) * 1000)
    def cues(path):
        return [[ms(c.start), ms(c.end), c.text] for c in webvtt.read(path)]
    if sys.argv[1] == "cues":
        print(json.dumps(cues(sys.argv[2])))
        sys.exit(0)
    out = sys.argv[2]
    tags = [l for l in open(os.path.join(out, "subtitles.m3u8-media"), encoding="utf-8").read().splitlines() if l.startswith("#EXT-X-MEDIA")]
    group = sys.argv[3]
    master = m3u8.loads("#EXTM3U\n" + "\n".join(tags) + '\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,SUBTITLES="' + group + '"\nvideo.m3u8\n')
    result = {"variantSubtitles": [p.stream_info.subtitles for p in master.playlists], "media": [], "playlists": {}, "segments": {}}
    for m in master.media:
        result["media"].append({"type": m.type, "group_id": m.group_id, "name": m.name, "language": m.language,
            "default": m.default, "autoselect": m.autoselect, "forced": m.forced, "characteristics": m.characteristics, "uri": m.uri})
        p = m3u8.load(os.path.join(out, m.uri))
        result["playlists"][m.uri] = {"version": p.version, "target": p.target_duration, "type": p.playlist_type,
            "sequence": p.media_sequence, "endlist": p.is_endlist, "durations": [s.duration for s in p.segments],
            "uris": [s.uri for s in p.segments]}
        for s in p.segments:
            path = os.path.join(out, s.uri)
            text = open(path, encoding="utf-8").read()
            maps = re.findall(r"^X-TIMESTAMP-MAP=LOCAL:([0-9:.]+),MPEGTS:([0-9]+)$", text, re.M)
            result["segments"][s.uri] = {"maps": maps, "cues": cues(path)}
    print(json.dumps(result))
    """#

    /// The `<track>` elements in a page fragment, with their attributes (valueless ones as "").
    static let htmlScript = #"""
    import json, sys
    from html.parser import HTMLParser
    class Tracks(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tracks = []
        def handle_starttag(self, tag, attrs):
            if tag == "track":
                self.tracks.append({k: (v if v is not None else "") for k, v in attrs})
    parser = Tracks()
    parser.feed(sys.stdin.read() if len(sys.argv) < 2 else open(sys.argv[1], encoding="utf-8").read())
    print(json.dumps(parser.tracks))
    """#

    static func python(_ script: String, _ arguments: [String]) throws -> Any {
        let output = try ExternalTool.run("python3", ["-c", script] + arguments)
        try #require(output.status == 0, "python3 failed: \(output.stderr)")
        return try JSONSerialization.jsonObject(with: output.stdoutData)
    }

    /// What ffmpeg reads in subtitle stream `index` of `movie` (edit lists applied), as cues
    /// [start ms, end ms, text] read back by webvtt-py.
    static func ffmpegCues(_ movie: String, subtitleStream index: Int, in folder: TemporaryFolder) throws -> [[Any]] {
        let path = folder.path("ffmpeg-\(index).vtt")
        let output = try ExternalTool.run("ffmpeg", ["-v", "error", "-y", "-i", movie, "-map", "0:s:\(index)", "-f", "webvtt", path])
        try #require(output.status == 0, "ffmpeg failed: \(output.stderr)")
        return try #require(try python(hlsScript, ["cues", path]) as? [[Any]])
    }
}
