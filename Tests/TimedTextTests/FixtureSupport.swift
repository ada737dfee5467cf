import Foundation
import Testing
@testable import TimedText

/// Loads a hand-written fixture from `Fixtures/`.
func fixture(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
                           "missing fixture \(name)")
    return [UInt8](try Data(contentsOf: url))
}

func ms(_ value: Int64) -> SubtitleTime { .milliseconds(value) }

/// Start, end (ms) and plain text of each cue, for compact expectations.
func summary(_ cues: [Cue]) -> [String] {
    cues.map { "\($0.start.roundedMilliseconds)-\($0.end.roundedMilliseconds) \($0.text.plainText)" }
}

func run(_ text: String, bold: Bool = false, italic: Bool = false, underline: Bool = false,
         color: SubtitleColor? = nil, classes: [String] = [], voice: String? = nil, language: String? = nil,
         ruby: RubyRole? = nil, timestamp: SubtitleTime? = nil, fontScale: Double? = nil) -> StyledRun {
    StyledRun(text, style: TextStyle(isBold: bold, isItalic: italic, isUnderlined: underline, color: color,
                                     classes: classes, voice: voice, language: language, ruby: ruby, fontScale: fontScale),
              timestamp: timestamp)
}

extension SubtitleColor {
    static let red = SubtitleColor(red: 255, green: 0, blue: 0)
    static let yellow = SubtitleColor(red: 255, green: 255, blue: 0)
    static let white = SubtitleColor(red: 255, green: 255, blue: 255)
}
