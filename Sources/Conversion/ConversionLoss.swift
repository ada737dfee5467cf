/// Something a conversion read but could not carry into its target format: one kind of loss,
/// the cues (or items, chapters, captions) it concerns, and what would keep it.
///
/// Every conversion reports through this one type — subtitle files into `tx3g`, `wvtt`, WebVTT
/// or SubRip, `tx3g` samples back into files, QuickTime metadata into an MPEG-4 `ilst` — so
/// the command line can print one line per kind of loss and `--strict` can refuse any of them.
/// Other conversions add their own ``Kind`` and ``Subject`` values.
public struct ConversionLoss: Sendable, Hashable {
    /// What was lost, as a stable identifier for scripts (`voice`, `cue-class`, …).
    public var kind: Kind
    /// What ``numbers`` count: cues, metadata items, chapters.
    public var subject: Subject
    /// The 1-based numbers of the cues or items concerned, ascending, each once; empty when the
    /// loss concerns the whole file (a header block, say).
    public var numbers: [Int]
    /// What the target cannot carry: `WebVTT voice spans have no tx3g form`.
    public var message: String
    /// What would keep it, when something would: `a wvtt track keeps them`.
    public var hint: String?
    /// What was converted, when one report holds several conversions: `track 6`.
    public var source: String?

    /// Creates a loss; `numbers` are sorted and made unique.
    public init(kind: Kind, subject: Subject = .cue, numbers: [Int], message: String, hint: String? = nil, source: String? = nil) {
        self.kind = kind
        self.subject = subject
        self.numbers = Array(Set(numbers)).sorted()
        self.message = message
        self.hint = hint
        self.source = source
    }

    /// The most pieces (numbers or ranges) ``summary`` lists before it says how many there are
    /// in all.
    public static let listedNumbers = 12

    /// One line for a person: `cues 4, 9, 12: WebVTT voice spans have no tx3g form; a wvtt track
    /// keeps them`. Runs become ranges and a count follows them: `cues 1-3, 7, 10-2000 (1994
    /// cues): …`; a list of more than ``listedNumbers`` pieces ends `…, 87, … (40 cues)`.
    public var summary: String {
        var text = source.map { $0 + ": " } ?? ""
        if !numbers.isEmpty { text += Self.listing(numbers, subject: subject) + ": " }
        text += message
        if let hint { text += "; " + hint }
        return text
    }

    /// Ascending, unique `numbers` as a summary names them: `cue 4`, `cues 4, 9`, `cues 1-3, 7,
    /// 10-2000 (1994 cues)`. A run of three or more is a range; the count follows whenever the
    /// pieces do not show it (a range, or more than ``listedNumbers`` pieces, the rest left out).
    /// Every other list of numbers a person reads (late captions, say) uses it too, so one kind
    /// of trouble is one line however many cues share it.
    public static func listing(_ numbers: [Int], subject: Subject) -> String {
        var pieces: [String] = []
        var index = numbers.startIndex
        while index < numbers.endIndex {
            var end = index
            while end + 1 < numbers.endIndex, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            if end - index >= 2 {
                pieces.append("\(numbers[index])-\(numbers[end])")
            } else {
                pieces += numbers[index...end].map(String.init)
            }
            index = end + 1
        }
        let noun = numbers.count == 1 ? subject.singular : subject.plural
        let shown = pieces.prefix(listedNumbers).joined(separator: ", ") + (pieces.count > listedNumbers ? ", …" : "")
        return pieces.count == numbers.count && pieces.count <= listedNumbers
            ? "\(noun) \(shown)"
            : "\(noun) \(shown) (\(numbers.count) \(subject.plural))"
    }

    /// A kind of loss: a stable identifier and nothing else, so that any layer can add its own.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    /// What a loss's numbers count, with the nouns a summary uses.
    public struct Subject: Sendable, Hashable {
        /// The noun for one (`cue`).
        public var singular: String
        /// The noun for several (`cues`).
        public var plural: String
        /// A subject counted in `singular` and `plural`.
        public init(singular: String, plural: String) {
            self.singular = singular
            self.plural = plural
        }

        /// Subtitle cues, numbered from 1 in the order the source has them.
        public static let cue = Subject(singular: "cue", plural: "cues")
        /// Metadata items, numbered from 1 in the order they are listed.
        public static let item = Subject(singular: "item", plural: "items")
        /// Chapters, numbered from 1 in the list's order.
        public static let chapter = Subject(singular: "chapter", plural: "chapters")
        /// Groups of a timed metadata document, numbered from 1 in its order.
        public static let metadataGroup = Subject(singular: "timed metadata group", plural: "timed metadata groups")
        /// Bursts of CEA-608 byte pairs (an SCC line; the commands and text of an encoded
        /// caption), numbered from 1 in time order.
        public static let captionBurst = Subject(singular: "caption burst", plural: "caption bursts")
    }
}

/// Losses as a whole.
extension [ConversionLoss] {
    /// The losses as one sentence, for an error that refuses them: `cues 4, 9: …; cue 2: …`.
    public var joinedSummary: String { map(\.summary).joined(separator: "; ") }
}
