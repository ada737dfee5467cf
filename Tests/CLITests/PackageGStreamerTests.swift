import Foundation
import LegibleTestSupport
import Testing

/// GStreamer's adaptive demuxers (hlsdemux2 and dashdemux2, Debian's gstreamer1.0-plugins-good
/// and -bad 1.22) read `legible package`'s master.m3u8 and manifest.mpd from absolute file://
/// URIs: `gst-discoverer-1.0` lists the same video and audio streams, with the same languages,
/// as it lists for the source movie. The discoverer lists only the streams a player would
/// decode by default, so the subtitle renditions are checked in the stream collection that
/// `playbin3` offers an application's menu (through PyGObject, served over HTTP as a client
/// gets them: hlsdemux2 fetches media playlists with libsoup, which has no file:// support).
extension PackageCommandTests {
    /// The video and audio streams `gst-discoverer-1.0` lists for `path`, in order: their type
    /// and the `Language:` line under each (nil when it has none).
    func gstreamerStreams(_ path: String) throws -> [String] {
        let uri = URL(fileURLWithPath: path).absoluteString
        let output = try ExternalTool.run("gst-discoverer-1.0", ["-t", "60", uri])
        try #require(output.status == 0, "\(uri): \(output.stdout) \(output.stderr)")
        var streams: [String] = []
        for line in output.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let match = line.firstMatch(of: /^(video|audio|subtitles) #\d+:/) {
                streams.append(String(match.1))
            } else if line.hasPrefix("Language: "), let last = streams.indices.last {
                streams[last] += " " + line.dropFirst("Language: ".count)
            }
        }
        return streams.filter { !$0.hasPrefix("subtitles") }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("gst-discoverer-1.0")))
    func gstreamerListsTheStreamsWithTheirLanguages() throws {
        let folder = try TemporaryFolder("cli-package-gstreamer")
        defer { folder.remove() }
        let output = try package(in: folder)
        let source = try gstreamerStreams(Self.demo)
        // demo.mp4: one video and the English and Spanish audio (TestMedia/README.md).
        #expect(source == ["video", "audio en", "audio es"])
        #expect(try gstreamerStreams(output + "/master.m3u8") == source)
        #expect(try gstreamerStreams(output + "/manifest.mpd") == source)
    }

    /// Prints the streams of the stream collection `playbin3` posts for the playlist or manifest
    /// given, served from its folder over HTTP, one `TYPE LANGUAGE` line each (`-` for none).
    static let streamCollectionScript = #"""
    import functools, http.server, os, sys, threading, gi
    gi.require_version('Gst', '1.0')
    from gi.repository import Gst
    Gst.init(None)
    path = os.path.abspath(sys.argv[1])
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=os.path.dirname(path))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    pipeline = Gst.ElementFactory.make("playbin3")
    pipeline.set_property("uri", "http://127.0.0.1:%d/%s" % (server.server_address[1], os.path.basename(path)))
    for name in ("video-sink", "audio-sink", "text-sink"):
        pipeline.set_property(name, Gst.ElementFactory.make("fakesink"))
    bus = pipeline.get_bus()
    pipeline.set_state(Gst.State.PAUSED)
    streams = None
    # The demuxer posts its collection once it has read the playlist or manifest; a later one
    # (after the first fragments) replaces it. Wait 30 s for the first that lists streams, then
    # 2 s for an update.
    timeout = 30 * Gst.SECOND
    while True:
        message = bus.timed_pop_filtered(timeout, Gst.MessageType.STREAM_COLLECTION | Gst.MessageType.ERROR)
        if message is None: break
        if message.type == Gst.MessageType.ERROR:
            if streams is None: sys.exit("error: " + message.parse_error()[0].message)
            break
        if message.type != Gst.MessageType.STREAM_COLLECTION: continue
        collection = message.parse_stream_collection()
        streams = []
        for i in range(collection.get_size()):
            stream = collection.get_stream(i)
            tags = stream.get_tags()
            found, language = tags.get_string(Gst.TAG_LANGUAGE_CODE) if tags else (False, None)
            streams.append(Gst.stream_type_get_name(stream.get_stream_type()) + " " + (language if found else "-"))
        if streams: timeout = 2 * Gst.SECOND
    pipeline.set_state(Gst.State.NULL)
    print("\n".join(streams or []))
    """#

    /// The stream collection's lines for `path`, sorted (HLS and DASH order them differently).
    func gstreamerCollection(_ path: String) throws -> [String] {
        let output = try ExternalTool.run("/usr/bin/python3", ["-c", Self.streamCollectionScript, path])
        try #require(output.status == 0, "\(path): \(output.stdout) \(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(.enabled(if: ExternalTool.shouldRun("gst-discoverer-1.0")), arguments: ["webvtt", "wvtt", "stpp"])
    func gstreamerOffersTheSubtitleRenditionsWithTheirLanguages(text: String) throws {
        let folder = try TemporaryFolder("cli-package-gstreamer-text")
        defer { folder.remove() }
        let output = try package(in: folder, ["--text", text])
        // demo.mp4: one video, English and Spanish audio, Spanish subtitles (TestMedia/README.md).
        let expected = ["audio en", "audio es", "text es", "video -"]
        #expect(try gstreamerCollection(output + "/manifest.mpd") == expected)
        if text == "webvtt" { #expect(try gstreamerCollection(output + "/master.m3u8") == expected) }
    }
}
