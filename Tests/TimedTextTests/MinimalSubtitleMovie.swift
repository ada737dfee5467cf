import ISOBMFF
import TimedText

/// Writes the smallest MP4 that holds one `tx3g` subtitle track (ftyp, moov with one trak,
/// mdat), for checking that other readers (ffmpeg) decode the samples Legible encodes. Test
/// code only: the remux engine is what writes real files.
enum MinimalSubtitleMovie {
    static func bytes(_ track: EncodedTextTrack<Tx3gSampleDescription>) throws -> [UInt8] {
        var ftyp = ByteWriter()
        ftyp.writeBox("ftyp") { body in
            body.write(FourCC("isom"))
            body.write(UInt32(0x200))
            for brand: FourCC in ["isom", "iso2", "mp41"] { body.write(brand) }
        }
        let entry = try track.description.makeBox().encoded()
        // The moov size does not depend on the chunk offset's value: lay it out once to learn it.
        let moovSize = try moov(track, entry: entry, chunkOffset: 0).count
        let mdatPayloadOffset = UInt32(ftyp.count + moovSize + 8)
        var file = ftyp
        file.write(bytes: try moov(track, entry: entry, chunkOffset: mdatPayloadOffset))
        file.writeBox("mdat") { body in
            for sample in track.samples { body.write(bytes: sample.bytes) }
        }
        return file.bytes
    }

    private static func moov(_ track: EncodedTextTrack<Tx3gSampleDescription>, entry: [UInt8], chunkOffset: UInt32) throws -> [UInt8] {
        let duration = UInt32(clamping: track.samples.reduce(0) { $0 + $1.duration })
        let movieDuration = UInt32(clamping: Int64(duration) * 1000 / Int64(track.timescale))
        let identity: [UInt32] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000]
        let box = track.description.defaultTextBox
        var writer = ByteWriter()
        writer.writeBox("moov") { moov in
            moov.writeBox("mvhd") { body in
                body.writeVersionAndFlags(version: 0, flags: 0)
                body.write(UInt32(0)); body.write(UInt32(0))
                body.write(UInt32(1000)); body.write(movieDuration)
                body.write(UInt32(0x0001_0000)); body.write(UInt16(0x0100))
                body.write(bytes: [UInt8](repeating: 0, count: 10))
                for value in identity { body.write(value) }
                body.write(bytes: [UInt8](repeating: 0, count: 24))
                body.write(UInt32(2))
            }
            moov.writeBox("trak") { trak in
                trak.writeBox("tkhd") { body in
                    body.writeVersionAndFlags(version: 0, flags: 3)
                    body.write(UInt32(0)); body.write(UInt32(0))
                    body.write(UInt32(1)); body.write(UInt32(0)); body.write(movieDuration)
                    body.write(bytes: [UInt8](repeating: 0, count: 8))
                    body.write(UInt16(0)); body.write(UInt16(0)); body.write(UInt16(0)); body.write(UInt16(0))
                    for value in identity { body.write(value) }
                    body.write(UInt32(UInt16(clamping: Int(box.right))) << 16)
                    body.write(UInt32(UInt16(clamping: box.height)) << 16)
                }
                trak.writeBox("mdia") { mdia in
                    mdia.writeBox("mdhd") { body in
                        body.writeVersionAndFlags(version: 0, flags: 0)
                        body.write(UInt32(0)); body.write(UInt32(0))
                        body.write(track.timescale); body.write(duration)
                        body.write(UInt16(0x15C7))  // "eng", packed ISO 639-2
                        body.write(UInt16(0))
                    }
                    mdia.writeBox("hdlr") { body in
                        body.writeVersionAndFlags(version: 0, flags: 0)
                        body.write(UInt32(0)); body.write(FourCC("sbtl"))
                        body.write(bytes: [UInt8](repeating: 0, count: 12))
                        body.writeNullTerminated("SubtitleHandler")
                    }
                    mdia.writeBox("minf") { minf in
                        minf.writeBox("nmhd") { $0.writeVersionAndFlags(version: 0, flags: 0) }
                        minf.writeBox("dinf") { dinf in
                            dinf.writeBox("dref") { body in
                                body.writeVersionAndFlags(version: 0, flags: 0)
                                body.write(UInt32(1))
                                body.writeBox("url ") { $0.writeVersionAndFlags(version: 0, flags: 1) }
                            }
                        }
                        minf.writeBox("stbl") { stbl in
                            stbl.writeBox("stsd") { body in
                                body.writeVersionAndFlags(version: 0, flags: 0)
                                body.write(UInt32(1))
                                body.write(bytes: entry)
                            }
                            stbl.writeBox("stts") { body in
                                var runs: [(count: UInt32, delta: UInt32)] = []
                                for sample in track.samples {
                                    let delta = UInt32(clamping: sample.duration)
                                    if let last = runs.last, last.delta == delta { runs[runs.count - 1].count += 1 } else { runs.append((1, delta)) }
                                }
                                body.writeVersionAndFlags(version: 0, flags: 0)
                                body.write(UInt32(runs.count))
                                for run in runs { body.write(run.count); body.write(run.delta) }
                            }
                            stbl.writeBox("stsc") { body in
                                body.writeVersionAndFlags(version: 0, flags: 0)
                                body.write(UInt32(1))
                                body.write(UInt32(1)); body.write(UInt32(track.samples.count)); body.write(UInt32(1))
                            }
                            stbl.writeBox("stsz") { body in
                                body.writeVersionAndFlags(version: 0, flags: 0)
                                body.write(UInt32(0)); body.write(UInt32(track.samples.count))
                                for sample in track.samples { body.write(UInt32(sample.bytes.count)) }
                            }
                            stbl.writeBox("stco") { body in
                                body.writeVersionAndFlags(version: 0, flags: 0)
                                body.write(UInt32(1)); body.write(chunkOffset)
                            }
                        }
                    }
                }
            }
        }
        return writer.bytes
    }
}
