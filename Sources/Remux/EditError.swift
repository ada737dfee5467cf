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

    /// The problem in plain words, with the box path and offset where there is one.
    public var description: String {
        switch self {
        case let .box(error): error.description
        case let .outputIsSource(path): "the output '\(path)' is the source file; write to another file or edit in place"
        case let .sourceChanged(path): "'\(path)' changed while it was being edited"
        case let .inPlaceNeedsRewrite(obstacle): obstacle.description
        case let .inPlaceWriteFailed(error, outcome):
            Self.located(error.location, "\(error.message); \(outcome.description)")
        case let .verificationFailed(mismatch):
            "the edited movie, read back before it landed, is not what the edit planned: \(mismatch); nothing was changed"
        case let .refusedLosses(losses):
            "refusing to write what the output cannot carry: \(losses.joinedSummary); nothing was written"
        case .fragmentedMovie:
            "a fragmented movie (moof) cannot be edited in place when the edit adds or removes tracks: their samples are described in the fragments, not in moov"
        case let .cannotKeepFragments(obstacle):
            "cannot keep the movie fragmented: \(obstacle)"
        case let .externalMedia(trackID):
            "track \(trackID) refers to media in another file (dref); only self-contained movies can be edited"
        case .noFreeTrackID: "the movie uses every track ID"
        case let .unknownTrack(id, available):
            "no track \(id) in this movie; its tracks are \(available.map(String.init).joined(separator: ", "))"
        case let .forcedTwinNotSubtitle(trackID):
            "track \(trackID) is not a subtitle track, so it cannot have a forced-only twin"
        case let .forcedTwinLanguage(trackID, trackLanguage, language):
            "a forced-only track must have its twin's language: track \(trackID) is '\(trackLanguage)', not '\(language)'"
        case let .notASoundTrack(id, soundTracks):
            "track \(id) is not a sound track; sound tracks: \(Self.list(soundTracks))"
        case let .forcedTwinOfNoFullRequest(requestIndex, index):
            "subtitle track \(index + 1) of the plan is the forced-only twin of subtitle track \(requestIndex + 1), which is not an earlier full subtitle track of the plan"
        case .followAudioNeedsLanguage:
            "choosing the sound track to follow needs the subtitle track's language"
        case let .noSoundTrack(language, soundTracks):
            "no sound track is in '\(language)'; sound tracks: \(Self.list(soundTracks))"
        case let .lengthensMovie(trackID): "track \(trackID) would make the movie longer"
        case .noTrackForChapterReference:
            "the movie has no video or sound track to hold the chapter reference (tref/chap)"
        case let .cannotReplaceCues(trackID, format):
            "track \(trackID) is '\(format?.description ?? "?")': only tx3g subtitle tracks can be rebuilt from new cues"
        case let .unsupportedHandlerChange(trackID, from, to):
            "track \(trackID)'s handler is '\(from)', and '\(to)' was asked for: the only handler change supported is a QuickTime text track ('text') with tx3g samples to a subtitle track ('sbtl')"
        case let .severalSampleDescriptions(trackID, count):
            "track \(trackID) has \(count) sample descriptions, and a subtitle track ('sbtl') may have only one (QTFF \"Subtitle sample description\")"
        case let .handlerChangeNeedsTx3g(trackID, format):
            "track \(trackID)'s samples are \(format == "text" ? "QuickTime text ('text')" : "'\(format)'"), not tx3g"
        case let .chapterTrackStaysText(trackID):
            "track \(trackID) is the movie's chapter track (other tracks refer to it with 'chap'), so it stays a text track"
        case let .fitNeedsTx3g(trackID, format):
            "track \(trackID)'s samples are '\(format)', not tx3g: only a tx3g subtitle track has a text box to fit to the video"
        case let .noVideoToFit(trackID): "the movie has no video track to fit track \(trackID)'s text box to"
        case .noCues: "the subtitle file has no cues"
        case let .cuePastEnd(number, start, end, movieEnd):
            "cue \(number) (\(start) --> \(end)) runs past the movie's end (\(movieEnd))"
        case let .cueTimeline(error): error.description
        case let .noShowableCues(reasons): "no cue of the subtitle file can be shown: \(reasons.joined(separator: "; "))"
        case let .subtitleCodec(error): error.description
        case .noChapters: "the chapter list is empty"
        case let .firstChapterNotAtZero(start): "the first chapter starts at \(start), not at 0"
        case .movieHasNoDuration: "the movie has no duration (mvhd), so the last chapter has no end"
        case let .chapterPastEnd(number, title, start, movieEnd):
            "chapter \(number) (\"\(title)\" at \(start)) starts at or after the movie's end (\(movieEnd))"
        case let .chapterTooShort(number, title, start):
            "chapter \(number) (\"\(title)\" at \(start)) lasts less than a millisecond"
        case let .chapterTitleTooLong(byteCount):
            "a chapter title of \(byteCount) bytes is longer than a text sample holds (65,535)"
        case .noMetadataGroups: "the timed metadata track has no groups"
        case let .metadataLocalIDTaken(identifier, localID):
            "timed metadata key \(identifier) has local key ID \(localID), which is reserved or taken"
        case .metadataTimescaleZero: "the timed metadata timescale is 0"
        case let .metadataGroupsOverlap(start): "timed metadata groups overlap at \(start) s"
        case let .noMetadataGroupBeforeEnd(movieEnd): "no timed metadata group starts before the movie's end (\(movieEnd))"
        case let .metadataGroupPastEnd(number, start, duration, movieEnd):
            "timed metadata group \(number) (\(start) s, \(duration) s long) runs past the movie's end (\(movieEnd))"
        case let .metadataGroupStartsPastEnd(number, movieEnd):
            "timed metadata group \(number) starts at or after the movie's end (\(movieEnd))"
        case let .metadataKeyMissing(identifier): "no key for \(identifier) in the timed metadata key table"
        case .noCaptionBytes: "the captions have no byte pairs to carry"
        case let .captionBurstPastEnd(number, start, movieEnd):
            "caption burst \(number) (byte pairs sent from \(start)) runs past the movie's end (\(movieEnd))"
        case let .captionTrackTooLarge(samples, bytes, maxSamples, maxBytes):
            "the captions make \(samples) samples of \(bytes) bytes in all, one per burst of byte pairs; a caption track is read with at most \(maxSamples) samples and \(maxBytes) bytes"
        }
    }

    private static func list(_ soundTracks: [SoundTrack]) -> String {
        soundTracks.isEmpty ? "none" : soundTracks.map(\.description).joined(separator: ", ")
    }

    /// `path @ 0xOFFSET: message`, as `BoxError` writes a located problem.
    fileprivate static func located(_ location: BoxLocation?, _ message: String) -> String {
        location.map { "\($0): \(message)" } ?? message
    }
}

extension EditError.InPlaceObstacle: CustomStringConvertible {
    /// The obstacle in plain words, with the box's path and offset.
    public var description: String {
        switch self {
        case .notAFile: "an in-place edit needs a file"
        case let .removedBoxRunsToEnd(location):
            EditError.located(location, "cannot remove a box that runs to the end of the file in place")
        case let .lastBoxTooLarge(location):
            EditError.located(location, "the last box runs to the end of the file and is larger than 4 GiB, so its size cannot be written in place")
        case let .movieDoesNotFit(size, room):
            "the edited moov (\(size) bytes) does not fit where the old one is (\(room) bytes with the free space after it), and a fragmented movie's moov cannot move"
        case .severalMovieBoxes: "the fragmented movie has more than one moov"
        }
    }
}

extension EditError.FragmentKeepingObstacle: CustomStringConvertible {
    /// The obstacle in plain words.
    public var description: String {
        switch self {
        case .chapters: "a chapter track must have its samples in moov, where players read chapters"
        case .cueReplacement: "replacing a fragmented subtitle track's cues is not supported"
        }
    }
}

extension EditError.InPlaceFailureOutcome: CustomStringConvertible {
    /// What state the file is in, in plain words.
    public var description: String {
        switch self {
        case .leftAsItWas: "the file was left as it was"
        case .removedBytesNotErased: "the edit is in place, but removed bytes may not all be erased yet"
        case let .undoFailed(undoError, path):
            "undoing the edit failed too (\(undoError.message)): '\(path)' may hold a partial edit"
        }
    }
}

/// `body`'s value: a read or write of boxes, whose failure is reported as ``EditError/box(_:)``.
func boxing<T>(_ body: @autoclosure () throws(BoxError) -> T) throws(EditError) -> T {
    do throws(BoxError) { return try body() } catch { throw EditError.box(error) }
}
