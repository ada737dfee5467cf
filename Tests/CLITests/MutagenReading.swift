import Foundation
import LegibleTestSupport
import Testing

/// What mutagen (PyPI), the tag library of many music and media tools, reads from an MPEG-4
/// file: the iTunes list (`moov/udta/meta/ilst`) and the Nero chapter list (`moov/udta/chpl`).
enum MutagenReading {
    /// Whether mutagen tests run: python3 on PATH (or interop required, so a missing python3 or
    /// module fails rather than skips).
    static var available: Bool { ExternalTool.shouldRun("python3") }

    /// The text values of each iTunes item, by item type (`©nam`).
    static func tags(_ path: String) throws -> [String: [String]] {
        let script = """
        import json, sys, mutagen.mp4
        tags = mutagen.mp4.MP4(sys.argv[1]).tags or {}
        print(json.dumps({key: [str(value) for value in values] for key, values in tags.items()}))
        """
        return try #require(try run(script, path) as? [String: [String]])
    }

    /// The chapters mutagen reads from `chpl`: (start in seconds, title).
    static func chapters(_ path: String) throws -> [(start: Double, title: String)] {
        let script = """
        import json, sys, mutagen.mp4
        chapters = mutagen.mp4.MP4(sys.argv[1]).chapters or []
        print(json.dumps([[chapter.start, chapter.title] for chapter in chapters]))
        """
        let list = try #require(try run(script, path) as? [[Any]])
        return try list.map { pair in (try #require(pair.first as? Double), try #require(pair.last as? String)) }
    }

    private static func run(_ script: String, _ path: String) throws -> Any {
        let output = try ExternalTool.run("python3", ["-c", script, path])
        try #require(output.status == 0, "mutagen failed: \(output.stderr)")
        return try JSONSerialization.jsonObject(with: output.stdoutData)
    }
}
