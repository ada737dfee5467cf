import Foundation
import Testing

/// What ffmpeg 5.1, an independent reader, makes of a movie: its stream list and per-packet
/// checksums.
public enum FFmpegReading {
    /// One stream as ffprobe lists it.
    public struct Stream: Sendable, Equatable, CustomStringConvertible {
        public var index: Int
        public var codecType: String
        public var codecTag: String
        public var language: String?
        public var description: String { "\(index): \(codecType) \(codecTag) \(language ?? "-")" }
    }

    /// ffprobe's streams; ffprobe must read the file.
    public static func streams(_ path: String) throws -> [Stream] {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries",
                                                      "stream=index,codec_type,codec_tag_string:stream_tags=language",
                                                      "-of", "json", path])
        try #require(output.status == 0, "ffprobe failed on \(path): \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let streams = try #require(json["streams"] as? [[String: Any]], "ffprobe listed no streams for \(path)")
        return streams.map { stream in
            Stream(index: stream["index"] as? Int ?? -1, codecType: stream["codec_type"] as? String ?? "",
                   codecTag: stream["codec_tag_string"] as? String ?? "",
                   language: (stream["tags"] as? [String: Any])?["language"] as? String)
        }
    }

    /// `ffmpeg -i FILE -map 0:N -c copy -f framemd5 -`: the stream's codec parameters and every
    /// packet's timing, size and MD5, without the `#software` line (which names ffmpeg, not the file).
    public static func framemd5(_ path: String, stream: Int) throws -> [String] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:\(stream)",
                                                     "-c", "copy", "-f", "framemd5", "-"])
        try #require(output.status == 0, "ffmpeg framemd5 of stream \(stream) of \(path): \(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#software") }
    }

    /// framemd5 lines without the packet duration column, to compare a fragmented movie with
    /// what is written from it: FFmpeg 5.1 takes the duration of some packets of a fragmented
    /// file from elsewhere than their `trun` (demo.mov fragmented by FFmpeg: the first video
    /// packet 512 where its `trun` says 786, as the next packet's decode time does too), so
    /// durations are compared through the decode times instead.
    public static func withoutPacketDurations(_ lines: [String]) -> [String] {
        lines.map { line in
            guard !line.hasPrefix("#") else { return line }
            var columns = line.split(separator: ",", omittingEmptySubsequences: false)
            if columns.count == 6 { columns.remove(at: 3) }
            return columns.joined(separator: ",")
        }
    }
}
