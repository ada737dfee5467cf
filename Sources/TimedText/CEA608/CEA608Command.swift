/// What one byte pair of a field means, classified from its seven-bit data (CTA-608-E §6): the
/// data channel a two-byte code is for comes from bit 3 of its first byte.
enum CEA608Command: Equatable {
    /// Nulls only.
    case padding
    /// One or two standard characters (nulls left out; a byte with bad parity is a solid block).
    case characters([Character])
    case special(Character, dataChannel: Int)
    case extended(Character, dataChannel: Int)
    case control(CEA608ControlCode, dataChannel: Int)
    case tabOffset(Int, dataChannel: Int)
    case preamble(CEA608PreambleAddressCode, dataChannel: Int)
    case midRow(CEA608TextAttributes, dataChannel: Int)
    /// A background or foreground attribute or a character set choice (CTA-608-E §6.2 optional
    /// attributes): recognised, but cues have no place for them.
    case optionalAttribute(dataChannel: Int)
    /// An XDS control byte (field 2): start or continue (0x01–0x0E) or end (0x0F).
    case xds(isEnd: Bool)
    /// A two-byte code whose parity fails: it cannot be trusted, so it is ignored.
    case parityError
    /// A code CTA-608-E does not assign.
    case unassigned

    /// Whether the pair is a two-byte code, which is sent twice and whose repeat is ignored.
    var isTwoByteCode: Bool {
        switch self {
        case .special, .extended, .control, .tabOffset, .preamble, .midRow, .optionalAttribute: true
        default: false
        }
    }

    /// The data channel a two-byte code selects.
    var dataChannel: Int? {
        switch self {
        case let .special(_, channel), let .extended(_, channel), let .control(_, channel), let .tabOffset(_, channel),
             let .preamble(_, channel), let .midRow(_, channel), let .optionalAttribute(channel): channel
        default: nil
        }
    }

    init(_ pair: CEA608BytePair, field: CEA608Field) {
        let first = pair.first & 0x7F
        let second = pair.second & 0x7F
        if first == 0 && second == 0 {
            self = .padding
            return
        }
        if (0x10...0x1F).contains(first) {
            guard CEA608Parity.isValid(pair.first), CEA608Parity.isValid(pair.second) else {
                self = .parityError
                return
            }
            self = Self.twoByteCode(first: first, second: second)
            return
        }
        if (0x01...0x0F).contains(first) {
            // XDS belongs to field 2; in field 1 these bytes mean nothing.
            self = field == .two ? .xds(isEnd: first == 0x0F) : .unassigned
            return
        }
        var characters: [Character] = []
        for (byte, data) in [(pair.first, first), (pair.second, second)] where data != 0 {
            if !CEA608Parity.isValid(byte) {
                characters.append(CEA608CharacterSet.solidBlock)
            } else if let character = CEA608CharacterSet.standard(data) {
                characters.append(character)
            }
        }
        self = characters.isEmpty ? .unassigned : .characters(characters)
    }

    private static func twoByteCode(first: UInt8, second: UInt8) -> CEA608Command {
        let channel = first & 0x08 == 0 ? 1 : 2
        let base = first & 0x17
        if second >= 0x40 {
            guard let pac = CEA608PreambleAddressCode(first: base, second: second) else { return .unassigned }
            return .preamble(pac, dataChannel: channel)
        }
        guard second >= 0x20 else { return .unassigned }
        switch base {
        case 0x10:
            return second <= 0x2F ? .optionalAttribute(dataChannel: channel) : .unassigned
        case 0x11:
            if second <= 0x2F { return .midRow(CEA608TextAttributes(code: second), dataChannel: channel) }
            return CEA608CharacterSet.special(second).map { .special($0, dataChannel: channel) } ?? .unassigned
        case 0x12, 0x13:
            return CEA608CharacterSet.extended(first: base, second: second).map { .extended($0, dataChannel: channel) } ?? .unassigned
        case 0x14, 0x15:
            // 0x15 is field 2's first byte for these codes; it is accepted in either field.
            return CEA608ControlCode(rawValue: second).map { .control($0, dataChannel: channel) } ?? .unassigned
        case 0x17:
            switch second {
            case 0x21...0x23: return .tabOffset(Int(second - 0x20), dataChannel: channel)
            case 0x24...0x2A, 0x2D...0x2F: return .optionalAttribute(dataChannel: channel)
            default: return .unassigned
            }
        default:
            return .unassigned
        }
    }
}
