/// Text escaped for markup: XML content and attribute values (TTML, the DASH MPD), HTML, and
/// WebVTT cue text, which share `&amp;`, `&lt;` and `&gt;` (XML 1.0 §2.4, HTML §13.1.4, W3C
/// WebVTT §4.2.2) and differ in what else they need.
///
/// One scalar at a time, never one `Character`: a combining mark after `"` or `<` makes a single
/// `Character` that compares unequal to `"`, while a markup parser reading bytes still sees the
/// quotation mark end the attribute.
public enum MarkupEscaping {
    /// What a format needs escaped or left out beyond `&`, `<` and `>`.
    public struct Rules: Sendable, Hashable {
        /// `"` as `&quot;`, for double-quoted attribute values.
        public var quotationMark: Bool
        /// `'` as `&#39;`, for single-quoted HTML attribute values.
        public var apostrophe: Bool
        /// Leaves out what XML 1.0 forbids in a document (§2.2: C0 controls but tab, line feed
        /// and carriage return; U+FFFE, U+FFFF), which no reference can stand for either.
        public var leavesOutXMLForbidden: Bool

        /// Creates rules; the default escapes `&`, `<` and `>` only.
        public init(quotationMark: Bool = false, apostrophe: Bool = false, leavesOutXMLForbidden: Bool = false) {
            self.quotationMark = quotationMark
            self.apostrophe = apostrophe
            self.leavesOutXMLForbidden = leavesOutXMLForbidden
        }

        /// XML content and double-quoted attribute values.
        public static let xml = Rules(quotationMark: true, leavesOutXMLForbidden: true)
        /// HTML text and attribute values in either quotes.
        public static let html = Rules(quotationMark: true, apostrophe: true)
        /// WebVTT cue text and tag annotations (a voice name): `>` escaped, so no `-->` is left.
        public static let webVTT = Rules()
    }

    /// `text` escaped by `rules`.
    public static func escaped(_ text: String, _ rules: Rules) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where rules.quotationMark: output += "&quot;"
            case "'" where rules.apostrophe: output += "&#39;"
            default:
                if rules.leavesOutXMLForbidden, isXMLForbidden(scalar) { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether XML 1.0 forbids `scalar` in a document (§2.2 `Char`: C0 controls but tab, line
    /// feed and carriage return; U+FFFE, U+FFFF).
    public static func isXMLForbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
