import Language
import Metadata
import Movie

/// A timed metadata track to add (QTFF "Timed Metadata Media"): its key table and its groups,
/// one sample each.
public struct MetadataTrackRequest: Sendable {
    /// The key table; every item of every group must have a key here (matched by identifier and
    /// locale).
    public var keys: [TimedMetadataKey]
    /// The samples, in time order and back to back from 0 (`TimedMetadataDocument.resolved(movieEnd:)`
    /// gives them so); a group without items becomes a placeholder sample.
    public var groups: [TimedMetadataGroup]
    /// The tracks the metadata describes (`tref/cdsc`); empty: the whole movie.
    public var describedTrackIDs: [UInt32]
    /// The track name (`udta/name`).
    public var name: String?
    /// The track's language.
    public var language: LanguageTag?

    /// A timed metadata track with `keys` and `groups`, describing `describedTrackIDs` (`cdsc`).
    public init(keys: [TimedMetadataKey], groups: [TimedMetadataGroup], describedTrackIDs: [UInt32] = [],
                name: String? = nil, language: LanguageTag? = nil) {
        self.keys = keys
        self.groups = groups
        self.describedTrackIDs = describedTrackIDs
        self.name = name
        self.language = language
    }

    /// The properties the engine applies to the new track, as it does for subtitle tracks.
    var properties: TrackChanges {
        TrackChanges(language: language, name: name,
                     addedReferences: describedTrackIDs.isEmpty ? [] : [TrackReference(type: TrackReference.metadataReferent, trackIDs: describedTrackIDs)])
    }
}
