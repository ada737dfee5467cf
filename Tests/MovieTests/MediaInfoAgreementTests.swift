import Foundation
import Language
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// MediaInfo, a second independent reader, agrees with our track IDs, alternate groups, enabled
/// flags, languages and (for video and text) sample counts.
///
/// Known, explained differences:
/// - MediaInfo omits `AlternateGroup` for group 0 and reports 2-letter languages (`en`).
/// - MediaInfo shows a QuickTime chapter track as a `Menu`, with no per-track flags; it is compared
///   by ID only.
/// - MediaInfo lists tracks by kind (every video track, then audio, …), not in file order, so the
///   IDs are compared sorted.
/// - For AAC, MediaInfo's frame count is derived from the duration, not from `stsz`, so audio sample
///   counts are not compared.
@Suite struct MediaInfoAgreementTests {
    @Test(.enabled(if: ExternalTool.shouldRun("mediainfo")), arguments: TestPaths.testMediaFiles)
    func tracksAgreeWithMediaInfo(_ url: URL) throws {
        let output = try ExternalTool.run("mediainfo", ["--Output=JSON", url.path])
        #expect(output.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let tracks = ((root["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []).filter { $0["ID"] != nil }
        let movie = try Movie.open(path: url.path)
        let name = url.lastPathComponent
        #expect(tracks.compactMap { ($0["ID"] as? String).flatMap(UInt32.init) }.sorted() == movie.tracks.map(\.id).sorted(),
                "\(name): track IDs")
        for info in tracks {
            guard let id = (info["ID"] as? String).flatMap(UInt32.init), let track = movie.track(id: id) else { continue }
            let kind = info["@type"] as? String ?? ""
            guard kind != "Menu" else { continue }
            let group = (info["AlternateGroup"] as? String).flatMap(Int16.init) ?? 0
            #expect(group == track.header.alternateGroup, "\(name) track \(id): alternate group")
            if let isDefault = info["Default"] as? String {
                #expect((isDefault == "Yes") == track.isEnabled, "\(name) track \(id): enabled")
            }
            let language = (info["Language"] as? String).map(LanguageName.terminologyCode(for:)) ?? "und"
            #expect(language == track.language, "\(name) track \(id): language \(language) vs \(track.language)")
            if kind == "Video" || kind == "Text", let frames = (info["FrameCount"] as? String).flatMap(UInt64.init) {
                #expect(frames == movie.sampleCount(of: track), "\(name) track \(id): sample count")
            }
        }
    }
}
