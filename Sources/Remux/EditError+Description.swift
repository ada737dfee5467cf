import Conversion
import ISOBMFF
import Language
import Metadata
import Movie
import TimedText

extension EditError {
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
        case let .unknownSourceTrack(id, available):
            "no track \(id) in the file to import from; its tracks are \(available.map(String.init).joined(separator: ", "))"
        case let .cannotImportTrack(trackID, obstacle):
            "cannot import track \(trackID): \(obstacle)"
        case let .cannotImportStream(obstacle):
            "cannot import the audio stream: \(obstacle)"
        case let .importOffsetPastEnd(offset):
            "an offset of \(Double(offset.microseconds) / 1_000_000) s advances the imported track past its end: nothing of it would play"
        case let .fallbackNeedsSoundTracks(trackID):
            "track \(trackID) is not a sound track: a fallback ('fall') relates two sound tracks"
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

    static func list(_ soundTracks: [SoundTrack]) -> String {
        soundTracks.isEmpty ? "none" : soundTracks.map(\.description).joined(separator: ", ")
    }

    /// `path @ 0xOFFSET: message`, as `BoxError` writes a located problem.
    static func located(_ location: BoxLocation?, _ message: String) -> String {
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
        case .importedTracks: "a track imported from another file is only written into a regular movie so far"
        }
    }
}

extension EditError.ImportObstacle: CustomStringConvertible {
    /// The obstacle in plain words.
    public var description: String {
        switch self {
        case .externalMedia: "its samples are in yet another file (dref)"
        case let .unreadable(file, error): (file.map { "\($0): " } ?? "") + EditError.located(error.location, error.message)
        case let .codecNotInBrand(format, reason): "its samples are '\(format)', \(reason)"
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
