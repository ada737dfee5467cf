import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Testing
@testable import Metadata

/// Every metadata item both Legible and ExifTool read agrees: the tag ExifTool names it (from
/// its own tables, ``ExifToolTag``), the value (``ExifToolValue``), and the language (ExifTool
/// appends `-xxx` to the tag name of a value in a language). In the other direction, every
/// movie-level tag ExifTool reads from user data, keys and item lists (groups UserData, Keys,
/// ItemList, iTunes) is one of our items. Each disagreement is listed below with its reason.
@Suite struct ExifToolAgreementTests {
    /// Items ExifTool reports differently, by identifier (any file) — with the reason.
    static let knownDifferences: [String: String] = [
        "itsk/gstd": "ExifTool's ValueConv divides Google's track duration in ms by 1000 (1021 → 1.021)",
    ]

    /// Items ExifTool reports differently in one file, by `file identifier` — with the reason.
    static let knownFileDifferences: [String: String] = [
        "mozilla_mp4parse-rust/mp4parse__tests__invalid_userdata.mp4 itsk/cprt":
            "the item holds 9 zero bytes and no data atom: we report the bytes, ExifTool an empty string",
    ]

    /// Files whose metadata ExifTool does not read at all — with the reason.
    static let filesExifToolDoesNotRead: [String: String] = [
        "taglib_taglib/tests__data__non-full-meta.m4a":
            "udta/meta is QuickTime-style (no version and flags); ExifTool 12.57 takes its first 4 bytes for them and finds no ilst",
        "androidx_media/libraries__test_data__src__test__assets__media__mp4__sample_android_slow_motion.mp4":
            "moov/meta (mdta keys) in an isom file: ExifTool 12.57 reports none of its keys",
    ]

    struct Comparison {
        var compared = 0
        var notShownByExifTool: [String] = []
        var problems: [String] = []
    }

    static func exifToolTags(_ path: String) throws -> [String: [Any]] {
        let output = try ExternalTool.run("exiftool", ["-j", "-a", "-G1:4", "-n", "-b", "-api", "LargeFileSupport=1", path])
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]], "\(output.stderr)")
        var tags: [String: [Any]] = [:]
        for (key, value) in try #require(list.first) {
            // `Group:CopyN:Name` for duplicates (-G1:4): gather every value of a tag.
            let parts = key.split(separator: ":")
            guard parts.count >= 2 else { continue }
            tags["\(parts[0]):\(parts[parts.count - 1])", default: []].append(value)
        }
        return tags
    }

    static func compare(_ path: String, name: String) throws -> Comparison {
        // A file that is no movie (fuzz inputs with only a top-level meta) has no items: then
        // ExifTool must find no movie metadata either.
        let movie = try? Movie.open(path: path)
        let reading = movie.map { MetadataReader.items(in: $0) } ?? MetadataReading()
        return compare(reading.items, tracks: movie?.tracks ?? [], with: try exifToolTags(path), name: name)
    }

    /// Compares `items` read from a movie with `tracks` against ExifTool's `tags` for it.
    static func compare(_ items: [MetadataItem], tracks: [Track], with tags: [String: [Any]], name: String) -> Comparison {
        let trackIndex = Dictionary(tracks.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        var result = Comparison()
        var matchedTags: Set<String> = []
        for item in items {
            let identifier = item.identifier.description
            guard let tag = ExifToolTag(item, trackIndex: item.scope.trackID.flatMap { trackIndex[$0] }) else {
                result.notShownByExifTool.append(identifier)
                continue
            }
            // ExifTool's QuickTime language suffix: `Tag-xxx` (no suffix for `und` or none).
            let key = tag.description + ExifToolTag.languageSuffix(item)
            matchedTags.insert(key)
            if knownDifferences[identifier] != nil || knownFileDifferences["\(name) \(identifier)"] != nil
                || filesExifToolDoesNotRead[name] != nil { continue }
            guard let values = tags[key] else {
                result.problems.append("\(identifier) (\(item.value.displayText.prefix(60))): ExifTool has no \(key)")
                continue
            }
            result.compared += 1
            if !values.contains(where: { ExifToolValue.agrees($0, with: item) }) {
                result.problems.append("\(identifier) = \(item.value.displayText.prefix(80)) but ExifTool \(key) = \(values.map { "\($0)".prefix(80) })")
            }
        }
        for key in tags.keys.sorted() where ["UserData", "Keys", "ItemList", "iTunes"].contains(String(key.split(separator: ":")[0])) {
            if !matchedTags.contains(key) {
                result.problems.append("ExifTool \(key) = \(tags[key].map { "\($0)".prefix(80) } ?? "") is no item of ours")
            }
        }
        return result
    }

    static func check(_ path: String, name: String) throws {
        let result = try compare(path, name: name)
        for problem in result.problems { Issue.record("\(name): \(problem)") }
        print("ExifTool agreement: \(name): \(result.compared) items compared, \(result.problems.count) disagreements, "
              + "\(result.notShownByExifTool.count) not shown by ExifTool \(result.notShownByExifTool)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")),
          arguments: ["metadata.mov", "metadata-keys.mov", "metadata-udta.mov", "chapters.mov", "demo.mov"])
    func testMedia(_ name: String) throws {
        let path = TestPaths.testMedia.appendingPathComponent(name).path
        let result = try Self.compare(path, name: name)
        #expect(result.compared > 0 || name == "demo.mov" || name == "chapters.mov")
        try Self.check(path, name: name)
    }

    static let metadataFeatures: Set<String> = ["qt-mdta-keys", "itunes-ilst", "location", "udta"]

    @Test(.corpus, .enabled(if: ExternalTool.shouldRun("exiftool")),
          arguments: try CorpusIndex.arguments { !$0.features.isDisjoint(with: metadataFeatures) && !$0.isRawPayload })
    func corpus(_ entry: CorpusEntry) throws {
        try Self.check(entry.url.path, name: entry.name)
    }

    /// The comparison catches a wrong value, a wrong language and a missing item in a real file.
    @Test(.enabled(if: ExternalTool.shouldRun("exiftool"))) func aWrongReadingOfARealFileFails() throws {
        let path = TestPaths.testMedia.appendingPathComponent("metadata-udta.mov").path
        let movie = try Movie.open(path: path)
        let items = MetadataReader.items(in: movie).items
        let tags = try Self.exifToolTags(path)
        #expect(Self.compare(items, tracks: movie.tracks, with: tags, name: "as read").problems.isEmpty)
        var wrongValue = items
        wrongValue[0].value = .text("Metadata tesT")
        #expect(Self.compare(wrongValue, tracks: movie.tracks, with: tags, name: "wrong value").problems.count == 1)
        var wrongLanguage = items
        wrongLanguage[0].language = "fra"
        #expect(!Self.compare(wrongLanguage, tracks: movie.tracks, with: tags, name: "wrong language").problems.isEmpty)
        #expect(Self.compare(Array(items.dropFirst()), tracks: movie.tracks, with: tags, name: "missing").problems.count == 1)
        var wrongKey = items
        wrongKey[1].identifier = MetadataIdentifier(.quickTimeUserData, "©cmt")
        #expect(!Self.compare(wrongKey, tracks: movie.tracks, with: tags, name: "wrong key").problems.isEmpty)
    }

    /// The comparison is not vacuous: a value, a language or a name that differs is reported.
    @Test(.enabled(if: ExternalTool.shouldRun("exiftool"))) func aWrongValueWouldFail() throws {
        let base = MetadataItem(identifier: MetadataIdentifier(.quickTimeUserData, "©nam"), value: .text("Metadata test"))
        #expect(ExifToolValue.agrees("Metadata test", with: base))
        var wrong = base
        wrong.value = .text("Metadata tesT")
        #expect(!ExifToolValue.agrees("Metadata test", with: wrong))
        var date = base
        date.value = .text("2024-01-01T12:00:00+0100")
        #expect(ExifToolValue.agrees("2024:01:01 12:00:00+01:00", with: date))
        #expect(!ExifToolValue.agrees("2024:01:01 12:00:00+02:00", with: date))
        var place = base
        place.value = .text("+48.8584+002.2945+035.000/")
        #expect(!ExifToolValue.agrees("48.8584 2.2946 35", with: place))
        let french = MetadataItem(identifier: base.identifier, value: base.value, language: "fra")
        #expect(ExifToolTag(french, trackIndex: nil)?.description == "UserData:Title")
    }
}
