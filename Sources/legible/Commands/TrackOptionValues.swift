import ArgumentParser
import ISOBMFF
import Language
import Movie
import Remux

// How `add-subtitles` and `set-track` read track properties from the command line.

extension AlternateGroupChoice: ExpressibleByArgument {
    /// `auto` or a group number.
    public init?(argument: String) { self.init(text: argument) }
}

extension AudioTrackChoice: ExpressibleByArgument {
    /// `auto` or a track ID.
    public init?(argument: String) { self.init(text: argument) }
}

/// `TYPE:ID[,ID…]` (e.g. `folw:5`, `chap:3,4`), or just `TYPE` where every reference of a type
/// is meant (`--remove-reference folw`).
struct TrackReferenceArgument: ExpressibleByArgument {
    let reference: TrackReference

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard let type = parts.first.flatMap(FourCC.init) else { return nil }
        var ids: [UInt32] = []
        if parts.count == 2 {
            for field in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                guard let id = UInt32(field) else { return nil }
                ids.append(id)
            }
        }
        reference = TrackReference(type: type, trackIDs: ids)
    }
}

/// A `--language` value, checked so a bad tag gets the parser's own explanation.
func languageTag(_ text: String?) throws -> LanguageTag? {
    guard let text else { return nil }
    do {
        return try LanguageTag(parsing: text)
    } catch {
        throw ValidationError("--language: \(error)")
    }
}
