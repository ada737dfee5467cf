import ISOBMFF

/// Reads an E-AC-3 file into access units: a sample is the frames of every substream that
/// together carry six blocks (1536 PCM samples) of independent substream 0, as ETSI TS 102 366
/// F.6 stores them and FFmpeg's muxer gathers them. The `dec3` describes the substreams of the
/// first access unit; a later frame of a substream that changes its rate or channels is refused.
enum EAC3Reader {
    static func read(_ source: any ByteSource, from start: UInt64) throws(ElementaryStreamError) -> ElementaryStream {
        var window = SourceWindow(source)
        var samples = ElementaryStreamSamples()
        var firstOfSubstream: [UInt8: EAC3FrameHeader] = [:]  // key: strmtyp << 3 | substreamid
        var program: [EAC3SpecificBox.Substream] = []
        var programDone = false
        var unit: (offset: UInt64, size: UInt64, blocks: Int)?
        var highestRate: UInt64 = 0
        var sampleRate: UInt32 = 0
        var offset = start
        func close(_ unit: (offset: UInt64, size: UInt64, blocks: Int)) throws(ElementaryStreamError) {
            guard unit.blocks == 6 else {
                throw ElementaryStreamError(.truncated, "E-AC-3 access unit holds \(unit.blocks * 256) of 1536 samples", at: unit.offset)
            }
            guard let size = UInt32(exactly: unit.size) else {
                throw ElementaryStreamError(.damaged, "E-AC-3 access unit of \(unit.size) bytes", at: unit.offset)
            }
            samples.append(offset: unit.offset, size: size)
            highestRate = max(highestRate, unit.size * 8 * UInt64(sampleRate) / 1536 / 1000)
        }
        while offset < window.size {
            let header = try EAC3FrameHeader(try window.bytes(at: offset, upTo: 96), at: offset)
            let available = window.size - offset
            guard UInt64(header.frameSize) <= available else {
                throw ElementaryStreamError(.truncated, "E-AC-3 frame is cut short: \(available) bytes of \(header.frameSize)", at: offset)
            }
            let key = header.streamType << 3 | header.substreamID
            if let first = firstOfSubstream[key] {
                if let change = header.differences(from: first) {
                    throw ElementaryStreamError(.parameterChange,
                                                "E-AC-3 substream \(header.substreamID) changes \(change)", at: offset)
                }
            } else {
                firstOfSubstream[key] = header
            }
            if header.isIndependent && header.substreamID == 0 {
                if let current = unit, current.blocks == 6 {
                    try close(current)
                    unit = nil
                }
                if unit == nil {
                    if sampleRate == 0 { sampleRate = header.sampleRate }
                    unit = (offset, 0, 0)
                } else {
                    programDone = true
                }
                unit?.blocks += header.blocks
                if let blocks = unit?.blocks, blocks > 6 {
                    throw ElementaryStreamError(.damaged, "E-AC-3 frames of substream 0 add up past six blocks", at: offset)
                }
            }
            guard unit != nil else {
                throw ElementaryStreamError(.damaged, "E-AC-3 stream does not start with independent substream 0", at: offset)
            }
            unit?.size += UInt64(header.frameSize)
            if samples.count == 0 && !programDone {
                if header.isIndependent {
                    program.append(EAC3SpecificBox.Substream(header: header))
                } else {
                    program[program.count - 1].dependentCount += 1
                    program[program.count - 1].channelLocations |= EAC3SpecificBox.channelLocations(of: header)
                }
            }
            offset += UInt64(header.frameSize)
        }
        guard let last = unit, let main = program.first?.header else {
            throw ElementaryStreamError(.noFrames, "the file holds no E-AC-3 frame", at: start)
        }
        try close(last)
        let dec3 = EAC3SpecificBox(dataRate: UInt32(clamping: highestRate), substreams: program).box
        let entry = Box(type: "ec-3", prefix: AudioSampleEntryFields.iso(channels: UInt16(main.channels), sampleRate: main.sampleRate),
                        children: [dec3])
        return ElementaryStream(format: .eac3, source: source, sampleEntry: entry, timescale: main.sampleRate,
                                sampleDuration: AC3Reader.samplesPerFrame, samples: samples)
    }
}
