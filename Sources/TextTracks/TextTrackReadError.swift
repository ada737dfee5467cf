import ISOBMFF
import Movie
import TimedText

/// Why a track's text could not be read.
public enum TextTrackReadError: Error, Sendable, CustomStringConvertible {
    /// The track holds no tx3g, wvtt, stpp, QuickTime text or CEA-608 samples; the text names what it holds.
    case notText(String)
    /// The sample table or the sample bytes are malformed or over budget.
    case box(BoxError)
    /// A sample does not decode.
    case codec(SampleCodecError)
    /// The closed-caption channel asked for shows nothing; the text lists the channels that do.
    case emptyChannel(CEA608Channel, available: String)

    public var description: String {
        switch self {
        case .notText(let holds):
            "not a text track (it is \(holds)); tx3g, wvtt, stpp, QuickTime text and CEA-608 (c608) tracks can be read"
        case .box(let error): error.description
        case .codec(let error): error.description
        case let .emptyChannel(channel, available):
            "closed-caption channel \(channel) shows nothing; channels with captions: \(available)"
        }
    }
}
