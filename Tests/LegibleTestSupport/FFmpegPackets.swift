import Foundation
import Testing

/// The packets of one stream as FFmpeg 5.1 reads them (`ffmpeg -copyts … -c copy -f framemd5`),
/// their times exact in seconds, so that streams of different time bases compare: a raw AC-3
/// stream's packets are on a 1/90000 clock, the same packets in a movie on the track's 1/48000.
/// `-copyts` keeps each packet's time as the file gives it, where ffmpeg otherwise moves every
/// stream by the file's earliest start.
public enum FFmpegPackets {
    /// A time in seconds as a reduced fraction.
    public struct Seconds: Sendable, Equatable, CustomStringConvertible {
        public let numerator: Int64
        public let denominator: Int64

        public init(_ numerator: Int64, per denominator: Int64) {
            var a = numerator.magnitude, b = denominator.magnitude
            while b != 0 { (a, b) = (b, a % b) }
            let divisor = Int64(max(a, 1))
            self.numerator = numerator / divisor
            self.denominator = denominator / divisor
        }

        public var description: String { "\(numerator)/\(denominator) s" }
    }

    /// One packet: when it decodes, how long it lasts, its size and the MD5 of its bytes.
    public struct Packet: Sendable, Equatable, CustomStringConvertible {
        public var decodeTime: Seconds
        public var duration: Seconds?
        public var size: Int
        public var md5: String
        public var description: String { "\(decodeTime) +\(duration.map(String.init(describing:)) ?? "?") \(size) \(md5)" }
    }

    /// The packets of the stream `input` selects (`["-i", FILE, "-map", "0:N"]` and any
    /// bitstream filter); ffmpeg must read them.
    public static func packets(_ input: [String]) throws -> [Packet] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-copyts"] + input + ["-c", "copy", "-f", "framemd5", "-"])
        try #require(output.status == 0, "ffmpeg framemd5 \(input): \(output.stderr)")
        var timeBase: (Int64, Int64)?
        var packets: [Packet] = []
        for line in output.stdout.split(separator: "\n") {
            if line.hasPrefix("#tb 0: ") {
                let parts = line.dropFirst(7).split(separator: "/").compactMap { Int64($0) }
                timeBase = parts.count == 2 ? (parts[0], parts[1]) : nil
            }
            guard !line.hasPrefix("#") else { continue }
            // stream, dts, pts, duration, size, hash[, side data…]
            let columns = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let base = try #require(timeBase, "framemd5 without a time base: \(output.stdout.prefix(400))")
            let dts = try #require(columns.count >= 6 ? Int64(columns[1]) : nil, "framemd5 line: \(line)")
            let duration = Int64(columns[3]).map { Seconds($0 * base.0, per: base.1) }
            packets.append(Packet(decodeTime: Seconds(dts * base.0, per: base.1), duration: duration,
                                  size: Int(columns[4]) ?? -1, md5: columns[5]))
        }
        return packets
    }

    /// The MD5 of every byte of the stream `input` selects, its packets one after another
    /// (`-f md5`): for PCM, which each demuxer cuts into packets of its own size.
    public static func bytesMD5(_ input: [String]) throws -> String {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error"] + input + ["-c", "copy", "-f", "md5", "-"])
        try #require(output.status == 0, "ffmpeg md5 \(input): \(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ffprobe's time of the first packet of stream `stream` of `path` (`pts_time`), as it prints it.
    public static func firstPacketTime(_ path: String, stream: String) throws -> Double {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", stream, "-read_intervals", "%+#1",
                                                      "-show_entries", "packet=pts_time", "-of", "csv=p=0", path])
        try #require(output.status == 0, "ffprobe packets of \(path): \(output.stderr)")
        let first = output.stdout.split(separator: "\n").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ", ")) }
        return try #require(first.flatMap(Double.init), "ffprobe gave no packet time for stream \(stream) of \(path): \(output.stdout)")
    }
}
