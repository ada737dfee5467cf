import ISOBMFF
import Movie
import TextTracks

/// Why subtitles could not be prepared for delivery.
public enum DeliveryError: Error, Sendable, CustomStringConvertible {
    /// The movie has no subtitle or caption track (chapter tracks do not count).
    case noLegibleTracks
    /// The movie's duration is unknown or zero, so there is no timeline to segment.
    case noDuration
    /// A track's edit list maps media onto the movie in a way cues cannot simply follow.
    case unsupportedEditList(trackID: UInt32, reason: String)
    /// A track's text could not be read.
    case unreadableTrack(trackID: UInt32, TextTrackReadError)
    /// A track's samples are in another file: its data references (`dref`) lack the
    /// self-contained flag (``SelfContainedMedia``).
    case externalMedia(trackID: UInt32, references: [DataReference])
    /// A parameter is out of range; the text says which and why.
    case invalidParameter(String)
    /// The track named the default of its kind is not an audio or subtitle track of the movie.
    case defaultTrackNotOffered(trackID: UInt32)
    /// Writing the output failed, or would overwrite files.
    case output(BoxError)
    /// The output folder already holds files (HLS output owns its folder).
    case folderNotEmpty(folder: String, entries: [String])
    /// Files of the names the output would write already exist.
    case filesExist(folder: String, names: [String])
    /// Cutting the video at its sync samples gives `count` segments, more than `maximum`
    /// (``WebVTTSegmenter/maximumSegmentCount``); a longer target duration gives fewer.
    case tooManySegments(count: Int, maximum: Int)

    /// The problem in plain words; it names no command-line option.
    public var description: String {
        switch self {
        case .noLegibleTracks:
            "the movie has no subtitle or caption track (chapter tracks are navigation, not subtitles)"
        case .noDuration:
            "the movie's duration is unknown or zero (mvhd), so there is no timeline to cut into segments"
        case let .unsupportedEditList(trackID, reason):
            "track \(trackID): \(reason); only an optional leading empty edit followed by one edit at normal rate is followed"
        case let .unreadableTrack(trackID, error):
            "track \(trackID): \(error)"
        case let .externalMedia(trackID, references):
            "track \(trackID): its media is outside the file (data reference \(references.map(\.description).joined(separator: ", "))), so it cannot be delivered; export a self-contained movie (check rule self-contained)"
        case let .invalidParameter(text):
            text
        case let .defaultTrackNotOffered(trackID):
            "track \(trackID), named the default, is not an audio or subtitle track of the movie"
        case let .output(error):
            error.description
        case let .folderNotEmpty(_, entries):
            "the output folder is not empty (\(Self.list(entries)))"
        case let .filesExist(_, names):
            "would replace \(Self.list(names))"
        case let .tooManySegments(count, maximum):
            "\(count) segments is more than \(maximum)"
        }
    }

    private static func list(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", … (\(names.count) in all)" : "")
    }
}
