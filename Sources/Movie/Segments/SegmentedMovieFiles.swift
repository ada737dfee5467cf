import FileOutput
import ISOBMFF

/// An initialization segment and media segments read as one fragmented movie, as a DASH or
/// CMAF client reads them: the concatenation of the Initialization Segment and the Media
/// Segments is a conforming file (ISO/IEC 23009-1 §6.3, segment formats for ISO BMFF), so offsets
/// in a segment (a `tfhd` base data offset) are offsets in that concatenation.
///
/// The initialization segment holds the `moov`, with `mvex` (ISO/IEC 14496-12 §8.8.1); each
/// media segment holds `moof`s (and `styp`, `sidx`, `mdat`…), no `moov`, and only fragments of
/// tracks the initialization segment describes. Every file but the last ends with a whole box,
/// so no box of one file runs into the next. A problem is a ``SegmentError`` naming the file it is in.
public struct SegmentedMovieFiles: Sendable {
    /// The path of the initialization segment.
    public var initialization: String
    /// The paths of the media segments, in presentation order.
    public var mediaSegments: [String]

    /// The segments at `mediaSegments` (at least one) described by the initialization segment
    /// at `initialization`.
    public init(initialization: String, mediaSegments: [String]) {
        self.initialization = initialization
        self.mediaSegments = mediaSegments
    }

    /// Opens and parses the files as one movie, holding `lock` on each (see `FileLock`) while
    /// the movie lives, or no lock when nil. `onWait` is called when another process holds a
    /// conflicting lock on one of them.
    public func open(limits: Limits = .standard, lock: FileLock? = nil,
                     onWait: ((String) -> Void)? = nil) throws(SegmentError) -> Movie {
        guard !mediaSegments.isEmpty else {
            throw SegmentError(path: initialization, error: BoxError(.invalidValue("no media segment to read with this initialization segment"), at: nil))
        }
        let paths = [initialization] + mediaSegments
        var sources: [any ByteSource] = []
        for (index, path) in paths.enumerated() {
            let source: FileByteSource
            do throws(BoxError) {
                if let lock {
                    source = try FileByteSource(path: path, lock: lock, onWait: onWait.map { onWait in { onWait(path) } })
                } else {
                    source = try FileByteSource(path: path)
                }
            } catch {
                throw SegmentError(path: path, error: error)
            }
            try Self.checkAlone(BoxTreeParser.parse(source, limits: limits), path: path, isInitialization: index == 0,
                                isLast: index == paths.count - 1)
            sources.append(source)
        }
        let concatenation: ConcatenatedByteSource
        do throws(BoxError) {
            concatenation = try ConcatenatedByteSource(sources)
        } catch {
            throw SegmentError(path: paths[paths.count - 1], error: error)
        }
        let file = BoxTreeParser.parse(concatenation, limits: limits)
        let movie: Movie
        do throws(BoxError) {
            movie = try Movie(file: file, limits: limits)
            if movie.movieBox.child("mvex") == nil {
                throw BoxError(.missingBox("moov has no mvex: not the initialization segment of a fragmented movie (ISO/IEC 14496-12 §8.8.1)"),
                               at: file.box("moov")?.location)
            }
            let undescribed = try Movie.undescribedTrackFragments(in: file.boxes.lazy.filter { $0.type == "moof" }, known: Set(movie.tracks.map(\.id)),
                                                                 describer: "the initialization segment '\(initialization)'", limits: limits)
            if let first = undescribed.first { throw first }
        } catch {
            throw Self.located(error, in: file, paths: paths)
        }
        return movie
    }

    /// Checks one file read alone: the initialization segment has a `moov`, a media segment
    /// a `moof` and no `moov`; and every file but the last ends with a whole box, so none of its
    /// boxes takes bytes of the next file.
    private static func checkAlone(_ file: BoxFile, path: String, isInitialization: Bool, isLast: Bool) throws(SegmentError) {
        let types = file.boxes.map(\.type)
        let listed = types.isEmpty ? "none" : types.map(\.description).joined(separator: " ")
        if !isLast, let problem = file.damage ?? file.warnings.first {
            throw SegmentError(path: path, error: problem)
        }
        if isInitialization {
            guard types.contains("moov") else {
                throw SegmentError(path: path, error: file.unrecognizedFormatError
                    ?? BoxError(.notAMovie("not an initialization segment: no moov box (top-level boxes: \(listed))"), at: nil))
            }
        } else {
            if let moov = file.box("moov") {
                throw SegmentError(path: path, error: BoxError(.notAMovie(
                    "a media segment has no moov: this file is an initialization segment or a whole movie"), at: moov.location))
            }
            guard types.contains("moof") else {
                throw SegmentError(path: path, error: file.unrecognizedFormatError ?? file.damage
                    ?? BoxError(.notAMovie("not a media segment: no moof box (top-level boxes: \(listed))"), at: nil))
            }
        }
    }

    /// `error`, found in the concatenation, named by the file it is in and located as in that
    /// file alone; an error without a location is the initialization segment's (its `moov`
    /// describes the movie).
    private static func located(_ error: BoxError, in file: BoxFile, paths: [String]) -> SegmentError {
        guard let location = error.location, let (part, local) = file.partLocation(of: location) else {
            return SegmentError(path: paths[0], error: error)
        }
        return SegmentError(path: paths[part], error: BoxError(error.kind, at: local))
    }
}
