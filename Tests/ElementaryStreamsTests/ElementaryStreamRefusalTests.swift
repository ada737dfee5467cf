import ElementaryStreams
import ISOBMFF
import Testing

/// Every refusal of the readers, each on a file damaged by hand in one place: the kind a caller
/// matches and the byte offset of the frame or chunk at fault.
@Suite struct ElementaryStreamRefusalTests {
    typealias Make = HandMadeStreams

    static func refusal(_ bytes: [UInt8], name: String) -> ElementaryStreamError? {
        do {
            _ = try ElementaryStreamReader.read(MemoryByteSource(bytes), fileName: name)
            return nil
        } catch {
            return error
        }
    }

    static func expectRefusal(_ bytes: [UInt8], name: String, _ kind: ElementaryStreamError.Kind, at offset: UInt64?,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let error = refusal(bytes, name: name)
        #expect(error?.kind == kind, "\(error.map(String.init(describing:)) ?? "no error")", sourceLocation: sourceLocation)
        #expect(error?.offset == offset, "\(error.map(String.init(describing:)) ?? "no error")", sourceLocation: sourceLocation)
    }

    @Test func adtsProgramConfigElementIsRefused() {
        // The second frame (at 27) has channel_configuration 0.
        Self.expectRefusal(Make.adts() + Make.adts(channels: 0), name: "a.aac", .unsupported, at: 27)
    }

    @Test func adtsSeveralRawDataBlocksAreRefused() {
        Self.expectRefusal(Make.adts(rawBlocks: 1), name: "a.aac", .unsupported, at: 0)
    }

    @Test(arguments: [(1, 4, 2, 1, 3, 2), (1, 4, 2, 1, 4, 1), (1, 4, 2, 2, 4, 2)])
    func adtsParameterChangeIsRefused(_ change: (Int, Int, Int, Int, Int, Int)) {
        // Profile, sampling frequency index and channels of frames 1–2, then of frame 3 (at 54).
        let frame = Make.adts(profile: change.0, frequencyIndex: change.1, channels: change.2)
        let changed = Make.adts(profile: change.3, frequencyIndex: change.4, channels: change.5)
        Self.expectRefusal(frame + frame + changed, name: "a.aac", .parameterChange, at: 54)
    }

    @Test func adtsTruncatedFrameIsRefused() {
        let stream = Make.adts() + Make.adts() + Make.adts().dropLast(5)
        Self.expectRefusal(stream, name: "a.aac", .truncated, at: 54)
        Self.expectRefusal(Make.adts() + Make.adts().prefix(4), name: "a.aac", .truncated, at: 27)
    }

    @Test func adtsLostSyncIsRefused() {
        Self.expectRefusal(Make.adts() + [0x00, 0x11] + Make.adts(), name: "a.aac", .damaged, at: 27)
        Self.expectRefusal(Make.adts(frameLength: 7), name: "a.aac", .damaged, at: 0)
        Self.expectRefusal(Make.adts(frequencyIndex: 13), name: "a.aac", .damaged, at: 0)
    }

    @Test func noFrameAtAllIsRefused() {
        Self.expectRefusal([], name: "a.aac", .noFrames, at: 0)
        // An ID3v2 tag of 4 bytes and nothing after it.
        Self.expectRefusal(Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4], name: "a.aac", .noFrames, at: 14)
        Self.expectRefusal(Make.wav(Make.chunk("fmt ", Make.format())), name: "a.wav", .noFrames, at: 0)
        Self.expectRefusal(Make.wav(Make.chunk("fmt ", Make.format()), Make.chunk("data", [])), name: "a.wav", .noFrames, at: 44)
    }

    @Test func unrecognizedContentNamesWhatTheExtensionPromised() {
        let error = Self.refusal(Array("hello, world".utf8), name: "voice.ac3")
        #expect(error?.kind == .unrecognized)
        #expect(error?.message.contains("no AC-3 sync") == true)
    }

    @Test func ac3DamageIsRefused() {
        // Frames of 160 bytes (40 kbit/s at 48 kHz).
        Self.expectRefusal(Make.ac3() + Make.ac3().dropLast(1), name: "a.ac3", .truncated, at: 160)
        Self.expectRefusal(Make.ac3() + Make.ac3(fscod: 2), name: "a.ac3", .parameterChange, at: 160)
        Self.expectRefusal(Make.ac3() + Make.ac3(acmod: 7), name: "a.ac3", .parameterChange, at: 160)
        Self.expectRefusal(Make.ac3() + Make.ac3(lfeon: true), name: "a.ac3", .parameterChange, at: 160)
        Self.expectRefusal(Make.ac3() + [0x0B, 0x78] + Make.ac3(), name: "a.ac3", .damaged, at: 160)
        Self.expectRefusal(Make.ac3(fscod: 3), name: "a.ac3", .damaged, at: 0)
    }

    @Test func eac3DamageIsRefused() {
        // Six one-block frames make an access unit; five leave it short.
        let oneBlock = Make.eac3(blocksCode: 0)
        Self.expectRefusal(Array((0..<11).map { _ in oneBlock }.joined()), name: "a.ec3", .truncated, at: 600)
        Self.expectRefusal(Make.eac3() + Make.eac3().dropLast(1), name: "a.ec3", .truncated, at: 100)
        Self.expectRefusal(Make.eac3() + Make.eac3(acmod: 3), name: "a.ec3", .parameterChange, at: 100)
        Self.expectRefusal(Make.eac3(streamType: 1) + Make.eac3(), name: "a.ec3", .damaged, at: 0)
        Self.expectRefusal(Make.eac3(blocksCode: 2) + Make.eac3(), name: "a.ec3", .damaged, at: 100)
    }

    @Test func wavDamageIsRefused() {
        let format = Make.chunk("fmt ", Make.format())
        let frames = [UInt8](repeating: 1, count: 40)
        // data's body starts at 44: past the end, ending inside a 4-byte frame.
        Self.expectRefusal(Make.wav(format, Make.chunk("data", frames, size: 44)), name: "a.wav", .truncated, at: 44)
        Self.expectRefusal(Make.wav(format, Make.chunk("data", Array(frames.prefix(39)))), name: "a.wav", .truncated, at: 80)
        Self.expectRefusal(Make.wav(Make.chunk("fmt ", Make.format(code: 2)), Make.chunk("data", frames)), name: "a.wav",
                           .unsupported, at: 20)
        Self.expectRefusal(Make.wav(Make.chunk("data", frames), format), name: "a.wav", .damaged, at: 12)
        Self.expectRefusal(Make.wav(Make.chunk("fmt ", Make.format(bits: 12)), Make.chunk("data", frames)), name: "a.wav",
                           .damaged, at: 20)
    }

    @Test func pcmIsRefusedInAnISOFileOnly() throws {
        let wav = Make.wav(Make.chunk("fmt ", Make.format()), Make.chunk("data", [UInt8](repeating: 0, count: 8)))
        let pcm = try ElementaryStreamReader.read(MemoryByteSource(wav), fileName: "a.wav")
        #expect(throws: ElementaryStreamError(.needsQuickTime,
                                              "PCM audio goes only into a QuickTime movie: ISO base media files have no PCM sample entry players read",
                                              at: nil)) {
            try pcm.checkDestination(isQuickTime: false)
        }
        try pcm.checkDestination(isQuickTime: true)
        let aac = try ElementaryStreamReader.read(MemoryByteSource(Make.adts()), fileName: "a.aac")
        try aac.checkDestination(isQuickTime: false)
    }
}
