import ArgumentParser
import Movie

extension Movie {
    /// Opens a movie for a command: a file that cannot be read is one `error:` line and exit
    /// status 2.
    static func openForCommand(path: String) throws -> Movie {
        do {
            return try Movie.open(path: path)
        } catch {
            printError("\(path): \(error)")
            throw ExitCode(2)
        }
    }
}
