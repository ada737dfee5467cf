import Foundation
import LegibleTestSupport
import Testing

/// The seeds scenario as a user runs it: `legible add-subtitles` puts TestMedia/english-sdh.srt
/// into a copy of a demo movie as an English SDH track that the English audio follows.
struct AddSubtitlesScenario: Sendable, CustomTestStringConvertible {
    var source: String
    /// The output's file name; the edited copy of the source for an in-place edit.
    var output: String
    /// `tx3g` or `wvtt`: the sample entry and the codec tag tools show.
    var format: String
    var inPlace = false

    var testDescription: String { "\(source) → \(inPlace ? "in place" : output) (\(format))" }

    /// demo's movie header says the next track ID is 5 (ExifTool: NextTrackID 5).
    static let newTrackID = 5
    /// demo's subtitle tracks are in alternate group 3 (MediaInfo: AlternateGroup 3).
    static let subtitleGroup = 3

    static let englishSDH = TestPaths.testMedia.appendingPathComponent("english-sdh.srt")

    static let fullRewrites = [
        AddSubtitlesScenario(source: "demo.mov", output: "sdh.mov", format: "tx3g"),
        AddSubtitlesScenario(source: "demo.mp4", output: "sdh.mp4", format: "tx3g"),
        AddSubtitlesScenario(source: "demo.mp4", output: "sdh-wvtt.mp4", format: "wvtt"),
    ]
    static let inPlaceEdits = [
        AddSubtitlesScenario(source: "demo.mov", output: "demo.mov", format: "tx3g", inPlace: true),
        AddSubtitlesScenario(source: "demo.mp4", output: "demo.mp4", format: "wvtt", inPlace: true),
    ]
    static let all = fullRewrites + inPlaceEdits
    static let tx3g = all.filter { $0.format == "tx3g" }
    static let webVTT = all.filter { $0.format == "wvtt" }

    /// The movie as it was.
    var sourcePath: String { TestPaths.testMedia.appendingPathComponent(source).path }

    /// Runs add-subtitles into `folder` and returns the path of the edited movie.
    func run(in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let options = ["--language", "en", "--sdh", "--follow-audio", "auto", "--format", format]
        let arguments: [String]
        let edited: String
        if inPlace {
            edited = try folder.copy(URL(fileURLWithPath: sourcePath), as: output)
            arguments = [edited, Self.englishSDH.path] + options + ["--in-place"]
        } else {
            edited = folder.path(output)
            arguments = [sourcePath, Self.englishSDH.path] + options + ["-o", edited]
        }
        let result = try LegibleCommand.run(["add-subtitles"] + arguments)
        try #require(result.status == 0, "legible add-subtitles \(arguments.joined(separator: " ")): \(result.stderr)",
                     sourceLocation: sourceLocation)
        return edited
    }
}
