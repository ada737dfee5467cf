import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF

/// Telling a file that is not QuickTime or MPEG-4 at all from a damaged one: a file of boxes
/// starts with a 32-bit size and a printable four-character type (ISO/IEC 14496-12 §4.2).
@Suite struct FileRecognitionTests {
    func recognition(_ bytes: [UInt8]) -> BoxError? {
        BoxTreeParser.parse(MemoryByteSource(bytes)).unrecognizedFormatError
    }

    @Test func emptyFileIsNotAMovie() {
        #expect(recognition([])?.description == "not a QuickTime or MPEG-4 file: it is empty")
        #expect(recognition([])?.location == nil)
    }

    @Test(arguments: [
        "# Legible\n\nA README, not a movie.\n",
        "1\n00:00:01,000 --> 00:00:02,000\nA SubRip file\n",
        "abc",
    ])
    func textIsNotAMovie(_ text: String) {
        #expect(recognition(ascii(text))?.description == "not a QuickTime or MPEG-4 file: it does not start with a box header")
    }

    @Test func unprintableFirstTypeIsNotAMovie() {
        // A size that fits, then a type no box has.
        #expect(recognition(be32(16) + [0x00, 0x01, 0xFE, 0xFF] + [UInt8](repeating: 0, count: 8)) != nil)
    }

    @Test func impossibleSizeOfAnUnknownFirstTypeIsNotAMovie() {
        #expect(recognition(TestBox.lying("junk", size: 3, [1, 2, 3, 4]).bytes) != nil)
    }

    @Test func damagedMovieIsStillAMovie() {
        // ftyp declares 3 bytes: the file is damaged at its first box, but it is a movie file.
        let file = BoxTreeParser.parse(MemoryByteSource(TestBox.lying("ftyp", size: 3, ascii("isom") + be32(0)).bytes))
        #expect(file.unrecognizedFormatError == nil)
        #expect(file.damage != nil)
    }

    @Test func mediaSegmentIsBoxes() {
        let segment = TestBox.leaf("styp", ascii("msdh") + be32(0)).bytes
            + TestBox.container("moof", [.leaf("mfhd", [0, 0, 0, 0] + be32(1))]).bytes
        #expect(recognition(segment) == nil)
    }

    @Test(arguments: TestPaths.testMediaFiles)
    func testMediaIsRecognisedWholeAndCut(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(recognition(bytes) == nil)
        // Cut anywhere after the first header, a movie stays a (truncated) movie.
        for cut in stride(from: 8, to: bytes.count, by: max(1, bytes.count / 53)) {
            #expect(recognition(Array(bytes.prefix(cut))) == nil, "\(url.lastPathComponent) cut at \(cut)")
        }
    }

    /// Every corpus file ffprobe opens (its stored report has status 0) is a file of boxes.
    @Test(.corpus, arguments: try CorpusIndex.arguments { !$0.isRawPayload })
    func corpusFilesFFprobeReadsAreRecognised(_ entry: CorpusEntry) throws {
        guard entry.ffprobeReport?.status == 0 else { return }
        let file = BoxTreeParser.parse(try FileByteSource(path: entry.url.path))
        #expect(file.unrecognizedFormatError == nil, "\(entry.name)")
    }
}
