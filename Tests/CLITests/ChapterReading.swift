import Foundation
import LegibleTestSupport
import Testing

/// A chapter as a reader reports it: start (and end) in seconds and the title.
struct ReadChapter: Equatable, CustomStringConvertible {
    var start: Double
    var end: Double?
    var title: String
    var description: String { "\(start)–\(end.map { "\($0)" } ?? "?") \(title)" }

    /// Same title and times within a millisecond (`end` only when both say one).
    func matches(_ other: ReadChapter, tolerance: Double = 0.0011) -> Bool {
        guard title == other.title, abs(start - other.start) <= tolerance else { return false }
        guard let end, let otherEnd = other.end else { return true }
        return abs(end - otherEnd) <= tolerance
    }
}

/// What `legible chapters --json`, ffprobe and ExifTool say a movie's chapters are.
enum ChapterReading {
    static func legible(_ path: String) throws -> (chapters: [ReadChapter], json: [String: Any]) {
        let output = try ExternalTool.run(TestPaths.legibleExecutable.path, ["chapters", "--json", path])
        try #require(output.status == 0, "legible chapters \(path): \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let list = try #require(json["chapters"] as? [[String: Any]])
        return (list.map { ReadChapter(start: $0["start"] as? Double ?? -1, end: $0["end"] as? Double, title: $0["title"] as? String ?? "") }, json)
    }

    /// `ffprobe -show_chapters -of json`: start_time, end_time and tags.title.
    static func ffprobe(_ path: String) throws -> [ReadChapter] {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", path])
        try #require(output.status == 0, "ffprobe \(path): \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        return (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
            ReadChapter(start: Double(chapter["start_time"] as? String ?? "") ?? -1, end: Double(chapter["end_time"] as? String ?? ""),
                        title: (chapter["tags"] as? [String: Any])?["title"] as? String ?? "")
        }
    }

    /// ExifTool 12.57's text track samples (`exiftool -ee`: Text and SampleTime per sample,
    /// groups Doc1, Doc2, …, the tracks' samples one track after another), cut where the
    /// times stop increasing: the first text track's samples.
    static func exiftoolFirstTextTrack(_ path: String) throws -> [ReadChapter] {
        let output = try ExternalTool.run("exiftool", ["-ee", "-n", "-j", "-G3", "-Text", "-SampleTime", path])
        try #require(output.status == 0, "exiftool \(path): \(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        let tags = try #require(list.first)
        var chapters: [ReadChapter] = []
        for index in 1... {
            guard let text = tags["Doc\(index):Text"], let time = tags["Doc\(index):SampleTime"] as? Double else { break }
            if let last = chapters.last, time <= last.start { break }
            chapters.append(ReadChapter(start: time, end: nil, title: "\(text)"))
        }
        return chapters
    }

    static func expectSame(_ got: [ReadChapter], _ want: [ReadChapter], tolerance: Double = 0.0011, _ context: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.count == want.count, "\(context): \(got) vs \(want)", sourceLocation: sourceLocation)
        for (chapter, wanted) in zip(got, want) {
            #expect(chapter.matches(wanted, tolerance: tolerance), "\(context): \(chapter) vs \(wanted)", sourceLocation: sourceLocation)
        }
    }
}
