import Testing
@testable import TimedText

@Suite("SCC files and timecodes")
struct SCCTests {
    @Test(arguments: [
        // SMPTE ST 12-1 drop-frame: two labels skipped each minute but every tenth.
        ("00:00:01;00", Int64(30)), ("00:01:00;02", 1_800), ("00:10:00;00", 17_982), ("01:00:00;00", 107_892),
        ("00:01:00:00", 1_800), ("01:00:00:00", 108_000), ("00:00:59;29", 1_799),
    ])
    func timecodeFrames(label: String, frame: Int64) throws {
        let timecode = try #require(SCCTimecode(parsing: label))
        #expect(timecode.frame == frame)
        #expect(timecode.description == label)
    }

    @Test func dropFrameLabelsThatDoNotExistAreRefused() {
        #expect(SCCTimecode(parsing: "00:01:00;00") == nil)
        #expect(SCCTimecode(parsing: "00:01:00;01") == nil)
        #expect(SCCTimecode(parsing: "00:10:00;00") != nil)
        #expect(SCCTimecode(parsing: "00:00:00;30") == nil)
        #expect(SCCTimecode(parsing: "00:60:00:00") == nil)
    }

    @Test func parseAndWriteAreInverse() throws {
        let text = "Scenarist_SCC V1.0\n\n00:00:01;00\t9420 9420 94ae 94ae 9452 9452 c845 4c4c 4f80 942f 942f\n\n00:00:03;00\t942c 942c\n\n"
        let document = try SCCParser.parse(string: text)
        #expect(document.bursts.count == 2)
        #expect(document.bursts[0].frame == 30)
        #expect(document.isDropFrame)
        #expect(SCCWriter.write(document) == text)
    }

    @Test(arguments: [
        ("WEBVTT\n\n00:00:01;00\t9420", SCCParseError(.missingHeader, line: 1)),
        ("Scenarist_SCC V1.0\n\n00:00:01;00\t9420 94g0", SCCParseError(.badHexWord("94g0"), line: 3)),
        ("Scenarist_SCC V1.0\n\n00:00:01;00\t9420 942", SCCParseError(.badHexWord("942"), line: 3)),
        ("Scenarist_SCC V1.0\n\n1:00:01;00\t9420", SCCParseError(.badTimecode("1:00:01;00"), line: 3)),
        ("Scenarist_SCC V1.0\n\n00:00:02;00\t9420\n\n00:00:01;00\t9420", SCCParseError(.timecodeNotIncreasing("00:00:01;00", previous: "00:00:02;00"), line: 5)),
        ("Scenarist_SCC V1.0\n\n00:00:02;00", SCCParseError(.noWords, line: 3)),
    ])
    func badInputNamesTheLine(text: String, error: SCCParseError) {
        #expect(throws: error) { try SCCParser.parse(string: text) }
    }

    @Test func garbageNeverTraps() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let length = Int.random(in: 0...400, using: &generator)
            var bytes = Array("Scenarist_SCC V1.0\n\n00:00:00;00\t".utf8)
            bytes += (0..<length).map { _ in [UInt8]("0123456789abcdef \t\n;:".utf8).randomElement(using: &generator) ?? 0 }
            SCCParser.fuzz(bytes)
        }
    }
}
