import ISOBMFF

/// A raw audio file read into what a new sound track needs: its sample entry, its clock and where
/// each sample is in the file.
///
/// Every sample of these formats lasts the same: 1024 ticks for AAC, 1536 for AC-3 and an E-AC-3
/// access unit, 1 (a PCM frame) for PCM, at a timescale that is the sample rate. The samples stay
/// in the file (``source``); ``samples`` says where. The files carry no language.
public struct ElementaryStream: Sendable {
    /// The formats read.
    public enum Format: String, Sendable, Equatable, CaseIterable {
        /// ADTS AAC (ISO/IEC 13818-7, ISO/IEC 14496-3 §1.A.2), as `mp4a` with an `esds`.
        case adtsAAC = "ADTS AAC"
        /// AC-3 (ETSI TS 102 366 §4), as `ac-3` with a `dac3`.
        case ac3 = "AC-3"
        /// E-AC-3 (ETSI TS 102 366 Annex E), as `ec-3` with a `dec3`.
        case eac3 = "E-AC-3"
        /// PCM from a WAV, BWF or RF64 file, as QuickTime `lpcm`.
        case pcm = "PCM"
    }

    /// The format the file was read as.
    public var format: Format
    /// The file the samples are read from.
    public var source: any ByteSource
    /// The sample entry for the track's `stsd`.
    public var sampleEntry: Box
    /// The media timescale: the sample rate in Hz.
    public var timescale: UInt32
    /// Every sample's duration in ``timescale`` ticks.
    public var sampleDuration: UInt32
    /// Where the samples are in ``source`` and their sizes.
    public var samples: ElementaryStreamSamples
    /// The stream's bit rates, for a `btrt` box (``AudioBitrate/box``).
    public var bitrate: AudioBitrate

    /// The handler type of the track: sound.
    public var handler: FourCC { "soun" }

    /// The stream's duration in ``timescale`` ticks.
    public var duration: UInt64 { UInt64(samples.count) * UInt64(sampleDuration) }

    /// Whether only a QuickTime movie can carry the stream (PCM as `lpcm`).
    public var needsQuickTime: Bool { format == .pcm }

    /// Throws ``ElementaryStreamError/Kind/needsQuickTime`` when the stream cannot go into the
    /// file the caller writes: `isQuickTime` is whether that file is a QuickTime movie (brand `qt  `).
    public func checkDestination(isQuickTime: Bool) throws(ElementaryStreamError) {
        guard needsQuickTime, !isQuickTime else { return }
        throw ElementaryStreamError(.needsQuickTime,
                                    "PCM audio goes only into a QuickTime movie: ISO base media files have no PCM sample entry players read",
                                    at: nil)
    }

    init(format: Format, source: any ByteSource, sampleEntry: Box, timescale: UInt32, sampleDuration: UInt32,
         samples: ElementaryStreamSamples) {
        self.format = format
        self.source = source
        self.sampleEntry = sampleEntry
        self.timescale = timescale
        self.sampleDuration = sampleDuration
        self.samples = samples
        bitrate = AudioBitrate(samples, sampleDuration: sampleDuration, timescale: timescale)
    }
}
