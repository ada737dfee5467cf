import ISOBMFF
import TimedText

/// Why a track's text could not be read.
public enum TextTrackReadError: Error, Sendable, CustomStringConvertible {
    /// The track holds no tx3g, wvtt or QuickTime text samples; the text names what it holds.
    case notText(String)
    /// The samples are in movie fragments, which the sample table reader does not follow.
    case fragmented
    /// The sample table or the sample bytes are malformed or over budget.
    case box(BoxError)
    /// A sample does not decode.
    case codec(SampleCodecError)

    public var description: String {
        switch self {
        case .notText(let holds):
            "not a text track (it is \(holds)); tx3g, wvtt and QuickTime text tracks can be read"
        case .fragmented:
            "the samples are in movie fragments (moof), which are not read"
        case .box(let error): error.description
        case .codec(let error): error.description
        }
    }
}
