import ISOBMFF

/// Reads a WAV, BWF or RF64 file (RIFF `WAVE`, EBU Tech 3285 and 3306): the `fmt ` chunk becomes a
/// QuickTime `lpcm` sound description version 2, each PCM frame a sample of duration 1, in runs of
/// half a second as chunks. The `data` chunk is never read.
enum WAVReader {
    /// Whether `bytes` begin a RIFF or RF64 `WAVE` file.
    static func hasSignature(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 12 else { return false }
        let head = Array(bytes.prefix(12))
        return (head[0..<4] == [0x52, 0x49, 0x46, 0x46][...] || head[0..<4] == [0x52, 0x46, 0x36, 0x34][...])
            && head[8..<12] == [0x57, 0x41, 0x56, 0x45][...]
    }

    static func read(_ source: any ByteSource, from start: UInt64) throws(ElementaryStreamError) -> ElementaryStream {
        var window = SourceWindow(source)
        let head = try window.exactly(12, at: start, "RIFF header")
        let isRF64 = head.first == 0x52 && head[head.startIndex + 1] == 0x46
        var format: WAVFormat?
        var rf64DataSize: UInt64?
        var offset = start + 12
        while offset + 8 <= window.size {
            let chunkHeader = Array(try window.exactly(8, at: offset, "RIFF chunk header"))
            let id = String(decoding: chunkHeader[0..<4], as: UTF8.self)
            var size = UInt64(little32(chunkHeader, 4))
            let body = offset + 8
            if id == "data" {
                if isRF64 && size == 0xFFFF_FFFF {
                    guard let rf64DataSize else {
                        throw ElementaryStreamError(.damaged, "RF64 data chunk without a ds64 chunk before it", at: offset)
                    }
                    size = rf64DataSize
                }
                guard let format else { throw ElementaryStreamError(.damaged, "WAV data chunk before any fmt chunk", at: offset) }
                return try stream(format, dataOffset: body, dataSize: size, source: source)
            }
            guard size <= window.size - body else {
                throw ElementaryStreamError(.truncated, "RIFF chunk '\(id)' of \(size) bytes runs past the end of the file", at: offset)
            }
            if id == "fmt " {
                guard size <= 4096 else { throw ElementaryStreamError(.damaged, "WAV fmt chunk of \(size) bytes", at: offset) }
                format = try WAVFormat(try window.exactly(Int(size), at: body, "fmt chunk"), at: body)
            } else if id == "ds64" && isRF64 {
                let ds64 = Array(try window.exactly(16, at: body, "ds64 chunk"))
                rf64DataSize = UInt64(little32(ds64, 8)) | UInt64(little32(ds64, 12)) << 32
            }
            offset = body + size + (size & 1)
        }
        throw ElementaryStreamError(.noFrames, "the WAV file has no data chunk", at: start)
    }

    private static func little32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    private static func stream(_ format: WAVFormat, dataOffset: UInt64, dataSize: UInt64,
                               source: any ByteSource) throws(ElementaryStreamError) -> ElementaryStream {
        guard dataSize <= source.size - min(dataOffset, source.size) else {
            throw ElementaryStreamError(.truncated,
                                        "WAV data chunk of \(dataSize) bytes runs past the end of the file (\(source.size - min(dataOffset, source.size)) bytes)",
                                        at: dataOffset)
        }
        let frameSize = UInt64(format.bytesPerFrame)
        guard dataSize % frameSize == 0 else {
            throw ElementaryStreamError(.truncated, "WAV data chunk ends inside a PCM frame of \(frameSize) bytes",
                                        at: dataOffset + dataSize / frameSize * frameSize)
        }
        guard dataSize > 0, let frames = Int(exactly: dataSize / frameSize) else {
            throw ElementaryStreamError(.noFrames, "the WAV data chunk holds no PCM frame", at: dataOffset)
        }
        let samples = ElementaryStreamSamples(constantSize: UInt32(format.bytesPerFrame), count: frames, from: dataOffset,
                                              samplesPerRun: Int(max(format.sampleRate / 2, 1)))
        let fields = AudioSampleEntryFields.quickTimeVersion2(channels: UInt32(format.channels), sampleRate: Double(format.sampleRate),
                                                              bitsPerChannel: UInt32(format.validBits), flags: format.quickTimeFlags,
                                                              bytesPerFrame: UInt32(format.bytesPerFrame))
        return ElementaryStream(format: .pcm, source: source, sampleEntry: Box(type: "lpcm", prefix: fields, children: []),
                                timescale: format.sampleRate, sampleDuration: 1, samples: samples)
    }
}
