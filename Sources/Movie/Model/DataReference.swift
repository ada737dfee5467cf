import ISOBMFF

/// One entry of a track's data reference box (`dinf/dref`; ISO/IEC 14496-12 §8.7.2, QTFF "Data
/// reference atoms"): where the samples that name it are. Flag 1 means "in this same file"; an
/// entry without it points at another file (a `url ` string, a Macintosh `alis` record).
public struct DataReference: Sendable, Hashable, CustomStringConvertible {
    /// `url `, `urn `, `alis`, …
    public var type: FourCC
    /// Whether the flag says the media is in this file.
    public var isSelfContained: Bool
    /// The location an external `url ` or `urn ` entry names, when it holds text.
    public var location: String?

    /// A data reference of `type`, in this file when `isSelfContained`, else at `location`.
    public init(type: FourCC, isSelfContained: Bool, location: String? = nil) {
        self.type = type
        self.isSelfContained = isSelfContained
        self.location = location
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
                return DataReference(type: entry.type, isSelfContained: true)
            }
            let selfContained = (payload[payload.startIndex + 3] & 1) == 1
            var location: String?
            if !selfContained, entry.type == "url " || entry.type == "urn " {
                let text = payload.dropFirst(4).prefix { $0 != 0 }
                location = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
            }
            return DataReference(type: entry.type, isSelfContained: selfContained, location: location)
        }
    }

    /// The data references that point outside the file.
    public var externalDataReferences: [DataReference] { dataReferences.filter { !$0.isSelfContained } }
}
