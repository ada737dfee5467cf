import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing

/// The movies of the corpus and TestMedia that the engine refuses to edit whatever the edit,
/// each with the error it must give and why that refusal is right, taken from outside Legible:
/// a top-level walk of the file (``TopLevelWalk``) or what ffprobe says of it (the corpus's
/// `_reports/`). Tests over every movie hand a refusal to ``check(_:for:)`` instead of passing
/// silently, and ``checkWritten(_:)`` a movie they could write: an unexpected refusal fails
/// them, and so does an expected one that did not happen.
enum ExpectedEditRefusal {
    struct Expectation: CustomStringConvertible {
        /// What the error says (a part of its text).
        var message: String
        /// Why that is right.
        var reason: String
        var description: String { "\"\(message)\" (\(reason))" }
    }

    /// Corpus files refused for what is inside their tables, by their INDEX.md names.
    static let named: [String: Expectation] = [
        "androidx_media/libraries__test_data__src__test__assets__media__mp4__large_stbl_truncated_after_moov.m4b": Expectation(
            message: "track 1's samples at 0x10e7ae run past the end of the file",
            reason: "the file was cut after its moov; ffprobe: 'stream 0, offset 0x10e7ae: partial file'"),
        "mozilla_mp4parse-rust/mp4parse__tests__invalid_userdata.mp4": Expectation(
            message: "track 1's samples at 0x2110a run past the end of the file",
            reason: "ffprobe: 'stream 0, offset 0x2110a: partial file'"),
        "taglib_taglib/tests__data__ilst-is-last.m4a": Expectation(
            message: "track 1's samples at 0xc202 run past the end of the file",
            reason: "TagLib keeps the first 32 KiB; ffprobe: 'stream 0, offset 0xc202: partial file'"),
        "exiftool_exiftool/t__images__CanonRaw.cr3": Expectation(
            message: "track 2's samples at 0x2cca run past the end of the file",
            reason: "ExifTool's test image keeps the 52,502 bytes of its headers, and its co64 tables point past them"),
        "mozilla_mp4parse-rust/mp4parse_capi__tests__zero_empty_stsc.mp4": Expectation(
            message: "track 1's samples lie inside the 'moov' box",
            reason: "its chunk offsets point into moov; ffprobe's h264 decoder finds no valid NAL unit there"),
        "mozilla_mp4parse-rust/mp4parse_capi__tests__chunk_out_of_range.mp4": Expectation(
            message: "stsc run 1 starts at chunk 16777217, but the chunk offsets list 1 chunks",
            reason: "ffprobe: 'contradictionary STSC and STCO', exit status 1"),
        "exiftool_exiftool/t__images__QuickTime.m4a": Expectation(
            message: "stsc run 1 starts at chunk 1, but the chunk offsets list 0 chunks",
            reason: "ffprobe: 'stream 0, missing mandatory atoms, broken header'"),
        "quodlibet_mutagen/tests__data__nero-chapters.m4b": Expectation(
            message: "stsz @ 0x21e4: needs 1 bytes but only 0 remain",
            reason: "its chapter track's stsz is an 8-byte box without fields (the corpus report's box tree: 'stsz 8')"),
    ]

    /// What the engine must say about the movie at `url`, or nil when it must write it.
    static func expectation(for url: URL) throws -> Expectation? {
        let root = CorpusIndex.root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        if path.hasPrefix(root), let named = named[String(path.dropFirst(root.count))] { return named }
        let bytes = try [UInt8](Data(contentsOf: url))
        let top = TopLevelWalk(bytes).boxes.map(\.type)
        // A movie, fragmented or not, is written (a fragmented one as a regular movie); a media
        // segment has no moov to describe its samples.
        guard !top.contains("moov") else { return nil }
        return top.contains("moof")
            ? Expectation(message: "a media segment (moof without moov)", reason: "a top-level moof and no moov: its tracks are in an initialization segment")
            : Expectation(message: "no moov box", reason: "no top-level moov: not a movie")
    }

    /// Fails the test unless the movie at `url` is one the engine must refuse, with `error`.
    static func check(_ error: any Error, for url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let expected = try expectation(for: url) else {
            Issue.record("\(url.lastPathComponent) was refused, unexpectedly: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect("\(error)".contains(expected.message), "\(url.lastPathComponent): expected \(expected), got: \(error)",
                sourceLocation: sourceLocation)
    }

    /// Fails the test when the movie at `url` was to be refused but was written.
    static func checkWritten(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let expected = try expectation(for: url) {
            Issue.record("\(url.lastPathComponent) was written, but the engine should refuse it: \(expected)", sourceLocation: sourceLocation)
        }
    }
}
