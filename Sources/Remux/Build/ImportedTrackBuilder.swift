import ISOBMFF
import Movie

/// Builds the `trak` of a track copied from another movie (a fragmented one made regular first) (``ImportedTrackRequest``) through
/// `TrackBuilder(copying:)`: the source's sample description (every child), handler, media
/// information and sample tables go through as they are — chunk offsets aside, which the layout
/// sets where the chunks land — and its edit list and track duration are rescaled from the
/// source's movie timescale to the target's (ISO/IEC 14496-12 §8.6.6: segment durations are in
/// movie time, media times in media time, which does not change).
struct ImportedTrackBuilder {
    let movieTimescale: UInt32
    let isQuickTime: Bool
    /// The bounds the source's fragments are read within.
    let limits: Limits

    /// A built track: its boxes as the source has them (no group, disabled for sound and
    /// legible media until the request's properties are set), its samples, and what was left out.
    struct Built {
        var track: TrackBuilder
        var handler: FourCC?
        var media: ImportedTrackMedia
        var diagnostics: [String]
        /// The source's own `tagc` tags, kept.
        var characteristics: [String]
        /// The source's language, when it gives one.
        var language: String?
        /// The source's own `kind` roles, kept.
        var kinds: [TrackKind] = []
    }

    func build(_ request: ImportedTrackRequest, trackID: UInt32) throws(EditError) -> Built {
        var built = switch request.source {
        case let .track(movie, sourceID): try build(track: sourceID, of: movie, trackID: trackID)
        case let .stream(stream): try StreamTrackBuilder(isQuickTime: isQuickTime).build(stream, trackID: trackID, movieTimescale: movieTimescale)
        }
        try place(&built.track, offset: request.offset)
        return built
    }

    /// Moves the track by `offset` through its edit list (ISO/IEC 14496-12 §8.6.6), its
    /// duration following.
    private func place(_ track: inout TrackBuilder, offset: MediaTime) throws(EditError) {
        guard offset != .zero else { return }
        let micros = offset.microseconds.magnitude
        let movieUnits = try boxing(NewTrackSamples.rescale(micros, from: 1_000_000, to: movieTimescale))
        let length = track.header.duration
        if offset.microseconds > 0 {
            track.editList = EditListBox.delaying(track.editList, lasting: length, by: movieUnits)
        } else {
            let mediaTimescale = track.mediaHeader.timescale
            let scale = { (units: UInt64) throws(EditError) -> UInt64 in
                try boxing(NewTrackSamples.rescale(units, from: self.movieTimescale, to: mediaTimescale))
            }
            guard let advanced = try EditListBox.advancing(track.editList, lasting: length, by: movieUnits, mediaScale: scale) else {
                throw .importOffsetPastEnd(offset: offset)
            }
            track.editList = advanced
        }
        track.header.duration = track.editList?.presentationLength ?? length
    }

    private func build(track sourceID: UInt32, of source: Movie, trackID: UInt32) throws(EditError) -> Built {
        guard source.track(id: sourceID) != nil else {
            throw .unknownSourceTrack(id: sourceID, available: source.tracks.map(\.id))
        }
        // The source's faults are named as the source's, not the movie's.
        let unreadable = { (error: BoxError) in EditError.cannotImportTrack(trackID: sourceID, .unreadable(file: (source.file.source as? FileByteSource)?.path, error)) }
        let (movie, fragmentNotes, sampleGroups) = try regularSource(source, trackID: sourceID, unreadable: unreadable)
        guard let track = movie.track(id: sourceID) else {
            throw .unknownSourceTrack(id: sourceID, available: movie.tracks.map(\.id))
        }
        if !track.externalDataReferences.isEmpty { throw .cannotImportTrack(trackID: track.id, .externalMedia) }
        let isoDescription = isQuickTime ? nil : try Self.isoSampleDescription(track)

        let sourceTimescale = movie.header?.timescale ?? 600
        var header = track.header
        header.trackID = trackID
        header.alternateGroup = 0
        header.duration = try boxing(NewTrackSamples.rescale(track.header.duration, from: sourceTimescale, to: movieTimescale))
        if track.mediaType == .audio || track.mediaType.isLegible { header.flags.remove(.enabled) }
        var built: TrackBuilder
        do throws(BoxError) { built = try TrackBuilder(copying: track.box, header: header, mediaHeader: track.mediaHeader) } catch { throw unreadable(error) }
        // The builder writes `elng` after `mdhd` itself, so a new language replaces it.
        built.mediaBoxes.removeAll { $0.type == "elng" }
        if let isoDescription { built.sampleDescription = isoDescription.description }
        if !isQuickTime, let handler = Self.isoHandler(track) {
            built.mediaBoxes = built.mediaBoxes.map { $0.type == "hdlr" ? handler : $0 }
        }
        built.extendedLanguage = track.extendedLanguage
        if let sampleGroups { built.sampleTables = built.sampleTables.filter { $0.type != "sgpd" && $0.type != "sbgp" } + sampleGroups }
        if var editList = track.editList {
            for index in editList.entries.indices {
                editList.entries[index].segmentDuration = try boxing(NewTrackSamples.rescale(editList.entries[index].segmentDuration,
                                                                                              from: sourceTimescale, to: movieTimescale))
            }
            built.editList = editList
        }
        let chunks: [(offset: UInt64, length: UInt64)]
        do throws(BoxError) { chunks = try ChunkIndex(track.sampleTable()).chunks.map { ($0.offset, $0.length) } } catch { throw unreadable(error) }
        // Checked before a byte is written: a chunk past the end would fail the copy half-way.
        let size = movie.file.source.size
        if let index = chunks.firstIndex(where: { $0.offset > size || $0.length > size - $0.offset }) {
            throw unreadable(BoxError(.samplesOutsideFile("track \(sourceID) chunk \(index + 1) (\(chunks[index].length) bytes at 0x\(String(chunks[index].offset, radix: 16))) runs past the end of the file (\(size) bytes)"),
                                      at: track.box.location ?? BoxLocation(path: "trak", offset: 0)))
        }
        var notes = fragmentNotes + (isoDescription?.notes ?? []) + (isQuickTime ? [] : Self.quickTimeMediaNotes(track))
        // `TrackBuilder(copying:)` writes the track's header, edits, references, media and user
        // data; QuickTime's other track atoms (`tapt`, `load`, `imap`, `clip`, `matt`…) are named.
        notes += track.box.children.map(\.type).filter { !["tkhd", "edts", "tref", "mdia", "udta"].contains($0) }.map { type in
            "its '\(type)' box (QTFF track-level information a copied track does not carry) is not copied"
        }
        notes += track.references.map { reference in
            "its '\(reference.type)' reference to track \(reference.trackIDs.map(String.init).joined(separator: ", ")) of the source is not copied (that track is not)"
        }
        return Built(track: built, handler: track.handler?.handlerType,
                     media: ImportedTrackMedia(trackID: trackID, file: movie.file.source, pieces: chunks, chunkLengths: chunks.map(\.length),
                                               expected: .track(track, in: movie)),
                     diagnostics: notes, characteristics: track.userData.characteristics, language: track.displayLanguage,
                     kinds: track.userData.kinds)
    }

    /// The `stsd` an MPEG-4 file needs for `track`'s samples, nil when its own will do, and what
    /// it says of the change: a QuickTime sound description of version 1 or 2, whose extra
    /// fields ISO readers would take for children, is written as an ISO entry of version 0, or
    /// 1 for a rate above 65,535 Hz (`ISOSoundSampleEntry`), and a QuickTime channel layout
    /// (`chan`) becomes an ISO one or is left out (`ISOChannelLayout`). QuickTime's own sound
    /// formats (QTFF "Sound sample descriptions": uncompressed PCM, µ-law, A-law, IMA 4:1) have
    /// no ISO/IEC 14496-12 sample entry and are refused, as is an entry no ISO one can hold.
    static func isoSampleDescription(_ track: Track) throws(EditError) -> (description: Box, notes: [String])? {
        guard track.mediaType == .audio, let fields = track.sampleEntries.first else { return nil }
        let write = "write a QuickTime movie (.mov)"
        if quickTimeSoundFormats.contains(fields.format) {
            throw .cannotImportTrack(trackID: track.id, .codecNotInBrand(format: fields.format,
                                                                         reason: "a QuickTime sound format that an MPEG-4 file cannot carry; \(write)"))
        }
        // The sound description's version follows the 8 bytes every sample entry starts with.
        let bytes = fields.fieldBytes
        let version = bytes.count >= 10 ? UInt16(bytes[bytes.startIndex + 8]) << 8 | UInt16(bytes[bytes.startIndex + 9]) : 0
        guard let stsd = track.box.descendant(["mdia", "minf", "stbl", "stsd"]), stsd.children.count == 1, var entry = stsd.children.first else {
            guard version == 0 || fields.isAudioSampleEntryV1 else { throw refusal(track, fields, version: version) }
            return nil
        }
        var notes: [String] = []
        let converts = version > 0 && !fields.isAudioSampleEntryV1
        if converts {
            guard let converted = ISOSoundSampleEntry.converting(entry, fields: fields) else { throw refusal(track, fields, version: version) }
            entry = converted.entry
            let form = converted.isAudioSampleEntryV1 ? "an MPEG-4 audio sample entry of version 1 with its rate in 'srat'" : "an MPEG-4 audio sample entry (version 0)"
            notes.append("its QuickTime sound description is written as \(form), the same codec configuration")
        }
        guard converts || entry.child("chan") != nil else { return nil }
        entry.setChildren(entry.children.compactMap { child in
            guard child.type == "chan" else { return child }
            let conversion = ISOChannelLayout.converting(child)
            notes.append(conversion.note)
            return conversion.box
        })
        let isAudioSampleEntryV1 = fields.isAudioSampleEntryV1 || entry.child("srat") != nil
        return (TrackBuilder.sampleDescriptions([entry], version: isAudioSampleEntryV1 ? 1 : 0), notes)
    }

    /// The media's `hdlr` as ISO/IEC 14496-12 §8.4.3 has it (pre_defined 0, the name ending in a
    /// NUL) for a QuickTime one (QTFF "Handler reference atom": component type `mhlr`, the name
    /// a Pascal string, whose length byte ISO readers such as ffmpeg's take for the name's first
    /// character); nil when it is so already. Same handler type, same name.
    static func isoHandler(_ track: Track) -> Box? {
        guard let handler = track.handler, handler.componentType != FourCC(rawValue: 0) || handler.nameForm == .pascal else { return nil }
        return HandlerBox(handlerType: handler.handlerType, name: handler.name).makeBox()
    }

    /// What of `track`, copied as it is, only QuickTime players read in an MPEG-4 file: QuickTime
    /// text (QTFF "Text sample description", which ISO/IEC 14496-12 readers other than ffmpeg's
    /// do not decode) and QuickTime's base media header (`gmhd`, where ISO/IEC 14496-12 §8.4.5
    /// has `nmhd` or `sthd`).
    static func quickTimeMediaNotes(_ track: Track) -> [String] {
        var notes: [String] = []
        if track.sampleEntries.contains(where: { $0.format == "text" }) {
            notes.append("its samples are QuickTime text ('text'), which MPEG-4 players other than ffmpeg's do not read; it is copied as it is (3GPP text, 'tx3g', is what they read)")
        }
        if track.box.descendant(["mdia", "minf", "gmhd"]) != nil {
            notes.append("its media header is QuickTime's 'gmhd', which MPEG-4 readers do not look for ('nmhd' or 'sthd'); it is copied as it is")
        }
        return notes
    }

    /// Why `track`'s sound description of `version` cannot be an MPEG-4 audio sample entry.
    private static func refusal(_ track: Track, _ fields: SampleEntry, version: UInt16) -> EditError {
        // ISO/IEC 14496-12 §12.2.3, §12.2.5: the rate is whole hertz, up to 2^32 - 1 in `srat`.
        let reason = if let rate = fields.audio?.sampleRate, rate != rate.rounded() || rate > Double(UInt32.max) {
            "at \(rate) Hz, not a whole number of hertz an MPEG-4 audio sample entry holds; write a QuickTime movie (.mov)"
        } else {
            "in a QuickTime sound description of version \(version) that an MPEG-4 audio sample entry cannot hold; write a QuickTime movie (.mov)"
        }
        return .cannotImportTrack(trackID: track.id, .codecNotInBrand(format: fields.format, reason: reason))
    }

    private static let quickTimeSoundFormats: Set<FourCC> = ["lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "raw ", "NONE", "ulaw", "alaw", "ima4"]
}
