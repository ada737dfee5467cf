import Foundation
import LegibleTestSupport
import Testing

/// ExifTool reads the same movie-level metadata (file type, movie header, `udta` and iTunes
/// items) from the source and from the edited movie: adding a track changes none of it but what
/// it must.
@Suite struct AddSubtitlesExifToolTests {
    /// ExifTool's groups for the movie as a whole; `Track1`… are per track, `System`, `File`
    /// and `Composite` describe the file or are derived.
    static let movieGroups: Set<String> = ["QuickTime", "ItemList", "UserData", "Keys"]

    /// What legitimately changes: the next track ID (a track was added), and where and how
    /// large ExifTool says "the" media data is (it reports one `mdat`, and the output has a
    /// second, for the new samples).
    static let changing: Set<String> = ["QuickTime:NextTrackID", "QuickTime:MediaDataOffset", "QuickTime:MediaDataSize"]

    static func movieTags(_ path: String) throws -> [String: String] {
        let output = try ExternalTool.run("exiftool", ["-j", "-G1", "-a", path])
        try #require(output.status == 0, "\(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        let tags = try #require(list.first)
        var result: [String: String] = [:]
        for (key, value) in tags {
            guard let group = key.split(separator: ":").first, movieGroups.contains(String(group)) else { continue }
            result[key] = "\(value)"
        }
        return result
    }

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")), arguments: AddSubtitlesScenario.all)
    func movieMetadataIsUnchanged(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-exiftool")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let before = try Self.movieTags(scenario.sourcePath), after = try Self.movieTags(edited)
        #expect(before.count > 10, "ExifTool found movie-level tags: \(before.keys.sorted())")
        let keys = Set(before.keys).union(after.keys).subtracting(Self.changing)
        for key in keys.sorted() {
            #expect(after[key] == before[key], "\(key)")
        }
        let nextID = try #require(after["QuickTime:NextTrackID"].flatMap { Int($0) })
        #expect(nextID > AddSubtitlesScenario.newTrackID)
        #expect(before["QuickTime:NextTrackID"] == String(AddSubtitlesScenario.newTrackID))
    }
}
