import Foundation
import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Remux
import Testing

/// Every movie the engine can edit (the corpus and TestMedia) through set-metadata's plan: a
/// change that matches nothing leaves `moov` as it was, setting a title changes only metadata
/// boxes, removing it again gives the source's boxes back when the title was new, and ffmpeg
/// reads the same packets throughout.
@Suite struct MetadataRoundTripTests {
    static let offsetTables: Set<FourCC> = ["stco", "co64"]

    static var inputs: [URL] {
        get throws {
            try CorpusIndex.arguments { !$0.isRawPayload && !$0.isMalformed }.map(\.url) + TestPaths.testMediaFiles
        }
    }

    static func plan(_ changes: [MetadataChange]) -> EditPlan { EditPlan(metadataChanges: changes) }

    /// Writes `changes` from `source` to `output` and reads the result.
    static func write(_ changes: [MetadataChange], from source: String, to output: String) throws -> Movie {
        _ = try MovieEditor(path: source).write(plan(changes), to: output)
        return try Movie.open(path: output)
    }

    /// Whether a diff path lies in metadata boxes.
    static func isMetadata(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix("udta") || $0.hasPrefix("meta") }
    }

    /// The box at a BoxTreeDiff path (`moov/udta/meta`, `trak[1]` for the second `trak`).
    static func box(at path: String, in root: Box) -> Box? {
        var box = root
        for key in path.split(separator: "/").dropFirst() {
            let parts = key.split(separator: "[")
            let type = FourCC(stringLiteral: String(parts[0]))
            let index = parts.count > 1 ? Int(parts[1].dropLast()) ?? 0 : 0
            let matches = box.children(type)
            guard index < matches.count else { return nil }
            box = matches[index]
        }
        return box
    }

    /// Whether a metadata container holds no item: no `ilst` item and no user-data item.
    static func holdsNoItems(_ box: Box) -> Bool {
        switch box.type {
        case "ilst": box.children.isEmpty
        case "udta", "meta": box.children.allSatisfy { ["hdlr", "keys", "free", "meta", "ilst"].contains($0.type) && holdsNoItems($0) }
        default: box.type == "hdlr" || box.type == "keys" || box.type == "free"
        }
    }

    /// `ffmpeg -map 0 -c copy -f framemd5`: every packet of every stream; nil when ffmpeg cannot
    /// read the file (see ``ffmpegRefuses(_:)``).
    static func framemd5(_ path: String) throws -> [String]? {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0", "-c", "copy", "-f", "framemd5", "-"])
        guard output.status == 0 else { return nil }
        return output.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#software") }
    }

    /// Whether ffmpeg is expected not to copy the packets of the movie at `url`: the corpus's
    /// INDEX.md records that ffprobe refuses it, or a track whose `stsd` has no sample entry
    /// (its box walker's `-`), whose stream ffmpeg cannot set up. Every other movie, TestMedia's
    /// included, ffmpeg must read.
    static func ffmpegRefuses(_ url: URL) -> Bool {
        guard let entry = CorpusIndex.entries.first(where: { $0.url.standardizedFileURL == url.standardizedFileURL }) else { return false }
        return entry.ffprobeRefuses || (entry.tracks?.contains { $0.sampleEntries.isEmpty } ?? false)
    }

    @Test(.corpus, arguments: try inputs)
    func setThenRemoveTitleChangesOnlyMetadata(_ url: URL) throws {
        let folder = try TemporaryFolder("metadata-roundtrip")
        defer { folder.remove() }
        let name = url.lastPathComponent
        let others = { (movie: Movie) in movie.file.boxes.filter { $0.type != "moov" && $0.type != "mdat" && $0.type != "free" } }

        // A change that matches nothing: what the engine does with the movie itself. A movie it
        // must refuse whatever the plan (ExpectedEditRefusal) ends the test here.
        let source: Movie, untouched: Movie
        do {
            source = try Movie.open(path: url.path)
            untouched = try Self.write([MetadataChange(key: "mdta/org.legible.absent", action: .remove)],
                                       from: url.path, to: folder.path("noop-" + name))
        } catch {
            try ExpectedEditRefusal.check(error, for: url)
            return
        }
        try ExpectedEditRefusal.checkWritten(url)
        // A fragmented movie is written as a regular one: its tables, durations and top-level
        // boxes change, so the metadata edits are judged against that regular movie.
        let basis: Movie
        if source.isFragmented {
            #expect(!untouched.isFragmented)
            basis = untouched
        } else {
            #expect(try BoxTreeDiff.paths(source.movieBox, untouched.movieBox, ignoring: Self.offsetTables) == [])
            basis = source
        }

        let titled = try Self.write([MetadataChange(key: "title", action: .set(.text("Legible round trip")))],
                                    from: url.path, to: folder.path("set-" + name))
        let setPaths = try BoxTreeDiff.paths(basis.movieBox, titled.movieBox, ignoring: Self.offsetTables)
        #expect(!setPaths.isEmpty)
        #expect(setPaths.allSatisfy(Self.isMetadata), "\(setPaths)")
        #expect(try BoxTreeDiff.paths(others(basis), others(titled)) == [])

        let cleared = try Self.write([MetadataChange(key: "title", action: .remove)],
                                     from: folder.path("set-" + name), to: folder.path("removed-" + name))
        let removedPaths = try BoxTreeDiff.paths(basis.movieBox, cleared.movieBox, ignoring: Self.offsetTables)
        #expect(removedPaths.allSatisfy(Self.isMetadata), "\(removedPaths)")
        // A title that was new goes with what held it; only a container that held no item
        // before (an empty `ilst`) may go with it, as removing the last item empties it.
        if setPaths.allSatisfy({ $0.hasSuffix("(added)") || $0.hasSuffix("/ilst") }) {
            let leftovers = removedPaths.filter { path in
                !(path.hasSuffix(" (removed)") && Self.box(at: String(path.dropLast(" (removed)".count)), in: basis.movieBox).map(Self.holdsNoItems) == true)
            }
            #expect(leftovers == [])
        }

        guard ExternalTool.shouldRun("ffmpeg") else { return }
        guard let expected = try Self.framemd5(url.path) else {
            #expect(Self.ffmpegRefuses(url), "ffmpeg cannot read \(name), which INDEX.md does not record")
            return
        }
        let comparable = { (lines: [String]?) in source.isFragmented ? lines.map(FFmpegReading.withoutPacketDurations) : lines }
        #expect(try comparable(Self.framemd5(folder.path("set-" + name))) == comparable(expected))
        #expect(try comparable(Self.framemd5(folder.path("removed-" + name))) == comparable(expected))
    }
}
