import ISOBMFF
import Movie

extension ImportedTrackBuilder {
    /// The movie a track is copied from, with every sample of its tracks in their sample
    /// tables: `movie` itself when it is regular; a fragmented one (ISO/IEC 14496-12 §8.8) as
    /// ``DefragmentedMovie`` makes it, its samples — those of its `moov`, then those of its
    /// `moof`s, read through `Movie.samples(of:maxSamples:)` — described again in `stts`, `ctts`,
    /// `stss`, `stsz`, `stsc` and `stco`/`co64` at the offsets where they are in its file, its
    /// edit list moved by the first fragment's decode time, so the copy's chunks are read from
    /// there as a regular track's are. A fragment may name another of the `stsd`'s sample
    /// descriptions (`tfhd`, `trex`: §8.8.7, §8.8.3); the tables keep each sample's, and one
    /// the `stsd` does not have is refused, naming the sample.
    func regularSource(_ movie: Movie, trackID: UInt32, unreadable: (BoxError) -> EditError) throws(EditError) -> Movie {
        guard movie.isFragmented else { return movie }
        do throws(BoxError) {
            let regular = try DefragmentedMovie.regular(movie, limits: limits)
            if let track = regular.track(id: trackID) { try Self.checkDescriptionIndices(of: track) }
            return regular
        } catch {
            throw unreadable(error)
        }
    }

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
