import Foundation
import ISOBMFF
import Testing
@testable import Movie

/// The chapter list parsers; every expected value is read off the input text.
@Suite struct ChapterInputTests {
    private func ms(_ value: Int64) -> MediaTime { .milliseconds(value) }

    @Test(arguments: [
        ("0:00", 0), ("1:30", 90_000), ("1:02:03", 3_723_000), ("00:00:00.000", 0), ("00:01:30.250", 90_250),
        ("00:01:30,250", 90_250), ("01:00:00.5", 3_600_500), ("12", 12_000), ("0:00:01.0004", 1_000),
    ] as [(String, Int64)])
    func timestamps(text: String, milliseconds: Int64) {
        #expect(ChapterTimestamp.parse(text[...])?.roundedMilliseconds == milliseconds)
    }

    /// Digits past the microsecond round it (half away from zero).
    @Test func fractionRoundsToTheMicrosecond() {
        #expect(ChapterTimestamp.parse("0:01.0000015")?.microseconds == 1_000_002)
        #expect(ChapterTimestamp.parse("0:01.0000014")?.microseconds == 1_000_001)
    }

    @Test(arguments: ["", "1:60", "1:00:60", "a:00", "1:2:3:4", "00:00:00.", "-1:00", "00:00:00.0000000000"])
    func notTimestamps(text: String) {
        #expect(ChapterTimestamp.parse(text[...]) == nil)
    }

    @Test func formatIsHoursMinutesSecondsMilliseconds() {
        #expect(ChapterTimestamp.format(ms(3_723_456)) == "01:02:03.456")
        #expect(ChapterTimestamp.format(.zero) == "00:00:00.000")
    }

    @Test func textListSkipsBlankLinesAndComments() throws {
        let text = "# chapters\n00:00:00.000 Opening\r\n\n  1:30   The Storm  \n1:02:03,5 Ending # not a comment\n"
        let input = try ChapterTextParser.parse(text)
        #expect(input.entries.map(\.chapter.title) == ["Opening", "The Storm", "Ending # not a comment"])
        #expect(input.entries.map(\.chapter.start) == [ms(0), ms(90_000), ms(3_723_500)])
        #expect(input.entries.map(\.place) == ["line 2", "line 4", "line 5"])
    }

    @Test func textListErrorsNameTheLine() {
        #expect(throws: ChapterInputError("'1:75' is not a time; write HH:MM:SS.mmm, M:SS or H:MM:SS, then the title", at: "line 2")) {
            try ChapterTextParser.parse("0:00 A\n1:75 B\n")
        }
        #expect(throws: ChapterInputError("no title after the time 0:10", at: "line 1")) {
            try ChapterTextParser.parse("0:10\n")
        }
    }

    /// ffmpeg-formats "Metadata": the header, [CHAPTER] with TIMEBASE/START/END/title, comments
    /// with ; and #, and `\` escaping =, ;, #, \ and a line break.
    @Test func ffmetadataChaptersWithEscapes() throws {
        let text = """
        ;FFMETADATA1
        title=Movie title
        ; a comment
        [CHAPTER]
        TIMEBASE=1/1000
        START=0
        END=1500
        title=a\\=b\\;c\\#d\\\\e
        [STREAM]
        title=not a chapter
        # another comment
        [CHAPTER]
        TIMEBASE=1/90000
        START=135000
        END=270000
        title=two\\
        lines
        [CHAPTER]
        START=3000000000
        title=nanoseconds by default
        """
        let input = try FFMetadataParser.parse(text)
        #expect(input.entries.map(\.chapter.title) == ["a=b;c#d\\e", "two\nlines", "nanoseconds by default"])
        #expect(input.entries.map(\.chapter.start) == [ms(0), ms(1_500), ms(3_000)])
        #expect(input.entries.map(\.chapter.end) == [ms(1_500), ms(3_000), nil])
        #expect(input.entries.map(\.place) == ["line 4", "line 12", "line 18"])
    }

    @Test func ffmetadataErrors() {
        #expect(throws: ChapterInputError("not an FFmpeg metadata file: the first line must be ;FFMETADATA1", at: "line 1")) {
            try FFMetadataParser.parse("[CHAPTER]\nSTART=0\n")
        }
        #expect(throws: ChapterInputError("the [CHAPTER] has no START", at: "line 2")) {
            try FFMetadataParser.parse(";FFMETADATA1\n[CHAPTER]\ntitle=x\n")
        }
        #expect(throws: ChapterInputError("TIMEBASE must be two positive whole numbers, num/den (such as 1/1000), not '1/0'", at: "line 3")) {
            try FFMetadataParser.parse(";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/0\nSTART=0\n")
        }
        #expect(throws: ChapterInputError("START must be a whole number of TIMEBASE units, 0 or more, not '1.5'", at: "line 3")) {
            try FFMetadataParser.parse(";FFMETADATA1\n[CHAPTER]\nSTART=1.5\n")
        }
    }

    /// The shape `legible chapters --json` prints, and a bare array with clock-time starts.
    @Test func jsonBothShapes() throws {
        let printed = """
        {"file": "a.mov", "chapters": [
          {"start": 0, "startTime": "00:00:00.000", "end": 2, "endTime": "00:00:02.000", "title": "One"},
          {"start": 2.5, "startTime": "00:00:02.500", "end": 4, "endTime": "00:00:04.000", "title": "Two"}],
         "source": {"type": "nero"}}
        """
        let document = try JSONDecoder().decode(ChapterJSONDocument.self, from: Data(printed.utf8))
        #expect(document.input.entries.map(\.chapter) == [Chapter(start: ms(0), title: "One"), Chapter(start: ms(2_500), title: "Two")])
        let bare = #"[{"start": "00:00:00.000", "title": "A"}, {"start": "1:02", "title": "B"}]"#
        let array = try JSONDecoder().decode(ChapterJSONDocument.self, from: Data(bare.utf8))
        #expect(array.input.entries.map(\.chapter.start) == [ms(0), ms(62_000)])
        #expect(array.input.entries.map(\.place) == ["chapters[0]", "chapters[1]"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ChapterJSONDocument.self, from: Data(#"[{"start": "soon", "title": "A"}]"#.utf8))
        }
    }

    @Test func validationRefusesWhatAChapterTrackCannotHold() throws {
        func input(_ pairs: [(Int64, String)]) -> ChapterInput {
            ChapterInput(entries: pairs.enumerated().map { index, pair in
                ChapterInput.Entry(chapter: Chapter(start: ms(pair.0), title: pair.1), place: "line \(index + 1)")
            })
        }
        let end = ms(10_000)
        #expect(try input([(0, "A"), (5_000, "B")]).validated(movieEnd: end).map(\.title) == ["A", "B"])
        #expect(throws: ChapterInputError("no chapters")) { try input([]).validated(movieEnd: end) }
        #expect(throws: ChapterInputError.self) { try input([(1_000, "A")]).validated(movieEnd: end) }
        #expect(throws: ChapterInputError("two chapters start at 00:00:05.000 (the other is at line 2)", at: "line 3")) {
            try input([(0, "A"), (5_000, "B"), (5_000, "C")]).validated(movieEnd: end)
        }
        #expect(throws: ChapterInputError.self) { try input([(0, "A"), (6_000, "B"), (5_000, "C")]).validated(movieEnd: end) }
        #expect(throws: ChapterInputError.self) { try input([(0, "A"), (10_000, "B")]).validated(movieEnd: end) }
        #expect(throws: ChapterInputError.self) { try input([(0, "  ")]).validated(movieEnd: end) }
    }

    @Test(arguments: [("a.txt", ChapterInputFormat.text), ("A.FFMETA", .ffmetadata), ("x.ffmetadata", .ffmetadata), ("c.json", .json)])
    func formatFromExtension(path: String, format: ChapterInputFormat) {
        #expect(ChapterInputFormat(path: path) == format)
    }
}
