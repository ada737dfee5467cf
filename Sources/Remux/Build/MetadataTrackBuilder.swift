import Conversion
import ISOBMFF
import Metadata
import Movie
import TimedText

/// Builds the `trak` of a new timed metadata track and its samples, shaped like the ones iPhone
/// writes: handler `meta`, `gmhd` in QuickTime files (`nmhd` in ISO files, QTFF "Timed Metadata
/// Media"), a zero-size silent enabled track, one `mebx` sample description with the key
/// table, every sample a sync sample, all in one chunk.
struct MetadataTrackBuilder {
    let movieTimescale: UInt32
    let isQuickTime: Bool
    /// The movie's end in seconds, which groups are held against; nil when it has no duration.
    let movieEnd: SubtitleTime?
    let pastEnd: PastEndPolicy

    /// Media timescale when the groups do not bring one: milliseconds.
    static let defaultTimescale: UInt32 = 1000

    struct Result {
        /// The track, its properties still to be set and its chunk offset by the layout.
        var track: TrackBuilder
        var media: NewTrackMedia
        /// Groups held to the movie's end.
        var losses: [ConversionLoss]
    }

    func build(_ request: MetadataTrackRequest, trackID: UInt32) throws(EditError) -> Result {
        guard request.groups.contains(where: { $0.mediaDuration > 0 }) else {
            throw .noMetadataGroups
        }
        var localIDs: Set<UInt32> = []
        for key in request.keys {
            guard key.localID != 0, key.localID != 0xFFFF_FFFF, localIDs.insert(key.localID).inserted else {
                throw .metadataLocalIDTaken(identifier: key.identifier, localID: key.localID)
            }
        }
        let timescale = request.groups.first?.timescale ?? Self.defaultTimescale
        guard timescale > 0 else { throw .metadataTimescaleZero }
        var samples = NewTrackSamples(kind: "a timed metadata sample")
        // Keys by identifier, so each item finds its key at once, however many keys there are.
        let keysByIdentifier = Dictionary(grouping: request.keys, by: \.identifier)
        let (groups, losses) = try heldToMovieEnd(request.groups.map { $0.rescaled(to: timescale) }, timescale: timescale)
        for group in groups {
            guard group.mediaDuration > 0 else { continue }
            // Samples are back to back: time the document leaves out is an explicit gap.
            if group.mediaStart > samples.duration {
                try boxing(samples.append(TimedMetadataSample.placeholder, duration: group.mediaStart - samples.duration))
            } else if group.mediaStart < samples.duration {
                throw .metadataGroupsOverlap(start: group.start)
            }
            let encoded = try sample(of: group, keys: keysByIdentifier).encoded()
            try boxing(samples.append(encoded, duration: group.mediaDuration))
        }
        guard samples.count > 0 else {
            throw .noMetadataGroupBeforeEnd(movieEnd: movieEnd ?? .zero)
        }
        let entry = Box(type: TimedMetadataTrack.format, prefix: [0, 0, 0, 0, 0, 0, 0, 1],
                        children: [MetadataKeyTable(keys: request.keys).makeBox()])
        var track = TrackBuilder(trackID: trackID, flags: [.enabled, .inMovie],
                                 handler: TrackBuilder.handler("meta", name: "TimedMetadataHandler", isQuickTime: isQuickTime),
                                 mediaInformationHeader: isQuickTime ? TrackBuilder.baseMediaHeader() : TrackBuilder.nullMediaHeader,
                                 sampleEntry: entry, timescale: timescale)
        try boxing(samples.place(in: &track, movieTimescale: movieTimescale))
        return Result(track: track, media: samples.media(trackID: trackID), losses: losses)
    }

    /// The groups with ``pastEnd`` applied: with `clip`, those starting at or after the movie's
    /// end are left out and one running past it is cut there, each said in a diagnostic.
    private func heldToMovieEnd(_ groups: [TimedMetadataGroup], timescale: UInt32) throws(EditError) -> ([TimedMetadataGroup], [ConversionLoss]) {
        guard let movieEnd, pastEnd != .extend else { return (groups, []) }
        let end = UInt64(max(0, movieEnd.units(inTimescale: timescale)))
        var kept: [TimedMetadataGroup] = []
        var leftOut: [Int] = []
        var cut: [Int] = []
        for (index, var group) in groups.enumerated() where !group.isGap || group.mediaStart < end {
            let groupEnd = group.mediaStart.saturatingAdd(group.mediaDuration)
            guard group.mediaStart < end, groupEnd > end else {
                if group.mediaStart >= end { leftOut.append(index + 1) } else { kept.append(group) }
                continue
            }
            if pastEnd == .refuse, !group.isGap {
                throw .metadataGroupPastEnd(number: index + 1, start: group.start, duration: group.duration, movieEnd: movieEnd)
            }
            if !group.isGap { cut.append(index + 1) }
            group.mediaDuration = end - group.mediaStart
            kept.append(group)
        }
        if pastEnd == .refuse, let first = leftOut.first {
            throw .metadataGroupStartsPastEnd(number: first, movieEnd: movieEnd)
        }
        let losses = ConversionLoss.heldToMovieEnd(.metadataGroup, leftOut: leftOut, cut: cut, end: movieEnd)
        return (kept, losses)
    }

    /// A group's values as a sample, in key table order; every item needs a key.
    private func sample(of group: TimedMetadataGroup, keys: [MetadataIdentifier: [TimedMetadataKey]]) throws(EditError) -> TimedMetadataSample {
        var values: [TimedMetadataSample.Value] = []
        for item in group.items {
            let candidates = keys[item.identifier] ?? []
            guard let key = candidates.first(where: { $0.locale == item.language }) ?? candidates.first else {
                throw .metadataKeyMissing(identifier: item.identifier)
            }
            let type = key.dataType ?? item.dataType ?? .reserved
            values.append(TimedMetadataSample.Value(localID: key.localID, bytes: item.value.encoded(as: type)))
        }
        return TimedMetadataSample(values: values)
    }
}
