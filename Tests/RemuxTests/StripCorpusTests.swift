import Foundation
import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Remux
import Testing

/// A privacy strip of every movie the engine can edit (the corpus and TestMedia), as a new file
/// and in place: a second review of the output finds nothing left to remove; ExifTool finds no
/// GPS, make, model or serial number; ffmpeg reads the kept streams' packets unchanged.
@Suite struct StripCorpusTests {
    static var inputs: [URL] {
        get throws { try MetadataRoundTripTests.inputs }
    }

    /// ExifTool tags that place or identify the device; ExifTool must read the file.
    static func privateTags(_ path: String) throws -> [String] {
        let output = try ExternalTool.run("exiftool", ["-j", "-G1", "-a", "-ee", "-n", "-api", "LargeFileSupport=1", path])
        try #require(output.status == 0, "ExifTool reads \(path): \(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        return (list.first ?? [:]).keys.filter { key in
            let name = key.split(separator: ":").last.map(String.init) ?? key
            return name.hasPrefix("GPS") || ["Make", "Model", "SerialNumber", "Software", "CreationDate"].contains(name)
        }.sorted()
    }

    /// framemd5 of the streams that stay (the first ones: metadata tracks are last in the
    /// corpus files that have them); nil when ffmpeg cannot read one of them.
    static func keptPackets(_ path: String, removing removed: Int) throws -> [[String]]? {
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=index", "-of", "csv=p=0", path])
        guard probe.status == 0 else { return nil }
        let count = probe.stdout.split(separator: "\n").count
        var packets: [[String]] = []
        for index in 0..<max(0, count - removed) {
            let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:\(index)", "-c", "copy", "-f", "framemd5", "-"])
            guard output.status == 0 else { return nil }
            packets.append(output.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#software") })
        }
        return packets
    }

    @Test(.corpus, .enabled(if: ExternalTool.shouldRun("exiftool") && ExternalTool.shouldRun("ffmpeg")), arguments: try inputs)
    func stripLeavesNothingPrivate(_ url: URL) throws {
        let folder = try TemporaryFolder("strip-corpus")
        defer { folder.remove() }
        let output = folder.path("out." + url.pathExtension)
        // A movie the engine must refuse whatever the plan (ExpectedEditRefusal) ends the test here.
        let review: SharingReview, plan: EditPlan, isFragmented: Bool
        do {
            let editor = try MovieEditor(path: url.path)
            isFragmented = editor.movie.isFragmented
            review = try SharingReview(movie: editor.movie)
            plan = EditPlan(removal: MetadataRemoval(review))
            _ = try editor.write(plan, to: output)
        } catch {
            try ExpectedEditRefusal.check(error, for: url)
            return
        }
        try ExpectedEditRefusal.checkWritten(url)
        let inPlace = try folder.copy(url, as: "in-place." + url.pathExtension)
        // A fragmented movie is stripped in place only when no track goes and the reduced moov
        // fits where the old one is; otherwise it is refused, and only the new file is checked.
        var editedInPlace = true
        do {
            _ = try MovieEditor(path: inPlace).editInPlace(plan)
        } catch EditError.fragmentedMovie where isFragmented {
            editedInPlace = false
        } catch EditError.inPlaceNeedsRewrite(.movieDoesNotFit) where isFragmented {
            editedInPlace = false
        }

        let removedTracks = review.removedTrackIDs.count
        let sourcePackets = try Self.keptPackets(url.path, removing: removedTracks)
        #expect(sourcePackets != nil || MetadataRoundTripTests.ffmpegRefuses(url),
                "ffmpeg cannot read \(url.lastPathComponent), which INDEX.md does not record")
        for path in editedInPlace ? [output, inPlace] : [output] {
            let again = try SharingReview(movie: Movie.open(path: path))
            let left = again.entries.filter { $0.decision.action == .remove }.map(\.subject)
            #expect(left == [], "\(url.lastPathComponent) → \(path): \(left)")
            #expect(try Self.privateTags(path) == [], "\(url.lastPathComponent) → \(path)")
            // Where ffmpeg reads the source's streams at all, it reads the same packets.
            if let sourcePackets {
                let packets = try Self.keptPackets(path, removing: 0)
                if isFragmented {
                    #expect(packets?.map(FFmpegReading.withoutPacketDurations) == sourcePackets.map(FFmpegReading.withoutPacketDurations),
                            "\(url.lastPathComponent) → \(path)")
                } else {
                    #expect(packets == sourcePackets, "\(url.lastPathComponent) → \(path)")
                }
            }
        }
    }
}
