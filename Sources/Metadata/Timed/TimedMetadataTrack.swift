import ISOBMFF
import Movie

/// A timed metadata track (QTFF "Timed Metadata Media", sample entry `mebx`): its keys, the
/// tracks it describes, and its samples as groups of items.
public struct TimedMetadataTrack: Sendable {
    /// The metadata track's ID.
    public var trackID: UInt32
    /// The keys of the track's sample descriptions, in order (a key repeated in a later
    /// description is listed once).
    public var keys: [TimedMetadataKey]
    /// The tracks the metadata is about (`tref/cdsc`); empty when it is about the whole movie.
    public var describedTrackIDs: [UInt32]
    /// One group per sample, in decode order.
    public var groups: [TimedMetadataGroup]
    /// The media timescale the groups are timed in.
    public var timescale: UInt32
    /// Problems that did not stop the reading: value atoms naming a key no table declares.
    public var warnings: [BoxError]

    /// Creates a track from its keys and groups.
    public init(trackID: UInt32, keys: [TimedMetadataKey], describedTrackIDs: [UInt32] = [],
                groups: [TimedMetadataGroup], timescale: UInt32, warnings: [BoxError] = []) {
        self.trackID = trackID
        self.keys = keys
        self.describedTrackIDs = describedTrackIDs
        self.groups = groups
        self.timescale = timescale
        self.warnings = warnings
    }

    /// The `mebx` sample entry format.
    public static let format: FourCC = "mebx"

    /// Whether `track` holds timed metadata this type reads.
    public static func isTimedMetadata(_ track: Track) -> Bool {
        track.sampleEntries.contains { $0.format == format }
    }

    /// Reads a `mebx` track: its key tables from `stsd`, then every sample's bytes from the file
    /// (never more than a budget the sample table is checked against first).
    public static func read(_ track: Track, in movie: Movie, limits: Limits = .standard) throws(BoxError) -> TimedMetadataTrack {
        let location = track.box.location ?? BoxLocation(path: "trak", offset: 0)
        guard isTimedMetadata(track) else {
            throw BoxError(.wrongTrackKind("track \(track.id) is not a timed metadata (mebx) track"), at: location)
        }
        if movie.fragments?.tracks[track.id] != nil {
            throw BoxError(.unsupported("track \(track.id) has samples in movie fragments, which timed metadata reading does not follow"), at: location)
        }
        let tables = try keyTables(of: track, limits: limits)
        let keys = distinctKeys(tables)
        let budget = SampleDataReader(maxSamples: 1_000_000, maxSampleBytes: 1 << 20,
                                      maxTotalBytes: min(64 << 20, limits.maxLoadedBytes))
        let timescale = track.mediaHeader.timescale
        var groups: [TimedMetadataGroup] = []
        var warnings: [BoxError] = []
        for sample in try budget.samples(of: track) {
            let sampleLocation = BoxLocation(path: "\(track.box.pathDescription) sample \(sample.sample.index + 1)",
                                             offset: sample.sample.offset)
            let descriptionIndex = Int(sample.sample.descriptionIndex) - 1
            guard tables.indices.contains(descriptionIndex), let table = tables[descriptionIndex] else {
                throw BoxError(.wrongTrackKind("sample \(sample.sample.index + 1) uses sample description \(descriptionIndex + 1), which is not mebx"),
                               at: sampleLocation)
            }
            var reader = ByteReader(sample.bytes, baseOffset: sample.sample.offset, path: sampleLocation.path)
            let decoded = try TimedMetadataSample(parsing: &reader)
            var items: [MetadataItem] = []
            for value in decoded.values {
                guard let key = table.key(localID: value.localID) else {
                    warnings.append(BoxError(.invalidValue("a value names local key ID \(value.localID), which the key table does not declare; skipped"),
                                             at: sampleLocation))
                    continue
                }
                let decodedValue = key.dataType.map { MetadataValue(decoding: value.bytes[...], as: $0) } ?? .bytes(value.bytes)
                items.append(MetadataItem(identifier: key.identifier, value: decodedValue, dataType: key.dataType,
                                          language: key.locale, scope: .track(track.id)))
            }
            groups.append(TimedMetadataGroup(mediaStart: sample.sample.decodeTime, mediaDuration: UInt64(sample.sample.duration),
                                             timescale: timescale, items: items))
        }
        return TimedMetadataTrack(trackID: track.id, keys: keys,
                                  describedTrackIDs: track.referencedTrackIDs(TrackReference.metadataReferent),
                                  groups: groups, timescale: timescale, warnings: warnings)
    }

    /// The key table of each sample description, nil for a description that is not `mebx`.
    /// The keys a timed metadata track declares, from its sample descriptions alone: no sample
    /// is read, so this costs what the header costs however long the track is.
    public static func keys(of track: Track, limits: Limits = .standard) throws(BoxError) -> [TimedMetadataKey] {
        guard isTimedMetadata(track) else {
            throw BoxError(.wrongTrackKind("track \(track.id) is not a timed metadata (mebx) track"),
                           at: track.box.location ?? BoxLocation(path: "trak", offset: 0))
        }
        return distinctKeys(try keyTables(of: track, limits: limits))
    }

    /// Every key of the tables once, in order of first declaration.
    private static func distinctKeys(_ tables: [MetadataKeyTable?]) -> [TimedMetadataKey] {
        var keys: [TimedMetadataKey] = []
        var seen: Set<TimedMetadataKey> = []
        for table in tables.compactMap({ $0 }) {
            for key in table.keys where seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    private static func keyTables(of track: Track, limits: Limits) throws(BoxError) -> [MetadataKeyTable?] {
        let entries = track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children ?? []
        var tables: [MetadataKeyTable?] = []
        for entry in entries {
            guard entry.type == format else {
                tables.append(nil)
                continue
            }
            guard let keys = entry.child("keys") else {
                throw BoxError(.missingBox("mebx sample description has no keys atom"),
                               at: entry.location ?? BoxLocation(path: "mebx", offset: 0))
            }
            tables.append(try MetadataKeyTable(keys.loaded(limits: limits)))
        }
        return tables
    }
}
