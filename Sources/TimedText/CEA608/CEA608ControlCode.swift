/// The miscellaneous control codes (CTA-608-E §6.3, "Miscellaneous Control Codes"): first byte
/// 0x14 (0x1C for data channel 2; 0x15 / 0x1D in field 2) and this second byte.
public enum CEA608ControlCode: UInt8, Sendable, Hashable, CaseIterable {
    /// Resume caption loading: pop-on style, text goes to non-displayed memory.
    case resumeCaptionLoading = 0x20
    /// Backspace.
    case backspace = 0x21
    /// Reserved (formerly alarm off).
    case alarmOff = 0x22
    /// Reserved (formerly alarm on).
    case alarmOn = 0x23
    /// Delete to end of row.
    case deleteToEndOfRow = 0x24
    /// Roll-up captions, two rows.
    case rollUp2 = 0x25
    /// Roll-up captions, three rows.
    case rollUp3 = 0x26
    /// Roll-up captions, four rows.
    case rollUp4 = 0x27
    /// Flash on.
    case flashOn = 0x28
    /// Resume direct captioning: paint-on style.
    case resumeDirectCaptioning = 0x29
    /// Text restart (text service).
    case textRestart = 0x2A
    /// Resume text display (text service).
    case resumeTextDisplay = 0x2B
    /// Erase displayed memory.
    case eraseDisplayedMemory = 0x2C
    /// Carriage return.
    case carriageReturn = 0x2D
    /// Erase non-displayed memory.
    case eraseNonDisplayedMemory = 0x2E
    /// End of caption: flip memories.
    case endOfCaption = 0x2F

    /// The mnemonic the standard uses (RCL, EOC, …).
    public var mnemonic: String {
        switch self {
        case .resumeCaptionLoading: "RCL"
        case .backspace: "BS"
        case .alarmOff: "AOF"
        case .alarmOn: "AON"
        case .deleteToEndOfRow: "DER"
        case .rollUp2: "RU2"
        case .rollUp3: "RU3"
        case .rollUp4: "RU4"
        case .flashOn: "FON"
        case .resumeDirectCaptioning: "RDC"
        case .textRestart: "TR"
        case .resumeTextDisplay: "RTD"
        case .eraseDisplayedMemory: "EDM"
        case .carriageReturn: "CR"
        case .eraseNonDisplayedMemory: "ENM"
        case .endOfCaption: "EOC"
        }
    }

    /// The pair for this code on `channel`, parity added: field 1 uses first byte 0x14 / 0x1C,
    /// field 2 0x15 / 0x1D.
    public func pair(on channel: CEA608Channel) -> CEA608BytePair {
        let first: UInt8 = (channel.field == .one ? 0x14 : 0x15) | (channel.dataChannel == 2 ? 0x08 : 0)
        return CEA608BytePair(data: first, rawValue)
    }

    /// The tab offset pair (TO1–TO3: first byte 0x17 / 0x1F, second 0x21–0x23) moving the cursor
    /// `columns` (1–3) to the right.
    public static func tabOffset(_ columns: Int, on channel: CEA608Channel) -> CEA608BytePair {
        CEA608BytePair(data: 0x17 | (channel.dataChannel == 2 ? 0x08 : 0), 0x20 + UInt8(clamping: min(max(columns, 1), 3)))
    }
}
