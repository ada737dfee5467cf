/// Finds where a JSON text stops being JSON (RFC 8259), for the line and column Foundation's
/// decoder does not report ("The given data was not valid JSON."). A scan with an explicit
/// stack, so any nesting depth is safe; it only locates, never builds values.
struct JSONSyntaxLocator {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private enum Expectation { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end }

    /// `line L, column C: what` for the first error, or nil when the text is JSON.
    static func firstError(in bytes: [UInt8]) -> String? {
        var locator = JSONSyntaxLocator(bytes: bytes)
        return locator.scan()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func scan() -> String? {
        var open: [UInt8] = []
        var expected = Expectation.value
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while true {
            skipWhitespace()
            guard index < bytes.count else { return expected == .end ? nil : failure("the document ends early") }
            let character = bytes[index]
            let closes = (character == UInt8(ascii: "}") && open.last == UInt8(ascii: "{"))
                || (character == UInt8(ascii: "]") && open.last == UInt8(ascii: "["))
            switch expected {
            case .end:
                return failure("text after the end of the document")
            case .colon:
                guard character == UInt8(ascii: ":") else { return failure("expected ':' after the key") }
                index += 1
                expected = .value
            case .commaOrClose:
                if character == UInt8(ascii: ",") {
                    index += 1
                    expected = open.last == UInt8(ascii: "{") ? .key : .value
                } else if closes {
                    index += 1
                    open.removeLast()
                    expected = open.isEmpty ? .end : .commaOrClose
                } else {
                    return failure("expected ',' or '\(open.last == UInt8(ascii: "{") ? "}" : "]")'")
                }
            case .key, .keyOrClose:
                if expected == .keyOrClose, closes {
                    index += 1
                    open.removeLast()
                    expected = open.isEmpty ? .end : .commaOrClose
                } else if character == UInt8(ascii: "\"") {
                    if let problem = skipString() { return problem }
                    expected = .colon
                } else {
                    return failure("expected a key in double quotes")
                }
            case .value, .valueOrClose:
                if expected == .valueOrClose, closes {
                    index += 1
                    open.removeLast()
                } else if character == UInt8(ascii: "{") || character == UInt8(ascii: "[") {
                    index += 1
                    open.append(character)
                    expected = character == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                    continue
                } else if character == UInt8(ascii: "\"") {
                    if let problem = skipString() { return problem }
                } else if let problem = skipLiteral() {
                    return problem
                }
                expected = open.isEmpty ? .end : .commaOrClose
            }
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    /// A string from its opening quote; control characters are not allowed inside.
    private mutating func skipString() -> String? {
        let start = index
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return nil
            case UInt8(ascii: "\\"):
                index += 2
            case 0..<0x20:
                return failure("a string breaks the line (or holds a control character)")
            default:
                index += 1
            }
        }
        index = start
        return failure("a string is never closed")
    }

    /// `true`, `false`, `null` or a number.
    private mutating func skipLiteral() -> String? {
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: ".")
            || (0x30...0x39).contains(bytes[index]) || (0x41...0x5A).contains(bytes[index]) || (0x61...0x7A).contains(bytes[index]) {
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard ["true", "false", "null"].contains(text) || (Double(text) != nil && text.first != "+" && !text.hasPrefix(".")) else {
            index = start
            return failure(text.isEmpty ? "unexpected character" : "'\(text)' is not a JSON value")
        }
        return nil
    }

    private func failure(_ message: String) -> String {
        "line \(line), column \(index - lineStart + 1): \(message)"
    }
}
