import ISOBMFF

/// The samples of every track of a fragmented movie, gathered while the reader walks the file
/// (``Movie/read(_:limits:samplesUpTo:)``): the tracks start at the first `moof`, from the
/// `moov` read before it, and each `moof` is added as the walk parses it, so that a caller
/// about to rewrite the movie whole does not parse every fragment a second time.
///
/// Gathering gives up, leaving ``Movie/samples(ofEach:maxSamples:)`` to read the fragments again
/// and throw what it meets, whenever its answer could differ: no `moov` before the first
/// fragment, a compressed one (`cmov`), a track or fragment that does not read, or a walk
/// stopped at a bound of `Limits`.
struct ReadingPassSamples {
    /// The first `moov`, until the first fragment starts the tracks from it.
    private var movieBox: Box?
    /// The samples gathered, once the first fragment is reached; nil before, or after giving up.
    private var collector: FragmentSampleCollector<SampleTable.Sample>?
    private var gaveUp = false
    private let source: any ByteSource
    private let maxSamples: Int
    private let limits: Limits

    /// Gathers at most `maxSamples` samples a track of the file in `source`.
    init(source: any ByteSource, maxSamples: Int, limits: Limits) {
        self.source = source
        self.maxSamples = maxSamples
        self.limits = limits
    }

    /// Takes a box the walk read with its boxes: the first `moov`, and every `moof`.
    mutating func reached(_ box: Box) {
        guard !gaveUp else { return }
        switch box.type {
        case "moov" where collector == nil && movieBox == nil:
            movieBox = box
        case "moof":
            if collector == nil { startTracks() }
            do throws(BoxError) {
                // In place (optional chaining), so the sample lists are not copied as they grow.
                try collector?.add(box)
            } catch {
                giveUp()
            }
        default:
            break
        }
    }

    /// Starts every track from the `moov` read before the first fragment: one that no fragment
    /// names keeps its table's samples, as `samples(ofEach:)` gives it.
    private mutating func startTracks() {
        guard let movieBox, movieBox.child("cmov") == nil else { return giveUp() }
        do throws(BoxError) {
            var collector = FragmentSampleCollector(defaults: try TrackExtendsBox.all(in: movieBox.child("mvex"), limits: limits),
                                                    fileSize: source.size, maxSamples: maxSamples, limits: limits) { $0 }
            for trak in movieBox.children("trak") {
                try collector.start(Track(trak, source: source, limits: limits), fragmentSamples: 0)
            }
            self.collector = collector
            self.movieBox = nil
        } catch {
            giveUp()
        }
    }

    private mutating func giveUp() {
        gaveUp = true
        collector = nil
        movieBox = nil
    }

    /// The samples of every track of `movie`, the movie read, by track ID, as
    /// `samples(ofEach:maxSamples:)` of all its tracks gives them; nil when gathering gave up,
    /// no fragment was reached, or the walk stopped early.
    func samples(of movie: Movie) -> [UInt32: [SampleTable.Sample]]? {
        guard var collector, movie.readingStop == nil, let fragments = movie.fragments else { return nil }
        do throws(BoxError) {
            // A track no fragment names keeps its table as `samples(ofEach:)` reads it, which
            // refuses a table that does not read even when it is empty.
            for track in movie.tracks where fragments.tracks[track.id] == nil { try collector.start(track, fragmentSamples: nil) }
        } catch {
            return nil
        }
        return collector.samples
    }
}
