import ISOBMFF
import Language
import Movie

/// A timed metadata track as JSON, for input (`add-metadata-track --from groups.json`) and
/// output (`metadata --timed`):
///
/// ```json
/// {"keys": [{"identifier": "mdta/com.apple.quicktime.location.ISO6709", "dataType": "utf8"}],
///  "groups": [{"start": 0.0, "duration": 1.5, "items": {"mdta/com.apple.quicktime.location.ISO6709": "+48.8584+002.2945/"}},
///             {"start": 1.5, "items": {}}]}
/// ```
///
/// Times are seconds of media time. A group without `duration` lasts until the next group's
/// start; the last one until the movie's end, or 1 s when the movie ends before it. Empty
/// `items` is an explicit gap (no metadata); items sharing their timing go in one group. A
/// group must start at or after the end of the one before. Keys not declared in `keys` get a
/// type from their first value (string utf8, integer int32 or int64, number float64, list of
/// numbers point/rect/transform). Keys that differ only by language are named in a group as
/// `identifier@language` (`"mdta/com.example.caption@fr-CA"`); a plain identifier names its key
/// without a language, else its first. A key that the format does not have is an error (a
/// misspelt `"langauge"` would otherwise be dropped without a word).
public struct TimedMetadataDocument: Hashable, Sendable, Codable {
    /// One key of the track, as `keys` lists it.
    public struct Key: Hashable, Sendable, Codable {
        /// The key's identifier (`mdta/com.apple.quicktime.location.ISO6709`).
        public var identifier: MetadataIdentifier
        /// A well-known type name (`utf8`, `int16`, `float32`, …; see ``MetadataDataType``) or
        /// code, or a reverse-DNS type name of the writer's own (`com.example.serialnumber`),
        /// written as a data type definition box in namespace 1 (QTFF "Metadata key table atom"),
        /// whose values are bytes.
        public var dataType: String?
        /// A reverse-DNS type name beside a well-known `dataType`, as some Apple keys have.
        public var dataTypeName: String?
        /// The BCP 47 tag of the values (`fr-CA`), written as the key's metadata locale atom
        /// (`loca`); nil for every language.
        public var language: String?
        /// The `keyd` namespace when it is not the identifier's key space (`fiel`).
        public var namespace: String?

        /// Creates a key; unset fields are left out of the JSON.
        public init(identifier: MetadataIdentifier, dataType: String? = nil, dataTypeName: String? = nil,
                    language: String? = nil, namespace: String? = nil) {
            self.identifier = identifier
            self.dataType = dataType
            self.dataTypeName = dataTypeName
            self.language = language
            self.namespace = namespace
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case identifier, dataType, dataTypeName, language, namespace }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(MetadataIdentifier.self, forKey: .identifier)
            dataType = try container.decodeIfPresent(String.self, forKey: .dataType)
            dataTypeName = try container.decodeIfPresent(String.self, forKey: .dataTypeName)
            language = try container.decodeIfPresent(String.self, forKey: .language)
            namespace = try container.decodeIfPresent(String.self, forKey: .namespace)
        }
    }

    /// One interval of the track and its values.
    public struct Group: Hashable, Sendable, Codable {
        /// Seconds.
        public var start: Double
        /// Seconds; nil: until the next group (or the end).
        public var duration: Double?
        /// Values by identifier.
        public var items: [String: TimedMetadataValue]

        /// Creates a group starting at `start` seconds; without `duration` it lasts until the next.
        public init(start: Double, duration: Double? = nil, items: [String: TimedMetadataValue]) {
            self.start = start
            self.duration = duration
            self.items = items
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case start, duration, items }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            start = try container.decode(Double.self, forKey: .start)
            duration = try container.decodeIfPresent(Double.self, forKey: .duration)
            items = try container.decode([String: TimedMetadataValue].self, forKey: .items)
        }
    }

    /// Units per second the groups are written in; nil for milliseconds.
    public var timescale: UInt32?
    /// The declared keys, in key table order.
    public var keys: [Key]
    /// The intervals, in time order.
    public var groups: [Group]

    /// Creates a document of `groups`, declaring `keys`.
    public init(timescale: UInt32? = nil, keys: [Key] = [], groups: [Group]) {
        self.timescale = timescale
        self.keys = keys
        self.groups = groups
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case timescale, keys, groups }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timescale = try container.decodeIfPresent(UInt32.self, forKey: .timescale)
        keys = try container.decodeIfPresent([Key].self, forKey: .keys) ?? []
        groups = try container.decode([Group].self, forKey: .groups)
    }

    /// The document of a track read from a file; writing it back gives the same groups.
    public init(track: TimedMetadataTrack) {
        timescale = track.timescale
        keys = track.keys.map { key in
            Key(identifier: key.identifier, dataType: key.dataType?.description, dataTypeName: key.dataTypeName,
                language: key.locale,
                namespace: key.namespace.description == key.identifier.keySpace.rawValue ? nil : key.namespace.description)
        }
        groups = track.groups.map { group in
            var items: [String: TimedMetadataValue] = [:]
            for item in group.items { items[Self.itemName(item.identifier, language: item.language)] = TimedMetadataValue(item.value) }
            return Group(start: group.start, duration: group.duration, items: items)
        }
    }

    /// What the document describes, ready to write: the key table and one group per sample,
    /// back to back from 0 (a gap before the first group and between groups becomes an empty
    /// group). With `movieEnd` (seconds), a last group without a duration ends there, and
    /// `pastEnd` says what happens to groups past it: with `clip` those starting at or after it
    /// are dropped and one running past it is cut, so the track never lengthens the movie (each
    /// such change is a diagnostic); with `refuse` the first such group is an error; with
    /// `extend` they stay.
    public func resolved(movieEnd: Double? = nil, pastEnd: PastEndPolicy = .clip) throws(MetadataInputError)
        -> (keys: [TimedMetadataKey], groups: [TimedMetadataGroup], diagnostics: [String]) {
        let movieEnd = movieEnd.flatMap { $0 > 0 ? $0 : nil }
        let scale = timescale ?? 1000
        guard scale > 0 else { throw MetadataInputError("must be at least 1", path: "timescale") }
        var tableKeys = try declaredKeys()
        // Each item finds its key at once, however many keys there are.
        var keyIndex = TimedMetadataKeyIndex()
        for (index, key) in tableKeys.enumerated() { keyIndex.add(key, at: index) }
        guard !groups.isEmpty else { throw MetadataInputError("the document has no groups", path: "groups") }
        for index in groups.indices.dropFirst() where !(groups[index].start > groups[index - 1].start) {
            throw MetadataInputError("starts at \(groups[index].start) s, before the previous group ends: groups must be in time order and must not overlap (items at the same time go in one group)",
                                     path: "groups[\(index)]")
        }
        var diagnostics: [String] = []
        var resolved: [TimedMetadataGroup] = []
        var previousEnd: UInt64 = 0
        for (index, group) in groups.enumerated() {
            let path = "groups[\(index)]"
            guard group.start.isFinite, group.start >= 0 else { throw MetadataInputError("start must be a number of seconds ≥ 0", path: path) }
            if let movieEnd, group.start >= movieEnd, pastEnd != .extend {
                if pastEnd == .refuse { throw MetadataInputError("starts at \(group.start) s, at or after the movie's end (\(movieEnd) s)", path: path) }
                diagnostics.append("\(groups.count - index) group(s) from \(path) (start \(group.start) s) start at or after the movie's end (\(movieEnd) s): dropped")
                break
            }
            let next = groups.dropFirst(index + 1).first?.start
            var end: Double
            if let duration = group.duration {
                guard duration.isFinite, duration > 0 else { throw MetadataInputError("duration must be a number of seconds > 0", path: path) }
                end = group.start + duration
            } else if let next {
                end = next
            } else if let movieEnd, movieEnd > group.start {
                end = movieEnd
            } else {
                end = group.start + 1
            }
            if let movieEnd, end > movieEnd, pastEnd != .extend {
                if pastEnd == .refuse { throw MetadataInputError("ends at \(end) s, after the movie's end (\(movieEnd) s)", path: path) }
                diagnostics.append("\(path) ends at \(end) s, after the movie's end: cut at \(movieEnd) s")
                end = movieEnd
            }
            let startUnits = TimedMetadataGroup.units(group.start, scale), endUnits = TimedMetadataGroup.units(end, scale)
            guard startUnits >= previousEnd else {
                throw MetadataInputError("starts at \(group.start) s, before the previous group ends: groups must be in time order and must not overlap",
                                         path: path)
            }
            guard endUnits > startUnits else {
                throw MetadataInputError("lasts less than one unit of timescale \(scale)", path: path)
            }
            if startUnits > previousEnd {
                resolved.append(TimedMetadataGroup(mediaStart: previousEnd, mediaDuration: startUnits - previousEnd, timescale: scale, items: []))
            }
            let items = try items(of: group, path: path, keys: &tableKeys, index: &keyIndex)
            resolved.append(TimedMetadataGroup(mediaStart: startUnits, mediaDuration: endUnits - startUnits, timescale: scale, items: items))
            previousEnd = endUnits
        }
        guard !resolved.isEmpty else { throw MetadataInputError("no group starts before the movie's end", path: "groups") }
        return (tableKeys, resolved, diagnostics)
    }

    /// The declared keys, numbered from 1.
    private func declaredKeys() throws(MetadataInputError) -> [TimedMetadataKey] {
        var result: [TimedMetadataKey] = []
        var declared: Set<String> = []
        for (index, key) in keys.enumerated() {
            let path = "keys[\(index)]"
            var dataType: MetadataDataType?
            var dataTypeName = key.dataTypeName
            if let name = key.dataType {
                if let type = MetadataDataType(name: name) {
                    dataType = type
                } else if Self.isReverseDNSName(name), dataTypeName == nil {
                    dataTypeName = name
                } else {
                    throw MetadataInputError("unknown data type '\(name)' (utf8, int16, float32, point-f32, …, a number, or a reverse-DNS type name such as com.example.serialnumber)",
                                             path: "\(path).dataType")
                }
            }
            if let name = dataTypeName, !Self.isReverseDNSName(name) {
                throw MetadataInputError("'\(name)' is not a reverse-DNS type name such as com.example.serialnumber", path: "\(path).dataTypeName")
            }
            var language: String?
            if let text = key.language {
                do {
                    language = try LanguageTag(parsing: text).description
                } catch {
                    throw MetadataInputError("\(error)", path: "\(path).language")
                }
            }
            var namespace: FourCC?
            if let text = key.namespace {
                guard let parsed = FourCC(text) else { throw MetadataInputError("a namespace is four characters", path: "\(path).namespace") }
                namespace = parsed
            }
            guard declared.insert("\(key.identifier)\u{0}\(language ?? "")").inserted else {
                throw MetadataInputError("\(key.identifier) is declared twice", path: path)
            }
            result.append(TimedMetadataKey(localID: UInt32(index + 1), identifier: key.identifier, namespace: namespace,
                                           dataType: dataType, dataTypeName: dataTypeName, locale: language))
        }
        return result
    }

    /// How a group names an item: its identifier, and `@language` for a key with one.
    static func itemName(_ identifier: MetadataIdentifier, language: String?) -> String {
        identifier.description + (language.map { "@" + $0 } ?? "")
    }

    /// Whether `name` is a reverse-DNS name (`com.example.serialnumber`): two or more dot-separated
    /// labels of letters, digits, `-` and `_`.
    private static func isReverseDNSName(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        }
    }

    /// A group's items in key table order; identifiers not declared become keys.
    private func items(of group: Group, path: String, keys: inout [TimedMetadataKey],
                       index keyIndex: inout TimedMetadataKeyIndex) throws(MetadataInputError) -> [MetadataItem] {
        var items: [(order: Int, item: MetadataItem)] = []
        for (text, value) in group.items.sorted(by: { $0.key < $1.key }) {
            let itemPath = "\(path).items.\(text)"
            // `identifier@language` names the key of that language.
            let identifier: MetadataIdentifier
            let index: Int
            if let at = text.lastIndex(of: "@"), let tagged = MetadataIdentifier(parsing: String(text[..<at])),
               let language = try? LanguageTag(parsing: String(text[text.index(after: at)...])).description {
                guard let found = keyIndex.index(of: tagged, language: language) else {
                    throw MetadataInputError("no key declares \(tagged) in language \(language)", path: itemPath)
                }
                (identifier, index) = (tagged, found)
            } else {
                guard let plain = MetadataIdentifier(parsing: text) else {
                    throw MetadataInputError("not a metadata identifier (space/key, e.g. mdta/com.apple.quicktime.location.ISO6709)", path: itemPath)
                }
                identifier = plain
                if let known = keyIndex.index(of: plain, language: nil) ?? keyIndex.first(of: plain) {
                    index = known
                } else {
                    keys.append(TimedMetadataKey(localID: UInt32(keys.count + 1), identifier: plain, dataType: value.inferredDataType))
                    index = keys.count - 1
                    keyIndex.add(keys[index], at: index)
                }
            }
            let key = keys[index]
            guard let metadataValue = value.metadataValue(as: key.dataType) else {
                throw MetadataInputError("expected \(TimedMetadataValue.expectation(for: key.dataType)) (the key's type is \(key.dataType?.description ?? "not given"))",
                                         path: itemPath)
            }
            items.append((index, MetadataItem(identifier: identifier, value: metadataValue, dataType: key.dataType, language: key.locale)))
        }
        return items.sorted { $0.order < $1.order }.map(\.item)
    }
}
