import ISOBMFF
import Metadata
import Movie

/// Builds the `trak` of a new timed metadata track and its samples, shaped like the ones iPhone
/// writes: handler `meta`, `gmhd` in QuickTime files (`nmhd` in ISO files, QTFF "Timed Metadata
/// Media"), a zero-size silent enabled track, one `mebx` sample description with the key
/// table, every sample a sync sample, all in one chunk.
struct MetadataTrackBuilder {
    let movieTimescale: UInt32
    let isQuickTime: Bool

    /// Media timescale when the groups do not bring one: milliseconds.
    static let defaultTimescale: UInt32 = 1000

    struct Result {
        /// The `trak`, its chunk offset still to be set by the layout.
        var trak: Box
        var media: NewTrackMedia
    }

    func build(_ request: MetadataTrackRequest, trackID: UInt32) throws(BoxError) -> Result {
        guard request.groups.contains(where: { $0.mediaDuration > 0 }) else {
            throw BoxError(.invalidValue("the timed metadata track has no groups"), at: nil)
        }
        var localIDs: Set<UInt32> = []
        for key in request.keys {
            guard key.localID != 0, key.localID != 0xFFFF_FFFF, localIDs.insert(key.localID).inserted else {
                throw BoxError(.invalidValue("timed metadata key \(key.identifier) has local key ID \(key.localID), which is reserved or taken"), at: nil)
            }
        }
        let timescale = request.groups.first?.timescale ?? Self.defaultTimescale
        guard timescale > 0 else { throw BoxError(.invalidValue("the timed metadata timescale is 0"), at: nil) }
        var bytes: [UInt8] = []
        var sizes: [UInt32] = []
        var runs: [(count: UInt32, delta: UInt32)] = []
        var mediaDuration: UInt64 = 0
        func append(_ sample: [UInt8], duration: UInt64) throws(BoxError) {
            guard let delta = UInt32(exactly: duration), let size = UInt32(exactly: sample.count) else {
                throw BoxError(.invalidValue("a timed metadata sample is longer than a 32-bit duration or size allows"), at: nil)
            }
            bytes += sample
            sizes.append(size)
            mediaDuration += duration
            if let last = runs.last, last.delta == delta { runs[runs.count - 1].count += 1 } else { runs.append((1, delta)) }
        }
        for group in request.groups.map({ $0.rescaled(to: timescale) }) {
            guard group.mediaDuration > 0 else { continue }
            // Samples are back to back: time the document leaves out is an explicit gap.
            if group.mediaStart > mediaDuration {
                try append(TimedMetadataSample.placeholder, duration: group.mediaStart - mediaDuration)
            } else if group.mediaStart < mediaDuration {
                throw BoxError(.invalidValue("timed metadata groups overlap at \(group.start) s"), at: nil)
            }
            try append(try sample(of: group, keys: request.keys).encoded(), duration: group.mediaDuration)
        }
        let trackDuration = (mediaDuration * UInt64(movieTimescale) + UInt64(timescale) / 2) / UInt64(timescale)
        let header = TrackHeaderBox(trackID: trackID, flags: [.enabled, .inMovie], duration: trackDuration)
        var handler = HandlerBox(handlerType: "meta", name: "TimedMetadataHandler",
                                 componentType: isQuickTime ? "mhlr" : FourCC(rawValue: 0))
        if isQuickTime { handler.nameForm = .pascal }
        let entry = Box(type: TimedMetadataTrack.format, prefix: [0, 0, 0, 0, 0, 0, 0, 1],
                        children: [MetadataKeyTable(keys: request.keys).makeBox()])
        let mediaInformation = Box(type: "minf", children: [
            isQuickTime ? NewTrackBoxes.baseMediaHeader() : Box(type: "nmhd", payload: [0, 0, 0, 0]),
            NewTrackBoxes.dataInformation,
            NewTrackBoxes.sampleTable(entry: entry, runs: runs, sizes: sizes),
        ])
        let media = Box(type: "mdia", children: [
            MediaHeaderBox(timing: HeaderTiming(timescale: timescale, duration: mediaDuration), language: .undetermined).makeBox(),
            handler.makeBox(),
            mediaInformation,
        ])
        let trak = Box(type: "trak", children: [header.makeBox(), media])
        return Result(trak: trak, media: NewTrackMedia(trackID: trackID, bytes: bytes, sampleCount: sizes.count))
    }

    /// A group's values as a sample, in key table order; every item needs a key.
    private func sample(of group: TimedMetadataGroup, keys: [TimedMetadataKey]) throws(BoxError) -> TimedMetadataSample {
        var values: [TimedMetadataSample.Value] = []
        for item in group.items {
            guard let key = keys.first(where: { $0.identifier == item.identifier && $0.locale == item.language })
                ?? keys.first(where: { $0.identifier == item.identifier }) else {
                throw BoxError(.invalidValue("no key for \(item.identifier) in the timed metadata key table"), at: nil)
            }
            let type = key.dataType ?? item.dataType ?? .reserved
            values.append(TimedMetadataSample.Value(localID: key.localID, bytes: item.value.encoded(as: type)))
        }
        return TimedMetadataSample(values: values)
    }
}
