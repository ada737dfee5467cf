import FileOutput
import ISOBMFF
import Language
import Movie

/// A video or audio track written as CMAF, with the facts about it that both the HLS
/// multivariant playlist and the DASH manifest signal, derived once from the movie: its BCP 47
/// language, its menu label and characteristics (`SelectionOption`), whether it is the default
/// option of its selection group, its codecs string, measured bit rates and audio format.
struct PackagedTrack {
    var track: Track
    var files: CMAFTrackFiles
    /// The file name stem of its header and segments (`video.1`, `audio.2.en`).
    var stem: String
    /// BCP 47 (``DeliveryLanguage``); `und` where the movie does not say.
    var language: String
    /// The label a menu shows ("English AD"), as `legible info` words it.
    var label: String
    /// Tagged and implied characteristics (`SelectionOption.characteristics(of:)`).
    var characteristics: [String]
    /// The default option of its selection group (the enabled one).
    var isDefault: Bool
    var codecs: String?
    var bitRates: (peak: Int64, average: Int64)
    /// Audio: the channel count and sample rate of the sample entry (QuickTime version 2
    /// descriptions read for their real values).
    var channels: Int?
    var sampleRate: Int?

    /// Writes `track` as CMAF into `folder` and gathers its facts.
    init(track: Track, movie: Movie, stem: String, isDefault: Bool, segmentation: CMAFSegmentation, timeline: CMAFTimeline,
         folder: String, batch: ReplacementFileBatch, naming: LanguageNaming, progress: PackageProgress?) throws(DeliveryError) {
        self.track = track
        self.stem = stem
        self.isDefault = isDefault
        files = try CMAFTrackWriter.write(track: track, movie: movie, segmentation: segmentation,
                                          placement: timeline.placement(of: track), folder: folder, batch: batch, stem: stem,
                                          progress: progress)
        language = DeliveryLanguage.tag(for: track.displayLanguage)
        characteristics = SelectionOption.characteristics(of: track)
        label = SelectionOption.displayName(language: track.displayLanguage, mediaType: track.mediaType,
                                            characteristics: characteristics, naming: naming)
        codecs = CodecsString.value(for: track)
        bitRates = files.bitRates
        let audio = track.mediaType == .audio ? track.sampleEntries.first?.audio : nil
        channels = audio.flatMap { $0.channels > 0 ? Int($0.channels) : nil }
        sampleRate = audio.flatMap { $0.sampleRate >= 1 ? Int($0.sampleRate.rounded()) : nil }
    }

    /// The frame rate from the track's usual sample duration: `25`, or `30000/1001` as a ratio
    /// in lowest terms (the form DASH `@frameRate` takes; HLS FRAME-RATE is its decimal value).
    var frameRate: (ratio: String, value: Double)? {
        guard track.mediaType == .video, let duration = track.nominalSampleDuration, duration > 0, track.mediaHeader.timescale > 0 else {
            return nil
        }
        var (a, b) = (UInt64(track.mediaHeader.timescale), UInt64(duration))
        while b != 0 { (a, b) = (b, a % b) }
        let numerator = UInt64(track.mediaHeader.timescale) / a, denominator = UInt64(duration) / a
        return (denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)", Double(track.mediaHeader.timescale) / Double(duration))
    }

    /// The warning when the codecs string cannot be told.
    var codecsWarning: String? {
        codecs == nil ? "track \(track.id): the codec profile of '\(track.codec?.description ?? "?")' cannot be told from its sample entry; CODECS and @codecs leave it out" : nil
    }
}
