import Conversion
import ISOBMFF
import Language
import Metadata
import Movie
import TimedText

/// Why ``MovieEditor`` did not write: the file could not be read or written (``box(_:)``, with
/// the box path and byte offset), or the plan asks for something this movie cannot take.
///
/// Each case holds the facts as fields, so a program can tell one refusal from another and
/// say what to do in its own terms; ``description`` states the problem in plain words and
/// names no command-line option.
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Reading the movie or writing the output failed; the error has its box path and offset.
    case box(BoxError)

    // MARK: the editor

    /// ``MovieEditor/write(_:to:replacingExisting:keepingFragments:progress:)`` was given the source itself as
    /// its output.
    case outputIsSource(path: String)
    /// The source changed size between reading it and locking it for an in-place edit.
    case sourceChanged(path: String)
    /// The edit cannot be made in place; a full rewrite to a new file can make it.
    case inPlaceNeedsRewrite(InPlaceObstacle)
    /// A write of an in-place edit failed; `outcome` says what state the file is in.
    case inPlaceWriteFailed(BoxError, outcome: InPlaceFailureOutcome)
    /// The file the edit wrote, read back before it landed, is not the movie the plan describes
    /// (a fault of the planning, not of the source): the new file was discarded, or an in-place
    /// edit undone, and the target is as it was.
    case verificationFailed(WrittenMovieMismatch)
    /// The plan refuses losses (``EditPlan/refusesLosses``) and these would happen.
    case refusedLosses([ConversionLoss])
    /// The movie is fragmented (`moof`) and the in-place edit adds or removes tracks, whose
    /// samples would have to be described in the fragments. A new file
    /// (``MovieEditor/write(_:to:replacingExisting:keepingFragments:progress:)``) is written as a
    /// regular movie, or kept fragmented.
    case fragmentedMovie
    /// The output was to stay fragmented (``MovieEditor/write(_:to:replacingExisting:keepingFragments:progress:)``)
    /// and the plan or the movie asks for what this writer does not do.
    case cannotKeepFragments(FragmentKeepingObstacle)
    /// The track refers to media in another file (`dref`); only self-contained movies are edited.
    case externalMedia(trackID: UInt32)
    /// Every track ID is taken, so a new track gets none.
    case noFreeTrackID

    // MARK: tracks the plan names

    /// The plan names a track the movie does not have; `available` lists the movie's track IDs.
    case unknownTrack(id: UInt32, available: [UInt32])
    /// A forced-only track was asked for as the twin of a track that is not a subtitle track.
    case forcedTwinNotSubtitle(trackID: UInt32)
    /// A forced-only track must have its full track's language (QTFF "Referencing a related
    /// forced subtitle track"): track `trackID` is in `trackLanguage`, the new one in `language`.
    case forcedTwinLanguage(trackID: UInt32, trackLanguage: String, language: LanguageTag)
    /// Subtitle request `index`, forced-only, names request `requestIndex` as its full track,
    /// which is not an earlier request adding a full (not forced-only) track.
    case forcedTwinOfNoFullRequest(requestIndex: Int, index: Int)
    /// The sound track named for a subtitle track to follow is not a sound track.
    case notASoundTrack(id: UInt32, soundTracks: [SoundTrack])
    /// Choosing the sound track to follow automatically needs the subtitle track's language.
    case followAudioNeedsLanguage
    /// No sound track is in the subtitle track's language, so none can be chosen to follow.
    case noSoundTrack(language: LanguageTag, soundTracks: [SoundTrack])
    /// The new track runs past the movie's end and ``EditPlan/pastEnd`` is `refuse`.
    case lengthensMovie(trackID: UInt32)
    /// A chapter track is to be added but the movie has no video or sound track to refer to it
    /// (`tref/chap`).
    case noTrackForChapterReference
    /// Only `tx3g` subtitle tracks can be rebuilt from new cues; the track holds `format`.
    case cannotReplaceCues(trackID: UInt32, format: FourCC?)

    // MARK: track changes

    /// A handler change other than QuickTime text (`text`) to subtitle (`sbtl`) was asked for.
    case unsupportedHandlerChange(trackID: UInt32, from: FourCC, to: FourCC)
    /// A subtitle track (`sbtl`) may have one sample description (QTFF "Subtitle sample
    /// description"); this track has `count`.
    case severalSampleDescriptions(trackID: UInt32, count: Int)
    /// Only a track of `tx3g` samples becomes a subtitle track; this one holds `format`.
    case handlerChangeNeedsTx3g(trackID: UInt32, format: FourCC)
    /// The movie's chapter track (the target of `chap`) stays a text track.
    case chapterTrackStaysText(trackID: UInt32)
    /// Only a `tx3g` track has a text box to fit to the video; this one holds `format`.
    case fitNeedsTx3g(trackID: UInt32, format: FourCC)
    /// The text box of track `trackID` is to fit the video, but the movie has no video track.
    case noVideoToFit(trackID: UInt32)

    // MARK: new subtitle tracks

    /// The subtitle document has no cues.
    case noCues
    /// Cue `number` (1-based) runs past the movie's end and ``EditPlan/pastEnd`` is `refuse`.
    case cuePastEnd(number: Int, start: MediaTime, end: MediaTime, movieEnd: MediaTime)
    /// The cues cannot be laid out as samples.
    case cueTimeline(CueTimelineError)
    /// No cue is left to show; `reasons` says what became of each.
    case noShowableCues(reasons: [String])
    /// The cues cannot be encoded as samples of the track's format.
    case subtitleCodec(SampleCodecError)

    // MARK: new chapter tracks

    /// The chapter list is empty.
    case noChapters
    /// The first chapter must start at 0; it starts at `start`.
    case firstChapterNotAtZero(start: MediaTime)
    /// The movie has no duration (`mvhd`), so the last chapter has no end.
    case movieHasNoDuration
    /// Chapter `number` (1-based) starts at or after the movie's end and ``EditPlan/pastEnd``
    /// is not `clip`.
    case chapterPastEnd(number: Int, title: String, start: MediaTime, movieEnd: MediaTime)
    /// Chapter `number` (1-based) lasts less than a millisecond (the chapter track's timescale).
    case chapterTooShort(number: Int, title: String, start: MediaTime)
    /// A chapter title of `byteCount` UTF-8 bytes is longer than a text sample holds (65,535).
    case chapterTitleTooLong(byteCount: Int)

    // MARK: new timed metadata tracks

    /// The timed metadata track has no group with a duration.
    case noMetadataGroups
    /// A key's local key ID is reserved (0, 0xFFFFFFFF) or used by an earlier key.
    case metadataLocalIDTaken(identifier: MetadataIdentifier, localID: UInt32)
    /// The timed metadata timescale is 0.
    case metadataTimescaleZero
    /// Two timed metadata groups overlap at `start` seconds.
    case metadataGroupsOverlap(start: Double)
    /// No timed metadata group starts before the movie's end (`movieEnd`, zero when unknown).
    case noMetadataGroupBeforeEnd(movieEnd: MediaTime)
    /// Group `number` (1-based) runs past the movie's end and ``EditPlan/pastEnd`` is `refuse`.
    case metadataGroupPastEnd(number: Int, start: Double, duration: Double, movieEnd: MediaTime)
    /// Group `number` (1-based) starts at or after the movie's end and ``EditPlan/pastEnd`` is
    /// `refuse`.
    case metadataGroupStartsPastEnd(number: Int, movieEnd: MediaTime)
    /// An item names a key the key table does not have.
    case metadataKeyMissing(identifier: MetadataIdentifier)

    // MARK: new caption tracks

    /// The captions have no byte pairs to carry.
    case noCaptionBytes
    /// The caption track would hold more samples, or more bytes, than its readers accept
    /// (`SampleDataReader.textTrack`): one sample per burst of pairs (an SCC line).
    case captionTrackTooLarge(samples: Int, bytes: UInt64, maxSamples: Int, maxBytes: UInt64)
    /// Burst `number` (1-based, in time order) of byte pairs, sent from `start`, runs past the
    /// movie's end and ``EditPlan/pastEnd`` is `refuse`.
    case captionBurstPastEnd(number: Int, start: MediaTime, movieEnd: MediaTime)

    // MARK: imported tracks

    /// The file a track is imported from has no track `id`; `available` lists its track IDs.
    case unknownSourceTrack(id: UInt32, available: [UInt32])
    /// Track `trackID` of another file cannot be imported; `obstacle` says why.
    case cannotImportTrack(trackID: UInt32, ImportObstacle)
    /// A raw audio stream cannot be imported; `obstacle` says why.
    case cannotImportStream(ImportObstacle)
    /// The imported track was to be advanced by `offset`, which leaves nothing of it to play.
    case importOffsetPastEnd(offset: MediaTime)
    /// A fallback (`fall`) relates two sound tracks; track `trackID` is not one.
    case fallbackNeedsSoundTracks(trackID: UInt32)

    /// A sound track, as a refusal lists them: its ID and its language as the movie gives it.
    public struct SoundTrack: Equatable, Sendable, CustomStringConvertible {
        /// The track ID.
        public var id: UInt32
        /// The track's language tag (`elng`, else `mdhd`).
        public var language: String

        /// A sound track with `id` in `language`.
        public init(id: UInt32, language: String) {
            self.id = id
            self.language = language
        }

        /// `ID (language)`.
        public var description: String { "\(id) (\(language))" }
    }

    /// What keeps an edit from being made in place.
    public enum InPlaceObstacle: Equatable, Sendable {
        /// The movie was read from memory, not from a file.
        case notAFile
        /// A box the edit removes runs to the end of the file (size 0), so it cannot be retired
        /// by rewriting its type.
        case removedBoxRunsToEnd(BoxLocation?)
        /// The last box runs to the end of the file and is larger than 4 GiB, so its 32-bit size
        /// cannot be written before appending.
        case lastBoxTooLarge(BoxLocation?)
        /// The movie is fragmented, so its `moov` cannot move to the end of the file (fragments
        /// follow it), and the edited `moov` (`size` bytes) does not fit where the old one is:
        /// `room` bytes with the `free` and `skip` boxes right after it, a difference of 1 to 7
        /// bytes being too small for a `free` box.
        case movieDoesNotFit(size: UInt64, room: UInt64)
        /// The movie is fragmented and has more than one `moov`, so it is not clear which the
        /// fragments extend.
        case severalMovieBoxes
    }

    /// Why a fragmented movie cannot be written fragmented.
    public enum FragmentKeepingObstacle: Equatable, Sendable {
        /// A new chapter list: players read chapter tracks from `moov` alone, not from fragments.
        case chapters
        /// Subtitle tracks rebuilt from new cues: their samples are in fragments.
        case cueReplacement
        /// Tracks imported from another file: only a regular movie takes them so far.
        case importedTracks
    }

    /// Why a track of another file cannot be imported.
    public enum ImportObstacle: Equatable, Sendable {
        /// The track's samples are in yet another file (`dref`).
        case externalMedia
        /// The track's boxes in the file it comes from (`file`, its path when known) do not read:
        /// `error` has the box path and offset there.
        case unreadable(file: String?, BoxError)
        /// The track's sample description `format` is one the output's brand cannot carry
        /// (`reason` says why).
        case codecNotInBrand(format: FourCC, reason: String)
    }

    /// The state an in-place edit leaves the file in after a failed write.
    public enum InPlaceFailureOutcome: Equatable, Sendable {
        /// The writes were undone: the file is as it was.
        case leftAsItWas
        /// The new `moov` is in place, but removed bytes may not all be erased yet; the same
        /// edit again finishes it.
        case removedBytesNotErased
        /// Undoing failed too (`undoError`): the file at `path` may hold a partial edit, which
        /// the next edit or a strip tidies up.
        case undoFailed(BoxError, path: String)
    }
}
