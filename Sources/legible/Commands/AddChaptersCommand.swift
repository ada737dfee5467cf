import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ISOBMFF
import Language
import Movie
import Remux
import TimedText

/// `legible add-chapters`: replace a movie's chapters with a list from a file.
struct AddChaptersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-chapters",
        abstract: "Write a chapter list into a movie as a QuickTime chapter track, replacing its chapters.",
        discussion: """
        The chapters become a QuickTime chapter track (QTFF "Chapter lists"): a disabled text \
        track, one UTF-8 sample per chapter lasting until the next (the last until the movie's \
        end), listed in tref/chap by the first enabled video track and the first enabled sound \
        track. The movie's old chapters go: chapter tracks used only as chapters, every chap \
        reference, and the Nero list (udta/chpl), so players show only the new list. Every \
        other sample is copied byte for byte.

        --add-language keeps the chapter tracks of other languages (and udta/chpl) and adds \
        this one beside them: one chapter track per language, all listed in tref/chap and kept \
        in one alternate group, from which a player picks the language that best matches its \
        preferences (QTFF "Chapter lists"; AVFoundation's chapterMetadataGroups). Only a \
        chapter track of the same language is replaced. --nero also writes the chapters as a \
        Nero list (udta/chpl), which FFmpeg, mutagen and TagLib read; its titles hold 255 \
        bytes and its readers read 255 chapters, and what does not fit is named (a warning, or \
        an error with --strict).

        Chapter files (the format comes from the extension; --format overrides it):
          text (.txt): one chapter a line, the time then the title; blank lines and lines
            starting with # are ignored. Times: 00:01:30.000, 00:01:30,000, 1:30, 1:02:03.
              00:00:00.000 Opening
              0:42 The Storm
          ffmetadata (.ffmeta, .ffmetadata, .meta): FFmpeg's metadata file, as
            'ffmpeg -i in.mp4 -f ffmetadata out.ffmeta' writes it: ;FFMETADATA1, then
            [CHAPTER] sections with TIMEBASE=1/1000, START=0, END=42000, title=Opening.
          json (.json): what 'legible chapters --json' prints, or a bare array of
            {"start": seconds or "HH:MM:SS.mmm", "title": "…"}.
        The first chapter must start at 0; starts must increase and lie before the movie's \
        end; titles must not be empty. Times are kept to the millisecond.

        Examples:
          legible add-chapters movie.mov chapters.txt -o movie-chapters.mov
          legible chapters --json old.m4b > ch.json && legible add-chapters new.m4b ch.json --in-place
          legible add-chapters movie.mp4 chapters.ffmeta --language en -o out.mp4
          legible add-chapters movie.mov chapitres.txt --language fr --add-language --in-place
          legible add-chapters book.m4b chapters.txt --nero -o tagged.m4b

        Exit status: 0 on success; 2 on bad input (the error names the line) or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v, .m4a, .m4b).")
    var movie: String

    @Argument(help: "The chapter list: text (.txt), FFmpeg metadata (.ffmeta) or JSON (.json).")
    var chapters: String

    @Option(help: "The chapter list's format: text, ffmetadata or json (default: from the extension).")
    var format: ChapterInputFormat?

    @Option(help: "The language of the chapter titles (BCP 47, e.g. en, pt-BR).")
    var language: String?

    @Option(help: "The chapter track's name.")
    var name: String?

    @Flag(help: "Keep the chapter tracks of other languages and add this language beside them (needs --language).")
    var addLanguage = false

    @Flag(help: "Also write the chapters as a Nero chapter list (udta/chpl), which FFmpeg, mutagen and TagLib read.")
    var nero = false

    @OptionGroup var pastEndOption: PastEndOption

    @OptionGroup var outputOptions: EditOutputOptions

    /// Chapter lists are small; anything larger is not one.
    static let maxInputBytes: UInt64 = 16 << 20

    func validate() throws {
        if pastEndOption.pastEnd == .extend {
            throw ValidationError("--past-end takes clip or refuse here: a chapter marks a point in the movie, which cannot grow to hold it")
        }
        if format == nil, ChapterInputFormat(path: chapters) == nil {
            throw ValidationError("cannot tell the format of '\(chapters)' from its extension; say --format text, ffmetadata or json")
        }
        if addLanguage, language == nil {
            throw ValidationError("--add-language needs --language: the chapter tracks of a movie are told apart by their languages")
        }
        if let language, (try? LanguageTag(parsing: language)) == nil {
            throw ValidationError("--language takes a BCP 47 tag such as en or pt-BR, not '\(language)'")
        }
    }

    func run() throws {
        try outputOptions.run(movie: movie) { editor in
            let input = try readInput()
            let header = editor.movie.header
            // Chapters past the end are the engine's to clip (--past-end); a movie without a
            // duration (fragmented) has no end to hold them to.
            let movieEnd = header.flatMap { $0.duration > 0 ? SubtitleTime(units: Int64(clamping: $0.duration), timescale: $0.timescale) : nil }
            let list: [Chapter]
            do throws(ChapterInputError) {
                list = try input.validated(movieEnd: pastEndOption.pastEnd == .refuse ? movieEnd : nil)
            } catch {
                throw CommandFailure("\(chapters): \(error)")
            }
            let request = ChapterTrackRequest(chapters: list, language: try language.map { try LanguageTag(parsing: $0) }, name: name,
                                              addsLanguage: addLanguage, writesNeroList: nero)
            return EditPlan(brand: outputOptions.resolvedBrand(sourcePath: movie), chapters: request, pastEnd: pastEndOption.pastEnd)
        } describe: { report in
            ["wrote chapter track \(report.addedTrackIDs.map(String.init).joined(separator: ", ")) to \(report.path) (\(report.fileSize) bytes)"]
        }
    }

    private func readInput() throws -> ChapterInput {
        let bytes: [UInt8]
        do {
            bytes = try SmallInputFile.read(chapters, limit: Self.maxInputBytes, kind: "a chapter list")
        } catch {
            throw CommandFailure("\(chapters): \(error)")
        }
        let chosen = format ?? ChapterInputFormat(path: chapters) ?? .text
        do throws(ChapterInputError) {
            switch chosen {
            case .text: return try ChapterTextParser.parse(SubtitleTextDecoder.decode(bytes, fallback: .replacement).text)
            case .ffmetadata: return try FFMetadataParser.parse(SubtitleTextDecoder.decode(bytes, fallback: .replacement).text)
            case .json: break
            }
        } catch {
            throw CommandFailure("\(chapters): \(error)")
        }
        do {
            return try JSONDecoder().decode(ChapterJSONDocument.self, from: Data(bytes)).input
        } catch let error as DecodingError {
            let place = JSONSyntaxLocator.firstError(in: bytes).map { "not JSON: \($0)" } ?? error.explanation
            throw CommandFailure("\(chapters): not a chapter list: \(place)")
        }
    }
}

extension ChapterInputFormat: ExpressibleByArgument {}
