import ISOBMFF

extension SharingReview {
    /// Top-level boxes in a row that one subject's rule keeps (the `mdat` of each fragment of a
    /// fragmented movie), listed as one entry: a review of a hundred thousand fragments says
    /// once what it keeps of them, and holds one entry, while every box it removes stays an
    /// entry of its own.
    struct KeptBoxRun {
        let subject: String
        let type: FourCC
        let decision: SharingFilter.Decision
        let first: Range<UInt64>
        let firstPath: String
        var last: Range<UInt64>
        var lastPath: String
        var count = 1
        var bytes: UInt64

        init(subject: String, type: FourCC, decision: SharingFilter.Decision, range: Range<UInt64>, path: String) {
            self.subject = subject
            self.type = type
            self.decision = decision
            first = range
            firstPath = path
            last = range
            lastPath = path
            bytes = Self.length(of: range)
        }

        /// Adds the box at `range` when it has the run's subject and decision.
        mutating func extend(subject: String, decision: SharingFilter.Decision, range: Range<UInt64>, path: String) -> Bool {
            guard subject == self.subject, decision == self.decision else { return false }
            last = range
            lastPath = path
            count += 1
            bytes = bytes.saturatingAdd(Self.length(of: range))
            return true
        }

        /// The bytes of `range`, counted without `Range.count`, whose `Int` traps past 2^63 (a box
        /// whose 64-bit size says so).
        private static func length(of range: Range<UInt64>) -> UInt64 { range.upperBound - range.lowerBound }

        /// The run as a review entry: one box as before, several as their count, bytes and span.
        var entry: Entry {
            guard count > 1 else {
                return Entry(kind: .box, subject: subject, scope: .movie, decision: decision,
                             summary: "\(type) box, \(bytes) bytes at 0x\(String(first.lowerBound, radix: 16))",
                             byteRange: first, path: firstPath)
            }
            return Entry(kind: .box, subject: subject, scope: .movie, decision: decision,
                         summary: "\(count) \(type) boxes, \(bytes) bytes from 0x\(String(first.lowerBound, radix: 16)) to 0x\(String(last.upperBound, radix: 16))",
                         byteRange: first.lowerBound..<last.upperBound, path: "\(firstPath) … \(lastPath)")
        }
    }
}
