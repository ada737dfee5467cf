import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// Chapter tracks of every media type stay out of the selection menus but remain tracks:
/// QTFF "Chapter lists" — a track referenced by `chap` is navigation, not an alternative.
@Suite struct ChapterTrackSelectionTests {
    static func selectedTrackIDs(_ movie: Movie) -> Set<UInt32> {
        Set(MediaSelection(movie: movie).groups.flatMap { $0.options.map(\.trackID) })
    }

    /// chapter-images.mov, as Scripts/make-test-media writes it: track 3 holds one JPEG per
    /// chapter and tracks 1 and 2 list it in `tref/chap` after the chapter text track 4.
    @Test func chapterImageTrackIsATrackButNoVisualOption() throws {
        let movie = try MovieFixture("chapter-images.mov").movie()
        #expect(movie.tracks.map(\.id) == [1, 2, 3, 4])
        let images = try #require(movie.track(id: 3))
        #expect(images.mediaType == .video)
        #expect(images.codec == "jpeg")
        #expect(movie.chapterTrackIDs == [3, 4])
        let visual = MediaSelection(movie: movie).groups.filter { $0.characteristic == .visual }
        #expect(visual.flatMap { $0.options.map(\.trackID) } == [1])
        #expect(Self.selectedTrackIDs(movie) == [1, 2])
    }

    /// ffprobe marks the video tracks that `chap` references as chapter images (dispositions
    /// attached_pic + timed_thumbnails, libavformat mov.c): none of them may be a menu option.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")),
          arguments: TestPaths.testMediaFiles + CorpusIndex.entries.filter { $0.features.contains("tref-chap") }.map(\.url))
    func tracksFFprobeCallsChapterImagesAreNoOptions(_ url: URL) throws {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries",
                                                      "stream=id:stream_disposition=timed_thumbnails", "-of", "json", url.path])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any]
        let chapterImageIDs = (json?["streams"] as? [[String: Any]] ?? []).compactMap { stream -> UInt32? in
            guard (stream["disposition"] as? [String: Any])?["timed_thumbnails"] as? Int == 1,
                  let id = (stream["id"] as? String)?.dropFirst(2) else { return nil }
            return UInt32(id, radix: 16)
        }
        let movie = try Movie.open(path: url.path)
        let trackIDs = Set(movie.tracks.map(\.id))
        for id in chapterImageIDs {
            #expect(trackIDs.contains(id), "\(url.lastPathComponent): chapter image track \(id) is a track")
            #expect(!Self.selectedTrackIDs(movie).contains(id), "\(url.lastPathComponent): chapter image track \(id) is offered")
        }
    }
}
