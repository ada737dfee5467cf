import Foundation
import LegibleTestSupport
import Testing

/// `add-subtitles --sidecars` as batch jobs, one manifest line a movie: each job finds its own
/// movie's sidecars, and a changed sidecar makes its job run again on a rerun (it is one of the
/// job's inputs though no key names it).
@Suite struct SidecarsBatchTests {
    @Test func oneLineAMovieAndAChangedSidecarRerunsItsJob() throws {
        let first = try SidecarsScenario(label: "sidecars-batch")
        defer { first.folder.remove() }
        // A second movie in a subfolder with two of the sidecars under its own name.
        let second = first.folder.path("b")
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        _ = try FileManager.default.copyItem(atPath: SidecarsScenario.demo.path, toPath: second + "/B.mov")
        for suffix in ["en.srt", "en.forced.srt"] {
            try FileManager.default.copyItem(atPath: first.path(suffix), toPath: second + "/B.\(suffix)")
        }
        let manifest = first.folder.path("jobs.jsonl")
        try """
        {"command": "add-subtitles", "input": "\(SidecarsScenario.movieName).mov", "sidecars": true, "output": "out/a.mov"}
        {"command": "add-subtitles", "input": "b/B.mov", "sidecars": true, "output": "out/b.mov"}

        """.write(toFile: manifest, atomically: true, encoding: .utf8)

        let run = try LegibleCommand.run(["batch", manifest, "--jobs", "2"])
        try #require(run.status == 0, "\(run.stderr)")
        let results = try BatchScenario.results(run.stdout)
        #expect(results.sorted { $0.key < $1.key }.map { $0.value["status"] as? String } == ["done", "done"])
        // ffprobe counts each output's streams: demo.mov's 4 and the sidecars' tracks.
        if ExternalTool.shouldRun("ffprobe") {
            #expect(try FFmpegReading.streams(first.folder.path("out/a.mov")).count == 4 + SidecarsScenario.expected.count)
            let b = try FFmpegReading.streams(first.folder.path("out/b.mov"))
            #expect(b.map(\.language).suffix(2) == ["eng", "eng"], "\(b)")
        }

        let rerun = try BatchScenario.results(try LegibleCommand.run(["batch", manifest]).stdout)
        #expect(rerun.sorted { $0.key < $1.key }.map { $0.value["status"] as? String } == ["skipped", "skipped"])

        // A sidecar newer than b's output: only b runs again.
        let later = Date().addingTimeInterval(60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: second + "/B.en.forced.srt")
        let third = try BatchScenario.results(try LegibleCommand.run(["batch", manifest]).stdout)
        #expect(third.sorted { $0.key < $1.key }.map { $0.value["status"] as? String } == ["skipped", "done"])
    }
}
