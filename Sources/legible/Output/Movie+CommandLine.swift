import ArgumentParser
import Movie

extension Movie {
    /// Opens a movie for a command — a media segment read after `initializationSegment`, when
    /// given: a file that cannot be read is one `error:` line and exit status 2.
    static func openForCommand(path: String, initializationSegment: String? = nil) throws -> Movie {
        do {
            if let initializationSegment {
                return try SegmentedMovieFiles(initialization: initializationSegment, mediaSegments: [path]).open()
            }
            return try Movie.open(path: path)
        } catch {
            throw CommandFailure(file: path, error)
        }
    }
}
