import ISOBMFF
import Movie

extension ImportedTrackBuilder {
    /// The movie a track is copied from, with every sample of its tracks in their sample
    /// tables: `movie` itself when it is regular; a fragmented one (ISO/IEC 14496-12 §8.8) as
    /// `DefragmentedMovie` makes it, its samples — those of its `moov`, then those of its
    /// `moof`s, read through `Movie.samples(of:maxSamples:)` — described again in `stts`, `ctts`,
    /// `stss`, `stsz`, `stsc` and `stco`/`co64` at the offsets where they are in its file, its
    /// edit list moved by the first fragment's decode time, so the copy's chunks are read from
    /// there as a regular track's are. A fragment may name another of the `stsd`'s sample
    /// descriptions (`tfhd`, `trex`: §8.8.7, §8.8.3); the tables keep each sample's, and one
    /// the `stsd` does not have is refused, naming the sample. The track fragments' sample
    /// groups (`sgpd`, `sbgp`: §8.9) are merged with the track's (`FragmentSampleGroups`) into
    /// `sampleGroups`, the boxes that replace the `stbl`'s; groups that cannot be (damaged, or
    /// of a form not read) are not copied, and `notes` names them with what else the fragments
    /// say of the samples beyond the tables.
    func regularSource(_ movie: Movie, trackID: UInt32, unreadable: (BoxError) -> EditError)
        throws(EditError) -> (movie: Movie, notes: [String], sampleGroups: [Box]?) {
        guard movie.isFragmented else { return (movie, [], nil) }
        let regular: Movie, fragments: [(traf: Box, samples: UInt64)]
        do throws(BoxError) {
            regular = try DefragmentedMovie.regular(movie, limits: limits)
            if let track = regular.track(id: trackID) { try Self.checkDescriptionIndices(of: track) }
            fragments = try Self.trackFragments(of: movie, trackID: trackID, limits: limits)
        } catch {
            throw unreadable(error)
        }
        var leftOut: [FourCC] = []
        for (traf, _) in fragments {
            for child in traf.children where Self.sampleBoxes.contains(child.type) && !leftOut.contains(child.type) { leftOut.append(child.type) }
        }
        var notes: [String] = []
        var sampleGroups: [Box]?
        if leftOut.contains("sbgp") || leftOut.contains("sgpd") {
            do throws(BoxError) {
                let tables = regular.track(id: trackID)?.box.descendant(["mdia", "minf", "stbl"])?.children ?? []
                var groups = try FragmentSampleGroups(tables: tables, tableSampleCount: movie.track(id: trackID)?.tableSampleCount ?? 0)
                for (traf, samples) in fragments { try groups.add(traf, samples: samples) }
                sampleGroups = groups.boxes
                leftOut.removeAll { $0 == "sbgp" || $0 == "sgpd" }
            } catch {
                notes.append("its movie fragments' sample groups ('sbgp', 'sgpd') are not copied: \(error)")
                leftOut.removeAll { $0 == "sbgp" || $0 == "sgpd" }
            }
        }
        if !leftOut.isEmpty {
            notes.append("its movie fragments' \(leftOut.map { "'\($0)'" }.joined(separator: ", ")) (what they say of its samples beyond timing, sizes, sync and sample groups) are not copied")
        }
        return (regular, notes, sampleGroups)
    }

    /// Track `trackID`'s track fragments (`traf`, §8.8.6) in file order, each with its number
    /// of samples (its `trun`s', §8.8.8).
    private static func trackFragments(of movie: Movie, trackID: UInt32, limits: Limits) throws(BoxError) -> [(traf: Box, samples: UInt64)] {
        var fragments: [(traf: Box, samples: UInt64)] = []
        for moof in movie.file.boxes where moof.type == "moof" {
            // The file walk keeps a fragment as a file range: its boxes are parsed here, as for its samples.
            for traf in try moof.expanded(limits: limits).children("traf") {
                guard let tfhd = traf.child("tfhd"), try TrackFragmentHeaderBox(tfhd.loaded(limits: limits)).trackID == trackID else { continue }
                var samples: UInt64 = 0
                for trun in traf.children("trun") { samples = samples.saturatingAdd(UInt64(try TrackRunBox(trun.loaded(limits: limits)).count)) }
                fragments.append((traf, samples))
            }
        }
        return fragments
    }

    /// The boxes of a track fragment that say more of its samples than the tables are built
    /// from: sample groups (`sbgp`, `sgpd`: ISO/IEC 14496-12 §8.9), auxiliary information
    /// (`saiz`, `saio`: §8.7.8, §8.7.9; `senc`: ISO/IEC 23001-7 §7.2), sub-samples (`subs`,
    /// §8.7.7) and dependencies (`sdtp`, §8.6.4).
    private static let sampleBoxes: Set<FourCC> = ["sbgp", "sgpd", "saiz", "saio", "senc", "subs", "sdtp"]

    /// Refuses a sample whose description index (from its fragment's `tfhd` or the track's
    /// `trex`) names no entry of the track's `stsd`: a reader would find no decoder for it.
    private static func checkDescriptionIndices(of track: Track) throws(BoxError) {
        let count = track.sampleEntries.count
        for (number, sample) in try track.sampleTable().enumerated() where sample.descriptionIndex == 0 || Int(sample.descriptionIndex) > count {
            let stsd = track.box.descendant(["mdia", "minf", "stbl", "stsd"])
            throw BoxError(.inconsistentSampleTable("track \(track.id) sample \(number + 1) (in a movie fragment) has sample description \(sample.descriptionIndex), but its stsd has \(count)"),
                           at: stsd?.location ?? track.box.location ?? BoxLocation(path: "trak", offset: 0))
        }
    }
}
