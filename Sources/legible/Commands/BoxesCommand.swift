import ArgumentParser
import ISOBMFF
import KnownBoxes

/// `legible boxes`: the raw box tree.
struct BoxesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxes",
        abstract: "Show the box (atom) tree with offsets, sizes and the decoded fields of known boxes.",
        discussion: """
        Each line shows a box's type, its byte offset, its total size and, for boxes Legible \
        models (ftyp, mvhd, tkhd, elst, mdhd, elng, hdlr, stsd entries with the tx3g and wvtt \
        fields, stts, ctts, stsc, stsz, stz2, stco, co64, stss, tref entries, udta \
        name/tagc/kind/©xxx/chpl, QuickTime metadata keys and ilst data atoms, mebx key tables), \
        their fields. Long tables show their first entries and their length. Sample data (mdat) \
        is never read.

        A damaged file is dumped up to the damage, followed by the error (exit status 2). A file \
        that is not a QuickTime or MPEG-4 file at all (empty, text) is an error, not a dump.

        Examples:
          legible boxes movie.mov
          legible boxes --depth 2 movie.mp4
          legible boxes --json movie.mov | jq '.boxes[] | .type'
          legible boxes --count long-recording.mp4
        """)

    @Argument(help: "The file to dump.")
    var file: String

    @Flag(help: "Print JSON.")
    var json = false

    @Option(help: "Show this many levels of nesting (1 = top-level boxes only).")
    var depth: Int?

    @Flag(name: .customLong("no-fields"), help: "Show boxes only, without decoded fields.")
    var noFields = false

    @Flag(help: "Print only the number of boxes, counted from their headers without keeping the tree.")
    var count = false

    func validate() throws {
        if let depth, depth < 1 { throw ValidationError("--depth must be at least 1") }
        if count && (json || depth != nil || noFields) {
            throw ValidationError("--count prints a number only: it takes no --json, --depth or --no-fields")
        }
    }

    func run() throws {
        let source: FileByteSource
        do {
            source = try FileByteSource(path: file)
        } catch {
            throw CommandFailure(file: file, error)
        }
        if count { return try printCount(source) }
        let parsed = BoxTreeParser.parse(source)
        if let notBoxes = parsed.unrecognizedFormatError {
            throw CommandFailure("\(file): \(notBoxes)")
        }
        let renderer = BoxTreeRenderer(showFields: !noFields, registry: KnownBoxes.registry)
        var output = StandardOutput()
        if json {
            renderer.writeJSON(file: file, parsed: parsed, maxDepth: depth, to: &output)
        } else {
            renderer.writeText(parsed.boxes, source: source, maxDepth: depth, to: &output)
            for warning in parsed.warnings { output.writeLine(TerminalText.lines("warning: \(warning)")) }
        }
        output.flush()
        if let damage = parsed.damage {
            throw CommandFailure("\(file): \(damage)")
        }
    }

    /// The number of boxes in the file's index: headers only, no payload and no tree, so a movie
    /// of a million fragment boxes is counted in some 32 MB.
    private func printCount(_ source: FileByteSource) throws {
        let index = BoxIndex(indexing: source)
        var output = StandardOutput()
        output.writeLine("\(index.count)")
        output.flush()
        if let damage = index.damage {
            throw CommandFailure("\(file): \(damage)")
        }
    }
}
