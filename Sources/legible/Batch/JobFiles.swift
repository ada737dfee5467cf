#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileOutput
import ISOBMFF
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a batch job reads and writes, resolved against the manifest's folder: what
/// decides whether a rerun can skip it, and whose stale temporary files it clears.
struct JobFiles: Sendable {
    /// The `output` file, when the job writes a new file.
    var output: String?
    /// Every other string the job gives (positional or option, arrays included) that names an
    /// existing file: the movie, subtitles, chapters, a plan, a GPX track… and the sidecar files
    /// of `add-subtitles --sidecars`.
    var inputs: [String]
    /// Every other string the job gives, resolved as a path whether or not a file is there
    /// yet: what the job may read, among them files another job of the batch will write.
    var named: [String]
    /// The file the job may change in place: its movie, when it writes no output of its own
    /// (an in-place edit; a command that only reads it is taken for one, to be safe).
    var edited: String?

    init(job: BatchJob, folder: String) {
        output = job.output.map { Self.resolve($0, in: folder) }
        var named: [String] = []
        for (key, value) in job.values where key != "output" {
            let texts: [String] = if case let .array(elements) = value { elements.compactMap(\.argument) }
                                  else { value.argument.map { [$0] } ?? [] }
            named += texts.filter { !$0.isEmpty }.map { Self.resolve($0, in: folder) }
        }
        // add-subtitles --sidecars reads the files beside its movie that no key names.
        if job.command == "add-subtitles", job.values["sidecars"] == .bool(true), let movie = job.input {
            named += SidecarFiles.paths(beside: Self.resolve(movie, in: folder))
        }
        self.named = named.sorted()
        inputs = self.named.filter { FileStamp(path: $0) != nil }
        edited = output == nil ? job.input.map { Self.resolve($0, in: folder) } : nil
    }

    /// A path from the manifest, relative to the manifest's folder unless absolute.
    static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    var outputExists: Bool { output.flatMap(FileStamp.init(path:)) != nil }

    /// Whether the output exists and is not older than any input. The engine writes an output
    /// under a temporary name and renames it when complete, so an existing output is a whole one.
    var outputIsUpToDate: Bool {
        guard let written = output.flatMap(FileStamp.init(path:))?.modified else { return false }
        return inputs.allSatisfy { (FileStamp(path: $0)?.modified ?? 0) <= written }
    }

    /// Why the output may not be written at all: it is one of the job's inputs (`p.mov`,
    /// `./p.mov`, a link to it), the manifest or the batch's record.
    func outputProblem(manifest: String, log: String) -> String? {
        guard let output else { return nil }
        let target = FileKeys(path: output)
        if let input = inputs.first(where: { FileKeys(path: $0).meets(target) }) {
            return "the output is the job's input '\(input)'; write another file, or edit the input with \"inPlace\": true"
        }
        if FileKeys(path: manifest).meets(target) { return "the output is the batch's manifest" }
        if FileKeys(path: log).meets(target) { return "the output is the batch's log" }
        return nil
    }

    /// Prepares the folders the `outputs` go in: creates those missing, as a catalogue's
    /// `out/SERIES/EPISODE.mov` needs (a folder that cannot be made is left to the job, whose
    /// error then names it), and removes the temporary files a job killed while writing an output
    /// left beside it (the engine's names: `ReplacementFile.temporaryNamePrefix`). Each folder is
    /// listed once, whatever the number of outputs in it, so a catalogue of 100,000 outputs in one
    /// folder costs one listing, not one per job. Returns the paths removed.
    @discardableResult
    static func prepareOutputFolders(for outputs: [String]) -> [String] {
        // Per folder, each output's name by the prefix of its temporary names.
        var targets: [String: [String: String]] = [:]
        for output in outputs {
            let url = URL(fileURLWithPath: output)
            let name = url.lastPathComponent
            targets[url.deletingLastPathComponent().path, default: [:]][ReplacementFile.temporaryNamePrefix(forTargetName: name)] = name
        }
        var removed: [String] = []
        for (folder, names) in targets.sorted(by: { $0.key < $1.key }) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.utf8.count > 6 {
                // A temporary name is its target's prefix and six characters.
                guard let target = names[String(decoding: name.utf8.dropLast(6), as: UTF8.self)],
                      ReplacementFile.isTemporaryName(name, forTargetName: target) else { continue }
                let path = folder + "/" + name
                if unlink(path) == 0 { removed.append(path) }
            }
        }
        return removed
    }
}
