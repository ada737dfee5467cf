import Foundation
import LegibleTestSupport
import Testing

/// A source of `legible add-track` in TestMedia/import/ (written by `Scripts/make-import-media`),
/// the options it is added with, and how an independent reader gets at its audio.
struct ImportSource: Sendable, CustomTestStringConvertible {
    /// The file's name in TestMedia/import/.
    let file: String
    /// The language given with `--language`, a BCP 47 tag.
    let language: String
    /// The same language as ISO 639-2/T, as ffprobe and MP4Box show `mdhd`'s code.
    let iso639: String
    /// Whether it is added with `--describes-video`.
    let describesVideo: Bool

    static let all = [
        ImportSource(file: "described.m4a", language: "en", iso639: "eng", describesVideo: true),
        ImportSource(file: "described.aac", language: "en", iso639: "eng", describesVideo: true),
        ImportSource(file: "surround.ac3", language: "en", iso639: "eng", describesVideo: false),
        ImportSource(file: "surround.ec3", language: "en", iso639: "eng", describesVideo: false),
        ImportSource(file: "mono24.wav", language: "de", iso639: "deu", describesVideo: false),
        ImportSource(file: "dub-edit.mp4", language: "es", iso639: "spa", describesVideo: false),
        ImportSource(file: "fragmented-dub.mp4", language: "fr", iso639: "fra", describesVideo: false),
    ]

    /// The movies every source is added to.
    static let targets = ["demo.mov", "demo.mp4"]

    var testDescription: String { file }
    var path: String { TestPaths.testMedia.appendingPathComponent("import/\(file)").path }
    /// PCM, which only a QuickTime movie carries (as `lpcm`).
    var isPCM: Bool { file.hasSuffix(".wav") }
    var isFragmented: Bool { file.hasPrefix("fragmented") }
    /// A raw stream (ADTS, AC-3, E-AC-3, WAV), not a movie.
    var isRawStream: Bool { ![".m4a", ".mp4"].contains(where: file.hasSuffix) }

    /// Whether `target` can take it: PCM goes into a QuickTime movie only.
    func fits(_ target: String) -> Bool { !isPCM || target.hasSuffix(".mov") }

    /// `add-track`'s options after MOVIE SOURCE: the source's audio track where it has video
    /// too, the language, and the audio-description tag.
    var options: [String] {
        (isFragmented ? ["--type", "audio"] : []) + ["--language", language] + (describesVideo ? ["--describes-video"] : [])
    }

    /// ffmpeg's input options selecting the source's audio: an ADTS stream through
    /// `aac_adtstoasc`, which strips the headers as a movie's samples are stored.
    var ffmpegInput: [String] {
        ["-i", path, "-map", "0:a:0"] + (file.hasSuffix(".aac") ? ["-bsf:a", "aac_adtstoasc"] : [])
    }

    /// What the source's audio and stream `index` of `output` must share: every byte, in
    /// the same packets at the same times. PCM is compared as bytes alone, since each demuxer
    /// cuts it into packets of its own size (WAV 4095 bytes, a movie a chunk's samples). FFmpeg
    /// 5.1 takes some packet durations of a fragmented file from elsewhere than its `trun`s
    /// (`FFmpegReading.withoutPacketDurations`), so a fragmented source's are compared through
    /// the decode times.
    func expectSameMedia(as output: String, stream index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let copied = ["-i", output, "-map", "0:\(index)"]
        if isPCM {
            #expect(try FFmpegPackets.bytesMD5(copied) == FFmpegPackets.bytesMD5(ffmpegInput), sourceLocation: sourceLocation)
            return
        }
        var expected = try FFmpegPackets.packets(ffmpegInput), found = try FFmpegPackets.packets(copied)
        if isFragmented {
            for index in expected.indices { expected[index].duration = nil }
            for index in found.indices { found[index].duration = nil }
        }
        #expect(found.count == expected.count, sourceLocation: sourceLocation)
        let first = expected.indices.first { $0 < found.count && expected[$0] != found[$0] }
        #expect(first == nil, "packet \(first.map { $0 + 1 } ?? 0): \(first.map { "\(expected[$0]) expected, \(found[$0]) found" } ?? "")",
                sourceLocation: sourceLocation)
    }
}
