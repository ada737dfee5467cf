import ISOBMFF

/// One entry of a track's data reference box (`dinf/dref`; ISO/IEC 14496-12 §8.7.2, QTFF "Data
/// reference atoms"): where the samples that name it are. Flag 1 means "in this same file"; an
/// entry without it points at another file (a `url ` string, a Macintosh `alis` record).
public struct DataReference: Sendable, Hashable, CustomStringConvertible {
    /// `url `, `urn `, `alis`, …
    public var type: FourCC
    /// Whether the flag says the media is in this file.
    public var isSelfContained: Bool
    /// The location a `url ` or `urn ` entry names, when it holds text (a self-contained entry
    /// needs none; one left there is a path on the disk of whoever made the movie).
    public var location: String?
    /// How many bytes follow the entry's version and flags: a location, an alias record, or
    /// leftovers a self-contained entry does not need.
    public var trailingByteCount: Int
    /// Where the entry's box is in the file.
    public var boxLocation: BoxLocation?

    /// A data reference of `type`, in this file when `isSelfContained`, else at `location`.
    public init(type: FourCC, isSelfContained: Bool, location: String? = nil, trailingByteCount: Int = 0,
                boxLocation: BoxLocation? = nil) {
        self.type = type
        self.isSelfContained = isSelfContained
        self.location = location
        self.trailingByteCount = trailingByteCount
        self.boxLocation = boxLocation
    }

    /// The entry as messages name it: its type, then the location when known (`'url ' file:///media/a.mov`).
    public var description: String {
        "'\(type)'" + (location.map { " \($0)" } ?? "")
    }
}

extension Track {
    /// The entries of `mdia/minf/dinf/dref`, in order; an entry too short to hold its flags is
    /// taken as self-contained, as players read such files.
    public var dataReferences: [DataReference] {
        let entries = box.descendant(["mdia", "minf", "dinf", "dref"])?.children ?? []
        return entries.map { entry in
            guard let payload = (try? entry.loaded())?.data, payload.count >= 4 else {
                return DataReference(type: entry.type, isSelfContained: true, boxLocation: entry.location)
            }
            let selfContained = (payload[payload.startIndex + 3] & 1) == 1
            var location: String?
            if entry.type == "url " || entry.type == "urn " {
                let text = payload.dropFirst(4).prefix { $0 != 0 }
                location = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
            }
            return DataReference(type: entry.type, isSelfContained: selfContained, location: location,
                                 trailingByteCount: payload.count - 4, boxLocation: entry.location)
        }
    }

    /// The data references that point outside the file.
    public var externalDataReferences: [DataReference] { dataReferences.filter { !$0.isSelfContained } }
}
