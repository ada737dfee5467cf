/// One of the four CEA-608 caption services: CC1 and CC2 are data channels 1 and 2 of field 1,
/// CC3 and CC4 those of field 2 (CTA-608-E §8.1; QuickTime carries field 1 in `cdat` atoms and
/// field 2 in `cdt2`).
public enum CEA608Channel: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// Field 1, data channel 1: the primary captions.
    case cc1 = "CC1"
    /// Field 1, data channel 2.
    case cc2 = "CC2"
    /// Field 2, data channel 1.
    case cc3 = "CC3"
    /// Field 2, data channel 2.
    case cc4 = "CC4"

    /// Parses `CC1`…`CC4`, case-insensitively.
    public init?(name: String) {
        guard let channel = CEA608Channel(rawValue: name.uppercased()) else { return nil }
        self = channel
    }

    /// The channel carried in `field` (1 or 2) as data channel `dataChannel` (1 or 2).
    public init(field: CEA608Field, dataChannel: Int) {
        switch (field, dataChannel) {
        case (.one, 1): self = .cc1
        case (.one, _): self = .cc2
        case (.two, 1): self = .cc3
        case (.two, _): self = .cc4
        }
    }

    /// The field that carries the channel.
    public var field: CEA608Field { self == .cc1 || self == .cc2 ? .one : .two }

    /// Data channel 1 or 2 within the field: control codes of data channel 2 have bit 3 of their
    /// first byte set (0x18–0x1F instead of 0x10–0x17).
    public var dataChannel: Int { self == .cc1 || self == .cc3 ? 1 : 2 }

    public var description: String { rawValue }

    public static func < (lhs: CEA608Channel, rhs: CEA608Channel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// A field of the NTSC picture: line 21 of field 1 carries CC1/CC2 (and Text 1/2), field 2
/// carries CC3/CC4, Text 3/4 and XDS.
public enum CEA608Field: Int, Sendable, Hashable, Codable {
    /// Field 1 (CC1, CC2).
    case one = 1
    /// Field 2 (CC3, CC4).
    case two = 2
}
