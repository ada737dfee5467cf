import ISOBMFF
import Movie

/// A track the engine adds to a movie that stays fragmented (ISO/IEC 14496-12 §8.8): its `trak`
/// with empty sample tables, its `trex`, and its samples cut into track fragments at the source
/// fragments' start times, each fragment's samples to follow that fragment's media.
///
/// A sample goes whole to the fragment in whose time span it starts, so a cue is never split
/// in two (a fragment's samples may run past the next fragment's start: track fragments of
/// different tracks need not be aligned in time, §8.8.4). The samples cover the track's time
/// line without a gap, empty samples where nothing shows, as the builders make them, so each
/// track fragment's `tfdt` is the decode time of its first sample.
struct FragmentedNewTrack {
    /// The samples of one track fragment: their durations and sizes, and their bytes.
    struct Fragment {
        var decodeTime: UInt64
        var entries: [TrackRunBox.Entry]
        var bytes: [UInt8]
    }

    let trackID: UInt32
    /// The `trak` as the movie lists it: no sample in its tables.
    let trak: Box
    /// Track fragments by the index of the source `moof` they follow; a `moof` no sample
    /// starts in has none.
    let fragments: [Int: Fragment]

    /// The added track `trak` with samples `media` (one chunk, as the builders make it), cut at
    /// `fragmentStarts`: the start time in seconds of each source `moof`, in file order.
    init(trak: Box, media: NewTrackMedia, fragmentStarts: [Double], limits: Limits) throws(BoxError) {
        trackID = media.trackID
        let location = BoxLocation(path: "trak", offset: 0)
        guard let stbl = trak.descendant(["mdia", "minf", "stbl"]), let mdhd = trak.descendant(["mdia", "mdhd"]) else {
            throw BoxError(.missingBox("an added track has no stbl or mdhd"), at: location)
        }
        let timescale = try MediaHeaderBox(mdhd.loaded(limits: limits)).timescale
        guard timescale > 0 else { throw BoxError(.invalidValue("an added track has a media timescale of 0"), at: location) }
        guard !fragmentStarts.isEmpty else {
            throw BoxError(.missingBox("the movie has no movie fragment (moof) for an added track's samples to follow"), at: location)
        }
        var fragments: [Int: Fragment] = [:]
        for sample in try SampleTable(stbl, limits: limits) {
            // The chunk offset is the builders' placeholder, 0: offsets are within `media.bytes`.
            guard sample.offset <= UInt64(media.bytes.count), UInt64(sample.size) <= UInt64(media.bytes.count) - sample.offset else {
                throw BoxError(.samplesOutsideFile("an added track's sample \(sample.index + 1) is not within its samples' bytes"), at: location)
            }
            let start = Double(sample.decodeTime) / Double(timescale)
            let index = fragmentStarts.lastIndex { $0 <= start } ?? 0
            let bytes = media.bytes[Int(sample.offset)..<Int(sample.offset) + Int(sample.size)]
            fragments[index, default: Fragment(decodeTime: sample.decodeTime, entries: [], bytes: [])].entries
                .append(TrackRunBox.Entry(duration: sample.duration, size: sample.size))
            fragments[index]?.bytes += bytes
        }
        self.fragments = fragments
        // The builders' tables are `stsd`, `stts`, `stsc`, `stsz` and `stco`: the last four go.
        var emptied = trak
        emptied.modifyChild("mdia") { mdia in
            mdia.modifyChild("minf") { minf in
                minf.modifyChild("stbl") { $0.setChildren($0.children.filter { $0.type == "stsd" } + TrackBuilder.emptySampleTables) }
            }
        }
        self.trak = emptied
    }

    /// The track's `trex` (§8.8.3): its first sample description; every sample a sync sample
    /// (text and metadata samples depend on none); durations and sizes in each `trun`.
    var trackExtends: Box { TrackBuilder.trackExtends(trackID: trackID) }

    /// The `traf` of `fragment`, its data `dataOffset` bytes from the start of its `moof`.
    func trackFragment(_ fragment: Fragment, dataOffset: Int32) -> Box {
        TrackBuilder.trackFragment(trackID: trackID, decodeTime: fragment.decodeTime,
                                   run: TrackRunBox(entries: fragment.entries, dataOffset: dataOffset))
    }
}
