import Foundation
import Testing
import LegibleTestSupport

/// A catalogue of 200 jobs on copies of TestMedia/demo.mov in a temporary folder, as a batch
/// user would lay one out: `in/` movies, `out/` results, a manifest with relative paths and a
/// comment, and three jobs on bad inputs (strip on a truncated movie, set-track on a missing
/// file, check on a text file named .mov).
struct BatchScenario {
    struct Job {
        var line: Int
        var command: String
        var input: String
        var output: String?
        var isBad: Bool
    }

    let folder: TemporaryFolder
    let manifest: String
    let jobs: [Job]

    static let jobCount = 200
    static let badInputs = [51: "in/truncated.mov", 122: "in/missing.mov", 184: "in/not-a-movie.mov"]

    init(_ label: String) throws {
        folder = try TemporaryFolder(label)
        let media = TestPaths.testMedia
        try FileManager.default.createDirectory(atPath: folder.path("in"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: false)
        for copy in 0..<5 { _ = try folder.copy(media.appendingPathComponent("demo.mov"), as: "in/m\(copy).mov") }
        _ = try folder.copy(media.appendingPathComponent("english-sdh.srt"), as: "in/english-sdh.srt")
        // demo.mov keeps its moov at the end: its first 60000 bytes are samples without a moov.
        try Data(contentsOf: media.appendingPathComponent("demo.mov")).prefix(60000)
            .write(to: URL(fileURLWithPath: folder.path("in/truncated.mov")))
        _ = try folder.copy(media.appendingPathComponent("english-sdh.srt"), as: "in/not-a-movie.mov")

        var lines = ["# 200 jobs: add-subtitles, strip, set-track, set-metadata and check on copies of demo.mov", ""]
        var jobs: [Job] = []
        for index in 0..<Self.jobCount {
            let input = Self.badInputs[index] ?? "in/m\((index / 5) % 5).mov"
            let output = "out/j\(index).mov"
            let (command, text): (String, String) = switch index % 5 {
            case 0: ("add-subtitles", #""subtitles": "in/english-sdh.srt", "language": "en", "sdh": true, "output": "\#(output)""#)
            case 1: ("strip", #""output": "\#(output)""#)
            case 2: ("set-track", #""track": 4, "language": "fr", "name": "Français", "output": "\#(output)""#)
            case 3: ("set-metadata", #""set": ["title=Job \#(index)", "title@fr=Tâche \#(index)"], "output": "\#(output)""#)
            default: ("check", "")
            }
            let rest = text.isEmpty ? "" : ", " + text
            lines.append(#"{"command": "\#(command)", "input": "\#(input)"\#(rest)}"#)
            jobs.append(Job(line: lines.count, command: command, input: input,
                            output: command == "check" ? nil : output, isBad: Self.badInputs[index] != nil))
            if index == 99 { lines.append("# half way") }
        }
        manifest = folder.path("jobs.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        self.jobs = jobs
    }

    /// The batch's result lines, by manifest line (in a log, the `started` lines that claim an
    /// output before its job runs are not results).
    static func results(_ stdout: String) throws -> [Int: [String: Any]] {
        var results: [Int: [String: Any]] = [:]
        for line in stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            if object["status"] as? String == "started" { continue }
            let number = try #require(object["line"] as? Int)
            #expect(results[number] == nil, "line \(number) reported twice")
            results[number] = object
        }
        return results
    }

    /// The `.NAME.legible-XXXXXX` temporary files in out/.
    func temporaries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).filter { $0.contains(".legible-") }
    }
}
