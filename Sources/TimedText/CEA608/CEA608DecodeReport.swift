/// What a CEA-608 decoder met besides captions: counts, so that damaged or unusual streams are
/// reported, never a reason to stop.
public struct CEA608DecodeReport: Sendable, Equatable, Codable {
    /// Byte pairs read (padding included).
    public var pairs = 0
    /// Bytes whose parity failed: a character shown as a solid block, or a two-byte code ignored.
    public var parityErrors = 0
    /// Codes CTA-608-E does not assign, and XDS bytes in field 1.
    public var unassignedCodes = 0
    /// Complete XDS packets skipped (field 2 extended data services).
    public var xdsPackets = 0
    /// Characters of the text service (Text 1–4, after TR or RTD) skipped.
    public var textServiceCharacters = 0
    /// Background, foreground and character-set attribute codes, which cues cannot carry.
    public var ignoredAttributes = 0
    /// Characters received before any control code said which channel they are for.
    public var charactersWithoutChannel = 0

    /// A report with every count at 0.
    public init() {}

    /// One phrase per non-zero count of something wrong or left out, for warnings.
    public var problems: [String] {
        var result: [String] = []
        if parityErrors > 0 { result.append("\(parityErrors) byte\(parityErrors == 1 ? "" : "s") with bad parity") }
        if unassignedCodes > 0 { result.append("\(unassignedCodes) unassigned code\(unassignedCodes == 1 ? "" : "s") ignored") }
        if xdsPackets > 0 { result.append("\(xdsPackets) XDS packet\(xdsPackets == 1 ? "" : "s") skipped") }
        if textServiceCharacters > 0 { result.append("\(textServiceCharacters) text-service character\(textServiceCharacters == 1 ? "" : "s") skipped") }
        if ignoredAttributes > 0 { result.append("\(ignoredAttributes) background/foreground attribute code\(ignoredAttributes == 1 ? "" : "s") ignored") }
        if charactersWithoutChannel > 0 { result.append("\(charactersWithoutChannel) character\(charactersWithoutChannel == 1 ? "" : "s") before any channel was chosen ignored") }
        return result
    }
}
