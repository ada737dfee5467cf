import XML
/// Reads Scenarist SCC files: the header line `Scenarist_SCC V1.0`, then lines of a timecode, a
/// tab (or spaces) and four-digit hex words, blank lines between. The first error stops the
/// parse and names its line: a bad header, a bad timecode or word, a timecode that does not
/// increase.
public enum SCCParser {
    /// The header every SCC file starts with.
    public static let header = "Scenarist_SCC V1.0"

    /// Parses the bytes of a file (UTF-8 or ASCII, a byte-order mark allowed). Never traps: the
    /// libFuzzer entry point.
    public static func parse(bytes: [UInt8], limits: SubtitleParseLimits = .standard) throws(SCCParseError) -> SCCDocument {
        guard bytes.count <= limits.maxInputBytes else { throw SCCParseError(.inputTooLarge(limit: limits.maxInputBytes), line: nil) }
        return try parse(string: SubtitleTextDecoder.decode(bytes, fallback: .replacement).text)
    }

    /// Parses decoded text.
    public static func parse(string: String) throws(SCCParseError) -> SCCDocument {
        let lines = TextLines(string)
        guard let headerIndex = lines.firstIndex(where: { !$0.trimmingTextWhitespace().isEmpty }),
              lines[headerIndex].trimmingTextWhitespace() == header else {
            throw SCCParseError(.missingHeader, line: 1)
        }
        var bursts: [CEA608Burst] = []
        var isDropFrame: Bool?
        var previous: SCCTimecode?
        for index in (headerIndex + 1)..<lines.count {
            let fields = lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let label = fields.first else { continue }
            let number = index + 1
            guard let timecode = SCCTimecode(parsing: label) else { throw SCCParseError(.badTimecode(String(label)), line: number) }
            if let previous, timecode.frame <= previous.frame {
                throw SCCParseError(.timecodeNotIncreasing(String(label), previous: previous.description), line: number)
            }
            guard fields.count > 1 else { throw SCCParseError(.noWords, line: number) }
            var pairs: [CEA608BytePair] = []
            pairs.reserveCapacity(fields.count - 1)
            for word in fields.dropFirst() {
                guard let pair = pair(word) else { throw SCCParseError(.badHexWord(String(word.prefix(16))), line: number) }
                pairs.append(pair)
            }
            bursts.append(CEA608Burst(frame: timecode.frame, pairs: pairs))
            isDropFrame = isDropFrame ?? timecode.isDropFrame
            previous = timecode
        }
        return SCCDocument(bursts: bursts, isDropFrame: isDropFrame ?? true)
    }

    private static func pair(_ word: Substring) -> CEA608BytePair? {
        let digits = word.unicodeScalars.compactMap { scalar -> UInt8? in
            switch scalar.value {
            case 0x30...0x39: UInt8(scalar.value - 0x30)
            case 0x41...0x46: UInt8(scalar.value - 0x41 + 10)
            case 0x61...0x66: UInt8(scalar.value - 0x61 + 10)
            default: nil
            }
        }
        guard digits.count == 4, word.unicodeScalars.count == 4 else { return nil }
        return CEA608BytePair(digits[0] << 4 | digits[1], digits[2] << 4 | digits[3])
    }

    /// The libFuzzer entry point: parses, decodes, writes and parses the written file again.
    public static func fuzz(_ bytes: [UInt8]) {
        guard let document = try? parse(bytes: bytes) else { return }
        _ = document.captions()
        _ = try? parse(string: SCCWriter.write(document))
    }
}
