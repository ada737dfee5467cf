import Testing
@testable import legible

/// The batch's documented mapping from a job's keys to its command's arguments
/// (`legible batch --help`), checked against command shapes.
@Suite struct BatchArgumentMappingTests {
    /// `legible add-chapters MOVIE CHAPTERS -o OUT` (issue 10's interface for the command being
    /// written alongside batch), with the output options every writing command shares
    /// (EditOutputOptions).
    static let addChapters = CommandShape(
        positionals: [.init(name: "movie", isOptional: false), .init(name: "chapters", isOptional: false)],
        options: ["output": .init(kind: .value, isRepeating: false), "in-place": .init(kind: .flag, isRepeating: false),
                  "overwrite": .init(kind: .flag, isRepeating: false), "brand": .init(kind: .value, isRepeating: false),
                  "progress": .init(kind: .value, isRepeating: false), "quiet": .init(kind: .flag, isRepeating: false),
                  "json": .init(kind: .flag, isRepeating: false)])

    static func job(_ json: String) throws -> BatchJob {
        try #require(BatchManifest(text: json).jobs.first)
    }

    static func arguments(_ json: String, shape: CommandShape = addChapters) throws -> [String] {
        let job = try job(json)
        return try JobArguments(job: job, command: try #require(job.command), shape: shape).arguments
    }

    static func failure(_ json: String, shape: CommandShape = addChapters) throws -> String? {
        let job = try job(json)
        let command = try #require(job.command)
        do {
            _ = try JobArguments(job: job, command: command, shape: shape)
            return nil
        } catch { return error.description }
    }

    @Test func addChaptersTakesInputAndChaptersAsItsPositionalsAndOutputAsDashO() throws {
        let arguments = try Self.arguments(#"{"command": "add-chapters", "input": "a.mov", "chapters": "a.chapters.txt", "output": "out/a.mov"}"#)
        // --output is -o's long name; positionals follow `--` so a path starting with - stays a path.
        #expect(arguments == ["--output=out/a.mov", "--", "a.mov", "a.chapters.txt"])
    }

    @Test func inPlaceIsAKebabCaseFlag() throws {
        let arguments = try Self.arguments(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "inPlace": true, "quiet": false}"#)
        #expect(arguments == ["--in-place", "--", "a.mov", "c.txt"])
        let kebab = try Self.arguments(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "in-place": true}"#)
        #expect(kebab == arguments)
    }

    @Test func aMissingPositionalATypoAndAWrongKindAreTheJobsErrors() throws {
        #expect(try Self.failure(#"{"command": "add-chapters", "input": "a.mov", "output": "b.mov"}"#) == "add-chapters needs \"chapters\"")
        let typo = try #require(try Self.failure(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "ouput": "b.mov"}"#))
        #expect(typo.hasPrefix("unknown key \"ouput\": add-chapters takes input, chapters, brand, in-place"))
        #expect(try Self.failure(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "inPlace": "yes"}"#)
                == "\"inPlace\" is a flag: give it true or false, not a string")
        #expect(try Self.failure(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "output": true}"#)
                == "\"output\" takes a value (a string or number), not a Boolean")
        #expect(try Self.failure(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "output": ["a", "b"]}"#)
                == "\"output\" takes one value, not an array")
        #expect(try Self.failure(#"{"command": "add-chapters", "input": "a.mov", "chapters": "c.txt", "brand": null}"#)
                == "\"brand\" takes a value (a string or number), not null")
    }

    /// The shapes come from the argument parser's description of the built commands: set-track's
    /// `--track` takes a number, set-metadata's `--set` repeats (SetTrackCommand, SetMetadataCommand).
    @Test func numbersAndArraysMapOntoTheBuiltCommands() throws {
        let shapes = BatchCommand.commandShapes
        let setTrack = try #require(shapes["set-track"])
        #expect(setTrack.positionals.map(\.name) == ["movie"])
        #expect(try Self.arguments(#"{"command": "set-track", "input": "a.mov", "track": 4, "default": true, "output": "b.mov"}"#, shape: setTrack)
                == ["--default", "--output=b.mov", "--track=4", "--", "a.mov"])
        let setMetadata = try #require(shapes["set-metadata"])
        #expect(try Self.arguments(#"{"command": "set-metadata", "input": "a.mov", "set": ["title=A", "title@fr=B"], "inPlace": true}"#, shape: setMetadata)
                == ["--in-place", "--set=title=A", "--set=title@fr=B", "--", "a.mov"])
        let addSubtitles = try #require(shapes["add-subtitles"])
        #expect(addSubtitles.positionals.map(\.name) == ["movie", "subtitles"])
        #expect(try Self.arguments(#"{"command": "add-subtitles", "input": "a.mov", "subtitles": "-a.srt", "followAudio": "auto", "output": "o.mov"}"#, shape: addSubtitles)
                == ["--follow-audio=auto", "--output=o.mov", "--", "a.mov", "-a.srt"])
        #expect(shapes["batch"] == nil, "a job cannot run a batch")
    }

    @Test func manifestNumbersLinesAndIndexesJobsOnly() throws {
        let manifest = BatchManifest(text: "# jobs\n\n{\"command\": \"check\", \"input\": \"a.mov\"}\n  \n{\"command\": \"check\", \"input\": \"b.mov\"}\nnot json\n{\"input\": \"c.mov\"}\n[1]\n")
        #expect(manifest.jobs.map(\.line) == [3, 5, 6, 7, 8])
        #expect(manifest.jobs.map(\.index) == [0, 1, 2, 3, 4])
        #expect(manifest.jobs[2].problem?.hasPrefix("not JSON: column 1") == true)
        #expect(manifest.jobs[3].problem?.hasPrefix("no \"command\" string") == true)
        #expect(manifest.jobs[4].problem?.hasPrefix("not a JSON object") == true)
        let shards = (0..<3).map { manifest.jobs(inShard: BatchShard(argument: "\($0)/3")).map(\.index) }
        #expect(shards == [[0, 3], [1, 4], [2]])
        #expect(BatchShard(argument: "3/3") == nil)
        #expect(BatchShard(argument: "0/0") == nil)
    }

    /// RFC 8259 §3: true and false are literals, not numbers; 1 is a number.
    @Test func booleansAndNumbersStayDistinct() throws {
        let job = try Self.job(#"{"command": "x", "a": true, "b": 1, "c": 1.5, "d": "1"}"#)
        #expect(job.values == ["a": .bool(true), "b": .integer(1), "c": .number(1.5), "d": .string("1")])
    }

    @Test func camelCaseKeysBecomeKebabCaseOptions() {
        #expect(JobArguments.kebabCase("inPlace") == "in-place")
        #expect(JobArguments.kebabCase("removeCharacteristic") == "remove-characteristic")
        #expect(JobArguments.kebabCase("fit-to-video") == "fit-to-video")
    }
}
