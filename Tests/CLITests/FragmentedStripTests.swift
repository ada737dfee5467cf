import Foundation
import LegibleTestSupport
import Testing

/// `strip` of fragmented movies, as a new file (`-o`, a regular movie) and in place: FFmpeg's
/// fragmented `.mp4` and `.mov` with a location (`-metadata location=`), MP4Box's `-frag` of
/// such a movie, and a crafted one with private user data in its `moof`s and `traf`s, a
/// top-level `emsg` and a `uuid` (``FragmentedMovieCraft``). ExifTool finds no location or
/// device tag, no private string is left anywhere in the bytes, every stream reads in FFmpeg as
/// from the source (framemd5, packet times), MP4Box and ffprobe read the file.
@Suite struct FragmentedStripTests {
    /// A fragmented movie with something private in it.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        /// FFmpeg `-movflags +frag_keyframe+empty_moov`, `.mp4`: the location in `uiso/loci`.
        case ffmpegMP4 = "ffmpeg-mp4"
        /// The same as `.mov`: the location in `udta/©xyz`.
        case ffmpegMOV = "ffmpeg-mov"
        /// MP4Box `-frag 1000` of FFmpeg's regular `.mp4`, with its `free` box naming GPAC.
        case mp4Box = "mp4box"
        /// FFmpeg's fragments with private boxes added (``FragmentedMovieCraft``).
        case crafted
        var testDescription: String { rawValue }

        var fileExtension: String { self == .ffmpegMOV ? "mov" : "mp4" }

        /// Strings of the source that a strip must leave nowhere: the encoder's name, the
        /// location as text where the carrier holds text, the crafted boxes' strings.
        var privateStrings: [String] {
            switch self {
            case .ffmpegMP4: ["Lavf"]
            case .ffmpegMOV: ["Lavf", "+48.8584+002.2945"]
            case .mp4Box: ["GPAC"]
            case .crafted: FragmentedMovieCraft.privateStrings + ["Lavf"]
            }
        }

        var isAvailable: Bool { self != .mp4Box || ExternalTool.shouldRun(at: TestPaths.mp4Box) }

        /// The source, made in `folder`.
        func make(in folder: TemporaryFolder) throws -> String {
            let path = folder.path("source.\(fileExtension)")
            let location = ["-metadata", "location=+48.8584+002.2945/"]
            switch self {
            case .ffmpegMP4, .ffmpegMOV:
                try FragmentedStripTests.ffmpeg(location + ["-movflags", "+frag_keyframe+empty_moov"], to: path)
            case .mp4Box:
                let regular = folder.path("regular.mp4")
                try FragmentedStripTests.ffmpeg(location, to: regular)
                let made = try ExternalTool.run(TestPaths.mp4Box, ["-frag", "1000", "-out", path, regular])
                try #require(made.status == 0, "\(made.stderr)")
            case .crafted:
                let plain = folder.path("plain.mp4")
                try FragmentedStripTests.ffmpeg(location + ["-movflags", "+frag_keyframe+empty_moov+default_base_moof+skip_trailer"],
                                                to: plain)
                let crafted = try FragmentedMovieCraft.withPrivateBoxes([UInt8](Data(contentsOf: URL(fileURLWithPath: plain))))
                try Data(crafted).write(to: URL(fileURLWithPath: path))
            }
            try #require(try FragmentedMovieEditTests.isFragmented(path), "\(path) is not fragmented")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for text in privateStrings {
                try #require(bytes.range(of: Data(text.utf8)) != nil, "'\(text)' is in the source to begin with")
            }
            try #require(!(try FragmentedStripTests.privateTags(path).isEmpty), "ExifTool finds the location in the source")
            return path
        }
    }

    static var canRun: Bool {
        ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun("exiftool")
    }

    /// TestMedia/demo.mov's streams copied by FFmpeg with `options` to `path`.
    static func ffmpeg(_ options: [String], to path: String) throws {
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", CLITests.media("demo.mov"), "-map", "0", "-c", "copy"]
            + options + [path])
        try #require(made.status == 0, "\(made.stderr)")
    }

    /// ExifTool tags (`-a -G1 -j`) that say where the movie was made or what made it.
    static func privateTags(_ path: String) throws -> [String] {
        let output = try ExternalTool.run("exiftool", ["-a", "-G1", "-j", path])
        try #require(output.status == 0, "ExifTool reads \(path): \(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        return (list.first ?? [:]).keys.filter { key in
            let name = key.split(separator: ":").last.map(String.init) ?? key
            return name.hasPrefix("GPS") || name.contains("Location") || ["Make", "Model", "SerialNumber", "Encoder"].contains(name)
        }.sorted()
    }

    /// No private string, location or device tag left in `path`.
    static func checkNothingPrivate(_ path: String, source: Source, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for text in source.privateStrings {
            #expect(bytes.range(of: Data(text.utf8)) == nil, "'\(text)' is left in \(path)", sourceLocation: sourceLocation)
        }
        #expect(try privateTags(path) == [], "ExifTool tags of \(path)", sourceLocation: sourceLocation)
    }

    /// `path`, edited in place, is still fragmented and every stream reads as from `original`
    /// (a copy of the source as it was); MP4Box and ffprobe read it.
    static func checkStreamsUnchanged(_ path: String, from original: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try FragmentedMovieEditTests.isFragmented(path), sourceLocation: sourceLocation)
        for stream in try FFmpegReading.streams(original) {
            #expect(try FragmentedMovieEditTests.packetDigests(path, stream: stream.index)
                    == FragmentedMovieEditTests.packetDigests(original, stream: stream.index), "stream \(stream) packets",
                    sourceLocation: sourceLocation)
            #expect(try FragmentedMovieEditTests.packets(path, stream: stream.index)
                    == FragmentedMovieEditTests.packets(original, stream: stream.index), "stream \(stream) timing",
                    sourceLocation: sourceLocation)
        }
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_format", "-show_streams", path])
        #expect(probe.status == 0 && probe.stderr.isEmpty, "ffprobe reads \(path): \(probe.stderr)", sourceLocation: sourceLocation)
        if ExternalTool.shouldRun(at: TestPaths.mp4Box) {
            let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", path])
            #expect(info.status == 0, "MP4Box -info \(path): \(info.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: canRun), arguments: Source.allCases)
    func stripToNewFile(_ kind: Source) throws {
        guard kind.isAvailable else { return }
        let folder = try TemporaryFolder("fragmented-strip-new")
        defer { folder.remove() }
        let source = try kind.make(in: folder)
        let output = folder.path("out.\(kind.fileExtension)")
        let result = try LegibleCommand.run(["strip", source, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkNothingPrivate(output, source: kind)
        guard kind == .mp4Box else {
            try FragmentedMovieEditTests.checkStreamsKept(output, from: source)
            return
        }
        // FFmpeg applies MP4Box's edit lists (audio priming) to fragments otherwise than to
        // sample tables, so it times the packets of the regular output as it times those of the
        // regular movie MP4Box fragmented, not as those of the fragments: the packets
        // themselves (size and MD5 of each) are compared.
        #expect(try !FragmentedMovieEditTests.isFragmented(output))
        for stream in try FFmpegReading.streams(source) {
            #expect(try Self.packetPayloads(output, stream: stream.index) == Self.packetPayloads(source, stream: stream.index),
                    "stream \(stream)")
        }
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", output])
        #expect(info.status == 0, "MP4Box -info \(output): \(info.stderr)")
    }

    /// The size and MD5 of each packet of stream `index` (framemd5 columns 5 and 6).
    static func packetPayloads(_ path: String, stream index: Int) throws -> [String] {
        try FFmpegReading.framemd5(path, stream: index).filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: ",").dropFirst(4).prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",")
        }
    }

    @Test(.enabled(if: canRun), arguments: Source.allCases)
    func stripInPlace(_ kind: Source) throws {
        guard kind.isAvailable else { return }
        let folder = try TemporaryFolder("fragmented-strip-in-place")
        defer { folder.remove() }
        let original = try kind.make(in: folder)
        let path = try folder.copy(URL(fileURLWithPath: original), as: "edited.\(kind.fileExtension)")
        let result = try LegibleCommand.run(["strip", path, "--in-place"])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkNothingPrivate(path, source: kind)
        try Self.checkStreamsUnchanged(path, from: original)
        let sizes = try [original, path].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        #expect(sizes[0] == sizes[1], "no byte moves: \(sizes)")
        // A second review finds nothing left to remove.
        let again = try LegibleCommand.run(["strip", path, "--in-place", "--dry-run", "--json"])
        let entries = try #require(again.jsonObject?["entries"] as? [[String: Any]], "\(again.stderr)")
        #expect(entries.filter { $0["action"] as? String == "remove" }.map { $0["subject"] as? String } == [], "\(entries)")
    }

    /// The dry run lists each fragment-level box it removes, with its reason and where it is.
    @Test(.enabled(if: canRun), arguments: ["new-file", "in-place"])
    func dryRunListsFragmentBoxes(_ mode: String) throws {
        let folder = try TemporaryFolder("fragmented-strip-dry")
        defer { folder.remove() }
        let source = try Source.crafted.make(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let result = try LegibleCommand.run(["strip", source, "--dry-run", "--json"] + (mode == "in-place" ? ["--in-place"] : ["-o", folder.path("out.mp4")]))
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(result.jsonObject)
        #expect(json["mode"] as? String == mode)
        let entries = try #require(json["entries"] as? [[String: Any]])
        let fragments = try FragmentedMovieCraft.topLevelTypes([UInt8](before)).count { $0 == "moof" }
        try #require(fragments > 1)
        for (subject, count) in [("box:moof/udta", fragments), ("box:traf/udta", fragments), ("box:emsg", 1), ("box:uuid", 1)] {
            let listed = entries.filter { $0["subject"] as? String == subject }
            #expect(listed.count == count, "\(subject): \(listed)")
            for entry in listed {
                #expect(entry["action"] as? String == "remove" && !((entry["reason"] as? String) ?? "").isEmpty, "\(entry)")
                #expect(entry["offset"] is Int && entry["length"] is Int, "\(entry)")
            }
        }
        // No fragment's structure is listed for removal.
        #expect(!entries.contains { ($0["subject"] as? String).map { ["box:moof", "box:sidx", "box:mfra"].contains($0) } ?? false })
        if mode == "in-place" {
            #expect(!((json["erasedRanges"] as? [Any]) ?? []).isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before, "a dry run writes nothing")
    }

    /// A PIFF fragment timing box (`tfxd`) in a track fragment is what Smooth Streaming clients
    /// time fragments by, not vendor data: strip lists it as kept and leaves its bytes as they
    /// were, in place, while the private boxes around it go.
    @Test(.enabled(if: canRun))
    func keepsPIFFFragmentTiming() throws {
        let folder = try TemporaryFolder("fragmented-strip-piff")
        defer { folder.remove() }
        let plain = folder.path("plain.mp4")
        try Self.ffmpeg(["-movflags", "+frag_keyframe+empty_moov+default_base_moof+skip_trailer"], to: plain)
        let crafted = try FragmentedMovieCraft.withPrivateBoxes([UInt8](Data(contentsOf: URL(fileURLWithPath: plain))), fragmentTiming: true)
        let path = folder.path("piff.mp4")
        try Data(crafted).write(to: URL(fileURLWithPath: path))
        let timing = FragmentedMovieCraft.fragmentTimingUUID
        let boxes = crafted.indices.dropLast(timing.count).filter { crafted[$0..<$0 + timing.count].elementsEqual(timing) }
        try #require(boxes.count > 1)

        let review = try LegibleCommand.run(["strip", path, "--dry-run", "--json", "--in-place"])
        try #require(review.status == 0, "\(review.stderr)")
        let entries = try #require(review.jsonObject?["entries"] as? [[String: Any]])
        let kept = entries.filter { $0["subject"] as? String == "box:traf/uuid" }
        #expect(kept.count == boxes.count && kept.allSatisfy { $0["action"] as? String == "keep" }, "\(kept)")

        let result = try LegibleCommand.run(["strip", path, "--in-place"])
        try #require(result.status == 0, "\(result.stderr)")
        let stripped = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for offset in boxes {
            let box = offset - 8..<offset + timing.count + 20
            #expect(stripped[box] == crafted[box], "the tfxd box at \(offset - 8) changed")
        }
        for secret in FragmentedMovieCraft.privateStrings {
            #expect(!String(decoding: stripped, as: UTF8.self).contains(secret), "\(secret) is still in the file")
        }
        try Self.checkStreamsUnchanged(path, from: plain)
    }
}
