import Lint
import Movie
import Remux

/// The `legible set-track` command that makes a fix, as a person would type it.
struct SetTrackCommandLine {
    let moviePath: String
    let fix: TrackFix

    /// The arguments after `legible`, in `set-track --help`'s order. The command edits in place,
    /// so that several fixes can be run one after the other.
    var arguments: [String] {
        let changes = fix.changes
        var arguments = ["set-track", moviePath, "--track", String(fix.trackID)]
        if let language = changes.language { arguments += ["--language", language.description] }
        if let name = changes.name { arguments += ["--name", name] }
        if let group = changes.alternateGroup { arguments += ["--group", group.text] }
        if changes.makesDefault { arguments.append("--default") }
        if let enabled = changes.isEnabled { arguments.append(enabled ? "--enable" : "--disable") }
        for characteristic in changes.removedCharacteristics { arguments += ["--remove-characteristic", characteristic] }
        for characteristic in changes.addedCharacteristics { arguments += ["--characteristic", characteristic] }
        for reference in changes.removedReferences { arguments += ["--remove-reference", Self.argument(reference)] }
        for reference in changes.addedReferences { arguments += ["--add-reference", Self.argument(reference)] }
        if let handler = changes.handler { arguments += ["--handler", handler.description] }
        if changes.fitsTextBoxToVideo { arguments.append("--fit-to-video") }
        return arguments + ["--in-place"]
    }

    /// `legible set-track 'my movie.mov' --track 3 …`, each word quoted for a POSIX shell when it must be.
    var rendered: String { (["legible"] + arguments).map(Self.shellWord).joined(separator: " ") }

    static func argument(_ reference: TrackReference) -> String {
        reference.trackIDs.isEmpty ? reference.type.description
            : "\(reference.type):\(reference.trackIDs.map(String.init).joined(separator: ","))"
    }

    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._/:,=@+%".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
