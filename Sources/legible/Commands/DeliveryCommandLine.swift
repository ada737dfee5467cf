import ISOBMFF
import ArgumentParser
import Delivery
import Language
import Movie

/// What `hls` and `html` share: the movie's name for file names, and errors as one line.
enum DeliveryCommandLine {
    /// The file name without folders: `films/Holiday.mov` → `Holiday.mov`.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The file name without folders and extension: `films/Holiday.mov` → `Holiday`.
    static func movieName(_ path: String) -> String {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Runs `body`; a ``DeliveryError`` becomes a ``CommandFailure`` about `path`.
    static func run<T>(_ path: String, _ body: () throws(DeliveryError) -> T) throws -> T {
        do throws(DeliveryError) {
            return try body()
        } catch {
            throw CommandFailure(file: path, error)
        }
    }

    /// A package's warnings as the command line words them: a withheld default's note with the
    /// option that makes the track the default after all.
    static func warnings(_ warnings: [String], withheld: [WithheldDefault]) -> [String] {
        warnings.map { warning in
            withheld.first { $0.note == warning }.map { "\(warning); --default-track \($0.trackID) makes it one" } ?? warning
        }
    }

    /// The error as the command line prints it: the library's words, and the option that gets
    /// past a refusal.
    static func commandLineMessage(_ error: DeliveryError) -> String {
        switch error {
        case .folderNotEmpty: "\(error); use --overwrite to replace files of the same name"
        case .filesExist: "\(error); use --overwrite to replace them"
        case .tooManySegments: "\(error); use a longer --segment-duration"
        case let .defaultTrackNotOffered(trackID): "--default-track \(trackID): track \(trackID) is not an audio or subtitle track of the movie"
        default: error.description
        }
    }

    /// The JSON of a delivered track's labels.
    static func trackJSON(_ track: DeliveryTrack) -> [(String, JSONValue)] {
        [("trackID", .unsigned(track.trackID)), ("name", .string(track.name)), ("language", .string(track.language)),
         ("characteristics", .array(track.taggedCharacteristics.map { .string($0) })),
         ("default", .bool(track.isDefault)), ("forced", .bool(track.isForcedOnly)), ("cues", .unsigned(track.cues.count))]
    }
}

extension LanguageNaming: ExpressibleByArgument {}
extension StreamingText: ExpressibleByArgument {}
