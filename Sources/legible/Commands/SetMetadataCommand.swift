import ArgumentParser
import ISOBMFF
import Metadata
import Movie
import Remux

/// `legible set-metadata`: set or remove static metadata items (title, artist, location, …).
struct SetMetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-metadata",
        abstract: "Set or remove movie or track metadata: title, artist, comment, location, cover art, …",
        discussion: """
        KEY is a common name (\(MetadataCommonKey.all.map(\.name).joined(separator: ", "))) \
        or an identifier as AVFoundation prints it: mdta/com.apple.quicktime.title (QuickTime \
        metadata), itsk/©nam (iTunes), itlk/com.apple.iTunes.NAME (iTunes freeform), udta/©nam \
        (QuickTime user data). A common name changes the item wherever the file already has it; \
        a new item goes to QuickTime metadata in .mov files and to the iTunes list in .mp4/.m4v. \
        @LANG (a BCP 47 tag: fr, pt-BR) sets or removes one language's value, other languages \
        stay. iTunes lists have no languages, so a localized value in an .mp4 goes to QuickTime \
        metadata (mdta), which ffmpeg and ExifTool read there too; track-level values \
        (--track) go there as well. --remove KEY removes every language, KEY@LANG only that one. \
        location takes an ISO 6709 point (+48.8584+002.2945/); artwork takes @FILE (JPEG, PNG \
        or BMP). Samples are never touched.

        Examples:
          legible set-metadata movie.mov --set title="My film" --set title@fr="Mon film" --in-place
          legible set-metadata movie.mp4 --set artist=Me --set artwork=@cover.jpg -o tagged.mp4
          legible set-metadata movie.mov --set location=+48.8584+002.2945/ -o out.mov
          legible set-metadata movie.mov --remove comment --remove title@fr --in-place
          legible set-metadata movie.mov --track 2 --set title=Commentary --in-place
          legible set-metadata movie.mov --set mdta/com.example.rating=4 --type int --in-place

        Exit status: 0 on success; 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Option(name: .customLong("set"), help: ArgumentHelp("An item to set, KEY[@LANG]=VALUE (repeatable).", valueName: "KEY[@LANG]=VALUE"))
    var sets: [String] = []

    @Option(name: .customLong("remove"), help: ArgumentHelp("An item to remove, KEY[@LANG] (repeatable).", valueName: "KEY[@LANG]"))
    var removals: [String] = []

    @Option(help: "Change the metadata of this track (see 'legible info') instead of the movie's.")
    var track: UInt32?

    @Option(help: "The type of the --set values: \(MetadataValueType.allCases.map(\.rawValue).joined(separator: ", ")) (default: text; images for artwork).")
    var type: MetadataValueType?

    @OptionGroup var outputOptions: EditOutputOptions

    func validate() throws {
        if sets.isEmpty && removals.isEmpty { throw ValidationError("nothing to change: give at least one --set KEY=VALUE or --remove KEY") }
        for entry in sets {
            let (key, text) = try Self.split(entry)
            if !text.hasPrefix("@") || !(key.isArtwork || type?.isImage == true) { _ = try value(for: key, text: text) }
        }
        for entry in removals { _ = try MetadataKeyArgument(parsing: entry, option: "--remove") }
    }

    /// `KEY[@LANG]=VALUE` split at the first `=`.
    private static func split(_ entry: String) throws -> (MetadataKeyArgument, String) {
        guard let equals = entry.firstIndex(of: "=") else {
            throw ValidationError("--set \(entry): expected KEY[@LANG]=VALUE")
        }
        return (try MetadataKeyArgument(parsing: String(entry[..<equals]), option: "--set"), String(entry[entry.index(after: equals)...]))
    }

    /// The value and data type of a `--set`.
    private func value(for key: MetadataKeyArgument, text: String) throws -> (MetadataValue, MetadataDataType?) {
        if text.hasPrefix("@"), key.isArtwork || type?.isImage == true {
            let image = try MetadataImageFile.read(String(text.dropFirst()))
            return (image, type?.isImage == true ? type?.dataType : nil)
        }
        if key.isLocation, ISO6709Point(parsing: text) == nil {
            throw ValidationError("--set \(key.key)=\(text): not an ISO 6709 point such as +48.8584+002.2945/ or +48.8584+002.2945+035.000/")
        }
        guard let type else { return (.text(text), nil) }
        return (try type.value(of: text).get(), type.dataType)
    }

    private var scope: MetadataScope { track.map { .track($0) } ?? .movie }

    func run() throws {
        try outputOptions.run(movie: movie) { _ in
            var changes: [MetadataChange] = []
            for entry in sets {
                let (key, text) = try Self.split(entry)
                let (value, dataType) = try value(for: key, text: text)
                changes.append(MetadataChange(key: key.key, language: key.language, scope: scope, action: .set(value, dataType: dataType)))
            }
            for entry in removals {
                let key = try MetadataKeyArgument(parsing: entry, option: "--remove")
                changes.append(MetadataChange(key: key.key, language: key.language, scope: scope, action: .remove))
            }
            return EditPlan(brand: outputOptions.resolvedBrand(sourcePath: movie), metadataChanges: changes)
        } describe: { report in
            ["changed the metadata of \(track.map { "track \($0)" } ?? "the movie") in \(report.path)"]
        }
    }
}
