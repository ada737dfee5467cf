import ISOBMFF
import Movie

/// A ``SharingFilter`` applied to one movie: every subject it found, what happens to it and
/// why, and the removals that follow — so a dry run can say exactly what a strip would take.
public struct SharingReview: Sendable {
    /// A timed metadata track as the review sees it: its format and, for `mebx`, its keys.
    public struct MetadataTrack: Sendable, Hashable {
        /// The track's ID.
        public var trackID: UInt32
        /// The track's sample entry format (`mebx`, `gpmd`, …); nil when it has none.
        public var format: FourCC?
        /// The keys of a `mebx` track's key tables; empty for other formats.
        public var keys: [MetadataIdentifier]

        /// Creates the review's view of a timed metadata track.
        public init(trackID: UInt32, format: FourCC?, keys: [MetadataIdentifier]) {
            self.trackID = trackID
            self.format = format
            self.keys = keys
        }
    }

    /// One subject and its fate.
    public struct Entry: Sendable, Hashable {
        /// What sort of subject an entry is.
        public enum Kind: String, Sendable, Hashable {
            /// A static metadata item.
            case item
            /// A timed metadata track.
            case track
            /// A free-space or vendor box.
            case box
            /// A handler or compressor name.
            case name
            /// The creation and modification times of `mvhd`, `tkhd` and `mdhd`.
            case headerTimes = "header-times"
        }

        /// What sort of subject this is.
        public var kind: Kind
        /// The identifier, `track:FORMAT`, `box:PATH`, `name:handler`, `name:compressor` or `header:times`.
        public var subject: String
        /// Where the subject is: the movie, a track or a track's media.
        public var scope: MetadataScope
        /// What the filter does with the subject, and why.
        public var decision: SharingFilter.Decision
        /// The item's value for people, or a summary of a track or box.
        public var summary: String
        /// The source bytes of the box that holds it (nil for header times, rewritten in place).
        public var byteRange: Range<UInt64>?
        /// The box path of a box subject, such as `moov/trak[1]/mdia/minf/stbl/zzzz`.
        public var path: String? = nil
    }

    /// Every subject found, in the order reviewed.
    public internal(set) var entries: [Entry] = []
    /// The static metadata items to remove.
    public private(set) var removedItems: [MetadataItem] = []
    /// The IDs of the timed metadata tracks to remove.
    public internal(set) var removedTrackIDs: Set<UInt32> = []
    /// Offsets of boxes (top-level, inside `moov`, or inside a `moof` or its `traf`s) removed whole.
    public private(set) var removedBoxOffsets: Set<UInt64> = []
    /// Whether the creation and modification times of `mvhd`, `tkhd` and `mdhd` become 0 (unknown).
    public private(set) var clearsHeaderTimes = false
    /// Tracks whose handler names (`mdia/hdlr`, `minf/hdlr`) become the conventional ones.
    public private(set) var renamedHandlerTrackIDs: Set<UInt32> = []
    /// Tracks whose visual sample entries' compressor names are blanked.
    public private(set) var blankedCompressorTrackIDs: Set<UInt32> = []
    /// Tracks whose self-contained data references lose the location they still hold.
    public internal(set) var bareDataReferenceTrackIDs: Set<UInt32> = []

    /// Reviews `items` (as the metadata reader returns them), the movie's timed metadata
    /// tracks, its free-space and vendor boxes, and its header times.
    public init(movie: Movie, items: [MetadataItem], metadataTracks: [MetadataTrack], filter: SharingFilter,
                limits: Limits = .standard) throws(BoxError) {
        for track in metadataTracks {
            // A track goes when its format must go or any of its keys must: its samples hold them all.
            var subject = "track:\(track.format?.description ?? "none")"
            var decision = filter.decision(for: subject)
            if decision.pattern == nil, !track.keys.isEmpty {
                let keys = track.keys.map { (subject: $0.description, decision: filter.decision(for: $0)) }
                let deciding = keys.first { $0.decision.action == .remove } ?? keys[0]
                (subject, decision) = (deciding.subject, deciding.decision)
            }
            let box = movie.track(id: track.trackID)?.box
            entries.append(Entry(kind: .track, subject: subject, scope: .track(track.trackID), decision: decision,
                                 summary: "timed metadata track \(track.trackID) (\(track.format?.description ?? "no format")): "
                                     + (track.keys.isEmpty ? "no keys" : track.keys.map(\.description).joined(separator: ", ")),
                                 byteRange: box?.location.map { $0.offset..<($0.offset + (box?.header.totalSize ?? 0)) }))
            if decision.action == .remove { removedTrackIDs.insert(track.trackID) }
        }
        reviewTracksByID(of: movie, filter: filter)
        try reviewDataReferences(of: movie, filter: filter)
        for item in items where !(item.scope.trackID.map(removedTrackIDs.contains) ?? false) {
            let decision = filter.decision(for: item.identifier)
            entries.append(Entry(kind: .item, subject: item.identifier.description, scope: item.scope, decision: decision,
                                 summary: item.value.displayText + (item.language.map { " [\($0)]" } ?? ""),
                                 byteRange: item.origin?.byteRange))
            if decision.action == .remove { removedItems.append(item) }
        }
        try reviewBoxes(of: movie, filter: filter, itemOffsets: Set(items.compactMap { $0.origin?.location.offset }), limits: limits)
        reviewNames(of: movie, filter: filter)
        reviewHeaderTimes(of: movie, filter: filter)
    }

    /// Reviews everything the movie holds: its static items (``MetadataReader``), its metadata
    /// tracks with the keys their `mebx` descriptions declare (samples are not read), boxes and
    /// header times.
    public init(movie: Movie, filter: SharingFilter = .forSharing, limits: Limits = .standard) throws(BoxError) {
        var tracks: [MetadataTrack] = []
        for track in movie.tracks where track.handler?.handlerType == "meta" {
            let keys = TimedMetadataTrack.isTimedMetadata(track)
                ? try TimedMetadataTrack.keys(of: track, limits: limits).map(\.identifier) : []
            tracks.append(MetadataTrack(trackID: track.id, format: track.codec, keys: keys))
        }
        let reading = MetadataReader.items(in: movie, limits: limits)
        guard reading.isComplete else {
            throw BoxError(.limitExceeded("more than \(MetadataReading.maxItems) metadata items: too many to review them all, so nothing is stripped"),
                           at: movie.movieBox.location)
        }
        try self.init(movie: movie, items: reading.items, metadataTracks: tracks, filter: filter, limits: limits)
    }

    /// Top-level boxes other than `ftyp`, `moov` and the fragments' structure, and every box
    /// inside `moov` (but removed tracks) and each movie fragment (`moof`) that no registry row
    /// names a part players need (``BoxRole``) and that is not a metadata item: free space
    /// (which may occur at any level, ISO/IEC 14496-12 §8.1.2), `uuid` and foreign `meta` boxes,
    /// user data in fragments (not read item by item), unknown boxes and configuration, and
    /// boxes that belong at file level only. A top-level box that holds samples of a kept track
    /// always stays, and so does a `uuid` box the samples need (``StructuralUUIDBox``).
    private mutating func reviewBoxes(of movie: Movie, filter: SharingFilter, itemOffsets: Set<UInt64>, limits: Limits) throws(BoxError) {
        // Fragment boxes are structure, reviewed for what they hold inside (moof), never removed
        // whole. Top-level boxes are taken as they are reached: a fragmented movie has an
        // `mdat` per fragment.
        let topLevel = movie.file.boxes.lazy
            .filter { box in box.type != "ftyp" && box.type != "moov" && !Movie.fragmentBoxTypes.contains(box.type) }
            .map { box in BoxCandidate(subject: "box:\(box.type)", box: box, scope: .movie, topLevel: true, misplacedIn: nil) }
        let inside = try Self.structureCandidates(of: movie, removedTrackIDs: removedTrackIDs, itemOffsets: itemOffsets, limits: limits)
        // Starts of the kept tracks' chunks, sorted, read when a top-level box is to go; each
        // subject's decision is made once.
        var mediaStarts: [UInt64]?
        var decisions: [String: SharingFilter.Decision] = [:]
        var keptRun: KeptBoxRun?
        func review(_ candidate: BoxCandidate) throws(BoxError) {
            guard let location = candidate.box.location else { return }
            // Free space that is empty or zeroed (a moov an in-place edit erased) holds nothing.
            if candidate.box.type == "free" || candidate.box.type == "skip",
               try Self.holdsOnlyZeros(candidate.box, in: movie.file.source) { return }
            var decision = decisions[candidate.subject] ?? filter.decision(for: candidate.subject)
            decisions[candidate.subject] = decision
            if let parent = candidate.misplacedIn {
                decision = SharingFilter.Decision(action: .remove, category: .unknown,
                                                  reason: "a '\(candidate.box.type)' box belongs at file level, not inside '\(parent)': a player that meets it may stop reading",
                                                  pattern: nil)
            } else if let kind = StructuralUUIDBox.kind(of: candidate.box) {
                decision = SharingFilter.Decision(action: .keep, category: .structure, reason: "\(kind): the samples need it", pattern: nil)
            }
            let range = location.offset..<location.offset.saturatingAdd(candidate.box.header.totalSize)
            if decision.action == .remove, candidate.topLevel {
                if mediaStarts == nil { mediaStarts = try movie.chunkRanges { !removedTrackIDs.contains($0.id) }.map(\.lowerBound).sorted() }
                let starts = mediaStarts ?? []
                let first = starts.partitioningIndex { $0 >= range.lowerBound }
                if first < starts.count, range.contains(starts[first]) {
                    decision = SharingFilter.Decision(action: .keep, category: .structure, reason: "holds samples of kept tracks", pattern: nil)
                }
            }
            if decision.action == .remove { removedBoxOffsets.insert(location.offset) }
            // Kept top-level boxes of one subject in a row (an `mdat` a fragment) are one entry.
            if candidate.topLevel, decision.action == .keep {
                if keptRun?.extend(subject: candidate.subject, decision: decision, range: range, path: location.path) != true {
                    keptRun.map { entries.append($0.entry) }
                    keptRun = KeptBoxRun(subject: candidate.subject, type: candidate.box.type, decision: decision, range: range, path: location.path)
                }
                return
            }
            keptRun.map { entries.append($0.entry) }
            keptRun = nil
            entries.append(Entry(kind: .box, subject: candidate.subject, scope: candidate.scope, decision: decision,
                                 summary: "\(candidate.box.type) box, \(candidate.box.header.totalSize) bytes at 0x\(String(location.offset, radix: 16))",
                                 byteRange: range, path: location.path))
        }
        for candidate in topLevel { try review(candidate) }
        keptRun.map { entries.append($0.entry) }
        keptRun = nil
        for candidate in inside { try review(candidate) }
    }

    /// Free-text names in the track structure that may name the device or software: handler
    /// names other than the conventional ones, and compressor names of visual sample entries.
    private mutating func reviewNames(of movie: Movie, filter: SharingFilter) {
        for track in movie.tracks where !removedTrackIDs.contains(track.id) {
            let handlers = [track.box.descendant(["mdia", "hdlr"]), track.box.descendant(["mdia", "minf", "hdlr"])]
            let names = handlers.compactMap { box in box.flatMap { try? HandlerBox($0.loaded()) }?.name }
            if let name = names.first(where: { !ConventionalHandlerName.isConventional($0) }) {
                let decision = filter.decision(for: "name:handler")
                entries.append(Entry(kind: .name, subject: "name:handler", scope: .track(track.id), decision: decision,
                                     summary: "handler name \"\(name)\"", byteRange: nil))
                if decision.action == .remove { renamedHandlerTrackIDs.insert(track.id) }
            }
            guard track.mediaType == .video else { continue }
            let entries = track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children ?? []
            let compressors = entries.compactMap { try? SampleEntry($0, handler: "vide").compressorName }.filter { !$0.isEmpty }
            if let name = compressors.first {
                let decision = filter.decision(for: "name:compressor")
                self.entries.append(Entry(kind: .name, subject: "name:compressor", scope: .track(track.id), decision: decision,
                                          summary: "compressor name \"\(name)\"", byteRange: nil))
                if decision.action == .remove { blankedCompressorTrackIDs.insert(track.id) }
            }
        }
    }

    private mutating func reviewHeaderTimes(of movie: Movie, filter: SharingFilter) {
        var times: [UInt64] = movie.header.map { [$0.timing.creationTime, $0.timing.modificationTime] } ?? []
        for track in movie.tracks {
            times += [track.header.creationTime, track.header.modificationTime,
                      track.mediaHeader.timing.creationTime, track.mediaHeader.timing.modificationTime]
        }
        guard times.contains(where: { $0 != 0 }) else { return }
        let decision = filter.decision(for: "header:times")
        let created = movie.header.map { Self.date(fromMacSeconds: $0.timing.creationTime) } ?? "unknown"
        entries.append(Entry(kind: .headerTimes, subject: "header:times", scope: .movie, decision: decision,
                             summary: "mvhd, tkhd and mdhd times (movie created \(created))", byteRange: nil))
        clearsHeaderTimes = decision.action == .remove
    }

    /// Whether every payload byte of a box is zero, read from the file in 1 MiB pieces.
    private static func holdsOnlyZeros(_ box: Box, in source: any ByteSource) throws(BoxError) -> Bool {
        if let data = box.data { return data.allSatisfy { $0 == 0 } }
        guard let location = box.location, box.missingBytes == 0 else { return false }
        var position = location.offset + box.header.headerSize
        let end = location.offset + box.header.totalSize
        while position < end {
            let count = Int(min(end - position, 1 << 20))
            guard try source.read(at: position, count: count).allSatisfy({ $0 == 0 }) else { return false }
            position += UInt64(count)
        }
        return true
    }

    static func isQuickTimeMetadata(_ box: Box) -> Bool {
        guard box.type == "meta", let hdlr = box.child("hdlr"), let handler = try? HandlerBox(hdlr.loaded()) else { return false }
        return handler.handlerType == "mdta" || handler.handlerType == "mdir"
    }

    /// Seconds since 1904-01-01 (QTFF, ISO/IEC 14496-12 §8.2.2) as a UTC date.
    static func date(fromMacSeconds seconds: UInt64) -> String {
        let unixDays = Int64(seconds / 86400) - 24107
        let secondsOfDay = Int64(seconds % 86400)
        // Civil date from days since 1970-01-01 (H. Hinnant's days_from_civil inverse).
        let z = unixDays + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)) UTC"
    }
}
