import ISOBMFF
import Movie

/// The edited `moov` of a movie that stays fragmented: the edit's `moov` (``EditedMovie``) with
/// each added track's `trak` emptied of samples (``FragmentedNewTrack``), and its `mvex`
/// (ISO/IEC 14496-12 §8.8.1) listing the tracks the output has — a `trex` per kept track as it
/// was, one per added track — and its `mehd` (§8.8.2) the longest track's duration when an added
/// track lasts longer than the fragments did.
enum FragmentedMovieBox {
    static func make(_ edited: EditedMovie, newTracks: [FragmentedNewTrack], limits: Limits) throws(BoxError) -> Box {
        var moov = edited.movieBox
        let added = Dictionary(newTracks.map { ($0.trackID, $0) }, uniquingKeysWith: { first, _ in first })
        var order = edited.trackOrder.makeIterator()
        var longestAdded: UInt64 = 0
        var children: [Box] = []
        for child in moov.children {
            guard child.type == "trak", let trackID = order.next(), let track = added[trackID] else {
                children.append(child)
                continue
            }
            longestAdded = max(longestAdded, try TrackBoxEditor.header(of: child, limits: limits).duration)
            children.append(track.trak)
        }
        guard let mvexIndex = children.firstIndex(where: { $0.type == "mvex" }) else {
            throw BoxError(.invalidValue("the movie has movie fragments but no mvex"), at: moov.location)
        }
        let kept = Set(edited.trackOrder)
        var mvex = children[mvexIndex]
        var extends: [Box] = []
        for box in mvex.children {
            switch box.type {
            case "trex":
                if kept.contains(try TrackExtendsBox(box.loaded(limits: limits)).trackID) { extends.append(box) }
            case "mehd":
                extends.append(try longest(box, atLeast: longestAdded, limits: limits))
            default:
                extends.append(box)
            }
        }
        mvex.setChildren(extends + newTracks.map(\.trackExtends))
        children[mvexIndex] = mvex
        moov.setChildren(children)
        moov.header = BoxHeader(type: "moov", payloadSize: moov.payloadSize)
        return moov
    }

    /// `mehd` with a fragment duration of at least `duration` (movie timescale): version 1, 64
    /// bits, when it no longer fits 32.
    private static func longest(_ mehd: Box, atLeast duration: UInt64, limits: Limits) throws(BoxError) -> Box {
        var reader = try mehd.loaded(limits: limits).payloadReader()
        let version = try reader.readVersionAndFlags().version
        let declared = try reader.readUInt(wide: version == 1)
        guard duration > declared else { return mehd }
        let wide = duration > UInt64(UInt32.max)
        var writer = ByteWriter(capacity: 12)
        writer.writeVersionAndFlags(version: wide ? 1 : 0, flags: 0)
        if wide { writer.write(duration) } else { writer.write(UInt32(duration)) }
        return Box(type: "mehd", payload: writer.bytes)
    }
}
