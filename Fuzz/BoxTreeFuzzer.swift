// libFuzzer harness over the whole read path a user reaches: the box tree, the typed box views,
// the Movie model (with `cmov` inflation and the fragment summary), media selection, the sample
// tables and bounded sample reads, and what `legible info` (text and JSON) and `legible boxes`
// (text and JSON) render. Built by Scripts/fuzz together with the library sources and the CLI's
// Output/ renderers (`swiftc -sanitize=fuzzer,address`); not part of the Swift package.
//
// Anything the library throws is fine (it is how a reader reports a bad file). A trap (overflow,
// index out of range, force unwrap) or a sanitizer report is a bug, and so is a broken invariant,
// checked here with fatalError:
//   1. Writing the parsed tree back (BoxFile.write) gives the input bytes exactly. BoxFile keeps
//      tolerated problems as warnings and the unparsed rest as `tail` for exactly this reason,
//      so this is checked whether or not there was damage.
//   2. A box any registry row decodes (KnownBoxes, what `legible boxes` shows), encoded again
//      unchanged, gives back its payload.
//   3. The box index of the input (BoxIndex) has the parse's damage and warnings, one record per
//      parsed box with its type, offset and path in the same order, and the tree it materialises
//      writes back to the input exactly.
//   4. The samples the reader gathers in its pass (Movie.read(_:limits:samplesUpTo:)) are those
//      Movie.samples(ofEach:maxSamples:) reads from the fragments again; when reading them again
//      fails, the pass gathered none.

import ISOBMFF
import KnownBoxes
import Movie

/// The limits every command uses: the harness proves they keep inputs within libFuzzer's own
/// -rss_limit_mb.
private let fuzzLimits = Limits.standard
/// Samples walked per track (a 4-byte `stsz` with sample size fixed can claim 4 billion).
private let maxSamplesPerTrack = 100_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let file = BoxTreeParser.parse(MemoryByteSource(input), limits: fuzzLimits)

    checkRoundTrip(file, input)
    checkIndex(of: input, against: file)
    var sink = DiscardingSink()
    let renderer = BoxTreeRenderer(showFields: true, registry: KnownBoxes.registry)
    renderer.writeText(file.boxes, source: file.source, maxDepth: nil, to: &sink)      // legible boxes
    renderer.writeJSON(file: "fuzz", parsed: file, maxDepth: nil, to: &sink)            // legible boxes --json
    // The walk checked each movie fragment it left unparsed: parsing it again cannot fail.
    let expanded = file.boxes.map { box in
        do throws(BoxError) { return try box.expanded(limits: fuzzLimits) } catch { fatalError("a checked fragment did not parse: \(error)") }
    }
    for box in expanded { checkPayloads(box, context: BoxContext()) }
    _ = file.warnings.map(\.description)
    _ = file.damage?.description

    guard let movie = try? Movie(file: file, limits: fuzzLimits) else { return 0 }
    // Reading and adding up the fragments in one pass gives the movie the separate passes give.
    guard let read = try? Movie.read(MemoryByteSource(input), limits: fuzzLimits, samplesUpTo: maxSamplesPerTrack),
          read.movie.fragments == movie.fragments, read.movie.undescribedTrackFragments == movie.undescribedTrackFragments else {
        fatalError("Movie.read and Movie(file:) disagree on the fragments")
    }
    checkGatheredSamples(read.samples, movie: movie)
    exerciseMovie(movie)
    let report = MovieReport(path: "fuzz", movie: movie)                                   // legible info
    sink.write(report.text)
    sink.write(report.json.rendered())
    return 0
}

/// Counts what a command would print.
private struct DiscardingSink: TextSink {
    var count = 0
    mutating func write(_ text: String) { count += text.utf8.count }
}

private func checkRoundTrip(_ file: BoxFile, _ input: [UInt8]) {
    var writer = ByteWriter(capacity: input.count)
    do throws(BoxError) {
        try file.write(to: &writer)
    } catch {
        fatalError("round trip: write failed: \(error) (damage: \(file.damage?.description ?? "none"))")
    }
    guard writer.bytes != input else { return }
    let firstDifference = zip(writer.bytes, input).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(writer.count, input.count)
    fatalError("round trip: \(input.count) bytes in, \(writer.count) out, first difference at \(firstDifference) (damage: \(file.damage?.description ?? "none"))")
}

private func checkIndex(of input: [UInt8], against file: BoxFile) {
    let index = BoxIndex(indexing: MemoryByteSource(input), limits: fuzzLimits)
    guard index.damage == file.damage, index.warnings == file.warnings else {
        fatalError("index: damage \(index.damage?.description ?? "none"), parse: \(file.damage?.description ?? "none")")
    }
    func preorder(_ box: Box) -> [Box] { [box] + box.children.flatMap(preorder) }
    func described(_ boxes: [Box]) -> [String] { boxes.flatMap(preorder).map { "\($0.type) \($0.location?.description ?? "")" } }
    let materialised: BoxFile
    do throws(BoxError) {
        materialised = try index.file(limits: fuzzLimits)
    } catch {
        fatalError("index: materialising failed: \(error)")
    }
    // Paths from the materialised tree (built as the parser builds them), types and offsets
    // from the records themselves.
    // The index holds every fragment's boxes; the walk left them to be parsed when reached.
    let expanded = file.boxes.map { box in (try? box.expanded(limits: fuzzLimits)) ?? box }
    let parsed = described(expanded), indexed = described(Array(materialised.boxes))
    let records = (0..<index.count).map { "\(index.type(of: $0)) \(index.offset(of: $0))" }
    guard parsed == indexed, records == expanded.flatMap(preorder).map({ "\($0.type) \($0.location?.offset ?? 0)" }) else {
        fatalError("index: \(indexed.count) boxes, \(records.count) records; parse: \(parsed.count) boxes")
    }
    checkRoundTrip(materialised, input)
}

/// Decodes every box a row decodes and checks that encoding it again gives the same payload.
private func checkPayloads(_ box: Box, context: BoxContext) {
    if case let .success(model)? = KnownBoxes.registry.decode(box, in: context, limits: fuzzLimits) {
        _ = model.fields
        let original = try? box.loaded(limits: fuzzLimits).encoded().dropFirst(Int(box.headerForWriting.headerSize))
        let encoded = try? model.makeBox().encoded().dropFirst(Int(model.makeBox().headerForWriting.headerSize))
        if let original, original != encoded {
            fatalError("payload round trip: '\(box.type)' at \(box.pathDescription): \(original.count) bytes in, \(encoded?.count ?? 0) out")
        }
    }
    let inside = context.inside(box)
    for child in box.children { checkPayloads(child, context: inside) }
}

/// Invariant 4.
private func checkGatheredSamples(_ gathered: [UInt32: [SampleTable.Sample]]?, movie: Movie) {
    do throws(BoxError) {
        let again = try movie.samples(ofEach: movie.tracks, maxSamples: maxSamplesPerTrack)
        if let gathered, gathered != again { fatalError("the samples gathered in the read are not those read again") }
    } catch {
        if gathered != nil { fatalError("the read gathered samples that reading again refuses: \(error)") }
    }
}

/// Everything `legible info` computes, plus a walk of every sample table.
private func exerciseMovie(_ movie: Movie) {
    _ = movie.isQuickTime
    _ = movie.durationSeconds
    _ = movie.chapterTrackIDs
    for track in movie.tracks {
        _ = (track.id, track.mediaType, track.codec, track.language, track.displayLanguage, track.name)
        _ = (movie.sampleCount(of: track), movie.durationSeconds(of: track), track.mediaDurationSeconds)
        _ = (track.userData.characteristics, track.subtitleDisplayFlags)
        if let entry = track.sampleEntries.first {
            _ = (entry.pixelSize, entry.audio, entry.fields)
        }
        _ = try? SampleDataReader.textTrack.samples(of: track)                            // legible extract
        guard let table = try? track.sampleTable() else { continue }
        _ = table.totalDuration
        var walked = 0
        var previous: SampleTable.Sample?
        for sample in table {
            if let previous, sample.index != previous.index + 1 {
                fatalError("sample table: index \(sample.index) after \(previous.index)")
            }
            previous = sample
            walked += 1
            if walked >= maxSamplesPerTrack { break }
        }
    }
    let selection = MediaSelection(movie: movie)
    for group in selection.groups {
        _ = group.defaultOption
        for option in group.options { _ = (option.displayName, option.characteristics) }
    }
}
