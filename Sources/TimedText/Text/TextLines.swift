/// Splits text into lines at CR LF, LF or CR (mixed freely), as SubRip and WebVTT files need.
///
/// Works on Unicode scalars, because `"\r\n"` is a single `Character` in Swift and would
/// otherwise hide the line break from a character-wise scan. Each line is kept as two UTF-8
/// offsets (8 bytes) and made a `Substring` when it is read: a 64 MiB file of short lines has
/// millions of them, and as `Substring`s they would take four times the memory.
struct TextLines: RandomAccessCollection {
    private let text: String
    /// UTF-8 offsets of each line's start and end (before its terminator).
    private var bounds: [(start: UInt32, end: UInt32)] = []

    init(_ text: String) {
        self.text = text
        let utf8 = text.utf8
        var lineStart = 0
        var offset = 0
        var previousWasCR = false
        for byte in utf8 {
            defer { offset += 1 }
            if byte == 0x0A, previousWasCR {
                // The LF of a CR LF: the line ended at the CR.
                lineStart = offset + 1
                previousWasCR = false
                continue
            }
            previousWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                bounds.append((UInt32(truncatingIfNeeded: lineStart), UInt32(truncatingIfNeeded: offset)))
                lineStart = offset + 1
            }
        }
        if lineStart < offset { bounds.append((UInt32(truncatingIfNeeded: lineStart), UInt32(truncatingIfNeeded: offset))) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { bounds.count }

    /// Line `position + 1`, without its terminator.
    subscript(position: Int) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(bounds[position].start))
        let end = utf8.index(start, offsetBy: Int(bounds[position].end - bounds[position].start))
        return text[start..<end]
    }
}
