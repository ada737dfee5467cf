import Foundation
import LegibleTestSupport
import Testing

/// The cluster recipes of Examples/ for `batch --shard`, run for real: the Slurm array job
/// (`Examples/slurm/legible-batch.sh`) submitted with `sbatch --array=0-3` to the one-node
/// cluster `Scripts/slurm-local` starts (CI runs it), and the Kubernetes Indexed Job's container
/// command (`Examples/kubernetes/legible-catalogue.yaml`) run once per completion index.
@Suite struct SlurmBatchTests {
    static let slurmScript = TestPaths.packageRoot.appendingPathComponent("Examples/slurm/legible-batch.sh")
    static let kubernetesJob = TestPaths.packageRoot.appendingPathComponent("Examples/kubernetes/legible-catalogue.yaml")

    /// Ten add-subtitles jobs over copies of two TestMedia movies, each with its own language:
    /// what a job writes can be told from every other job's output.
    struct Catalogue {
        static let languages = [("en", "eng"), ("fr", "fra"), ("de", "deu"), ("es", "spa"), ("it", "ita"),
                                ("ja", "jpn"), ("pt-BR", "por"), ("nl", "nld"), ("sv", "swe"), ("fi", "fin")]
        let folder: TemporaryFolder
        /// Per job (index from 0): its manifest line, source movie and output.
        let jobs: [(line: Int, source: String, output: String, language: String)]

        init(_ label: String, manifestFolder: String = "") throws {
            folder = try TemporaryFolder(label)
            let base = manifestFolder.isEmpty ? folder.url : folder.url.appendingPathComponent(manifestFolder)
            try FileManager.default.createDirectory(at: base.appendingPathComponent("in"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: base.appendingPathComponent("logs"), withIntermediateDirectories: true)
            for name in ["demo.mov", "demo.mp4", "english-sdh.srt"] {
                try FileManager.default.copyItem(at: TestPaths.testMedia.appendingPathComponent(name),
                                                 to: base.appendingPathComponent("in/\(name)"))
            }
            var lines = ["# Legible's Slurm and Kubernetes recipes: one add-subtitles job per language"]
            var jobs: [(Int, String, String, String)] = []
            for (index, (tag, code)) in Self.languages.enumerated() {
                let source = index.isMultiple(of: 2) ? "demo.mov" : "demo.mp4"
                let output = "out/\(index)-\(tag).\(source.hasSuffix(".mov") ? "mov" : "mp4")"
                lines.append(#"{"command": "add-subtitles", "input": "in/\#(source)", "subtitles": "in/english-sdh.srt", "language": "\#(tag)", "sdh": true, "output": "\#(output)"}"#)
                jobs.append((lines.count, base.appendingPathComponent("in/\(source)").path, base.appendingPathComponent(output).path, code))
            }
            try (lines.joined(separator: "\n") + "\n").write(to: base.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
            self.jobs = jobs
        }

        /// Every job's result in the shard logs `logs/shard-I.jsonl` (I from 0 to `shards` - 1):
        /// each job is in the log of the shard its index names, once, done; no log has another.
        func checkLogs(in logs: URL, shards: Int) throws {
            var seen: [Int: Int] = [:]
            for shard in 0..<shards {
                let text = try String(contentsOf: logs.appendingPathComponent("shard-\(shard).jsonl"), encoding: .utf8)
                for (line, result) in try BatchScenario.results(text) {
                    let index = try #require(jobs.firstIndex { $0.line == line }, "shard \(shard) logged line \(line), no job")
                    #expect(index % shards == shard, "job \(index) ran in shard \(shard)")
                    #expect(result["status"] as? String == "done", "job \(index): \(result)")
                    seen[index, default: 0] += 1
                }
            }
            #expect(seen == Dictionary(uniqueKeysWithValues: jobs.indices.map { ($0, 1) }))
        }

        /// Every output, as ffprobe and ffmpeg read it: the source's streams, packet for packet
        /// (framemd5), then one tx3g subtitle stream in the job's language.
        func checkOutputs() throws {
            var sourceReadings: [String: ([FFmpegReading.Stream], [[String]])] = [:]
            for job in jobs {
                if sourceReadings[job.source] == nil {
                    let streams = try FFmpegReading.streams(job.source)
                    sourceReadings[job.source] = (streams, try streams.map { try FFmpegReading.framemd5(job.source, stream: $0.index) })
                }
                let (sourceStreams, sourceFrames) = try #require(sourceReadings[job.source])
                let streams = try FFmpegReading.streams(job.output)
                try #require(streams.count == sourceStreams.count + 1, "\(job.output): \(streams)")
                #expect(Array(streams.prefix(sourceStreams.count)) == sourceStreams)
                #expect(streams.last.map { [$0.codecType, $0.codecTag, $0.language ?? "-"] } == ["subtitle", "tx3g", job.language])
                for (stream, frames) in zip(sourceStreams, sourceFrames) {
                    #expect(try FFmpegReading.framemd5(job.output, stream: stream.index) == frames, "\(job.output) stream \(stream.index)")
                }
            }
        }
    }

    /// `sbatch --array=0-3 legible-batch.sh`, waited for: four array tasks, each run once and
    /// successfully (Slurm's own record and output files say so), together running every job of
    /// the manifest exactly once, in the shard its index names, with the right output.
    @Test(.enabled(if: ExternalTool.shouldRun("sbatch")))
    func theSlurmArrayJobRunsEveryJobOnce() throws {
        let catalogue = try Catalogue("slurm-array")
        defer { catalogue.folder.remove() }
        _ = try catalogue.folder.copy(Self.slurmScript, as: "legible-batch.sh")
        // The tasks find `legible` on PATH: sbatch passes the submitting environment on.
        let path = TestPaths.legibleExecutable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let submit = try ExternalTool.run("/usr/bin/env", ["PATH=\(path)", "sbatch", "--parsable", "--wait", "--array=0-3", "legible-batch.sh"],
                                          in: catalogue.folder.url, timeout: .seconds(600))
        #expect(submit.status == 0, "sbatch: \(submit.stdout) \(submit.stderr)")
        let jobID = try #require(submit.stdout.split(separator: "\n").first.map { String($0.split(separator: ";")[0]) }, "\(submit.stdout)")

        // One Slurm output file per task, holding what the task's batch printed: its results and
        // its summary line.
        let outputs = try catalogue.folder.contents().filter { $0.hasPrefix("slurm-") }
        #expect(outputs == (0..<4).map { "slurm-\(jobID)_\($0).out" })
        for name in outputs {
            let text = try String(contentsOfFile: catalogue.folder.path(name), encoding: .utf8)
            #expect(text.contains("0 failed"), "\(name): \(text)")
        }
        // Slurm's record of the array: four tasks, each completed once with exit code 0.
        let record = try ExternalTool.run("scontrol", ["show", "job", jobID, "--oneliner"])
        #expect(record.status == 0, "\(record.stderr)")
        let tasks = record.stdout.split(separator: "\n")
        #expect(tasks.count == 4, "\(record.stdout)")
        #expect(Set(tasks.compactMap { $0.split(separator: " ").first { $0.hasPrefix("ArrayTaskId=") } }) == Set((0..<4).map { "ArrayTaskId=\($0)" }))
        for task in tasks {
            #expect(task.contains("JobState=COMPLETED") && task.contains("ExitCode=0:0") && task.contains("Restarts=0"), "\(task)")
        }

        try catalogue.checkLogs(in: catalogue.folder.url.appendingPathComponent("logs"), shards: 4)
        try catalogue.checkOutputs()
    }

    /// The Kubernetes Indexed Job, without Kubernetes: its container command, with the volume's
    /// `/catalogue` where the test's folder is, run by `sh` once per completion index (0 to 7).
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func theKubernetesCommandCoversTheManifestOnce() throws {
        let manifest = try String(contentsOf: Self.kubernetesJob, encoding: .utf8)
        let commandLine = try #require(manifest.split(separator: "\n").first { $0.contains("command: [\"sh\", \"-c\", ") })
        let prefix = "command: [\"sh\", \"-c\", \""
        let start = try #require(commandLine.range(of: prefix)?.upperBound)
        let command = String(commandLine[start...].dropLast(2))
        #expect(manifest.contains("completions: 8"))
        #expect(command.contains("--shard $JOB_COMPLETION_INDEX/8"))

        let catalogue = try Catalogue("kubernetes-indexed", manifestFolder: "catalogue")
        defer { catalogue.folder.remove() }
        let volume = catalogue.folder.path("catalogue")
        let path = TestPaths.legibleExecutable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for index in 0..<8 {
            let pod = try ExternalTool.run("/usr/bin/env", ["PATH=\(path)", "JOB_COMPLETION_INDEX=\(index)", "sh", "-c",
                                                            command.replacingOccurrences(of: "/catalogue", with: volume)])
            #expect(pod.status == 0, "index \(index): \(pod.stderr)")
        }
        try catalogue.checkLogs(in: URL(fileURLWithPath: volume).appendingPathComponent("logs"), shards: 8)
        try catalogue.checkOutputs()
    }

    /// The README points at the two recipes in Examples/, which the tests above run, rather than
    /// keeping copies of them.
    @Test func theReadmeLinksTheRecipesAsTested() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let root = TestPaths.packageRoot.path + "/"
        #expect(readme.contains("](\(Self.slurmScript.path.replacingOccurrences(of: root, with: "")))"))
        #expect(readme.contains("](\(Self.kubernetesJob.path.replacingOccurrences(of: root, with: "")))"))
    }
}
