import Foundation
@testable import Metadata

/// Where ExifTool (`-G1`) reports one of our items: its family-1 group and tag name, derived
/// from ExifTool's own tag tables (``ExifToolTagTables``) and the rules of its QuickTime module
/// (Image/ExifTool/QuickTime.pm 12.57) for items its tables do not list.
struct ExifToolTag: Hashable, CustomStringConvertible {
    var group: String
    var name: String
    var description: String { "\(group):\(name)" }

    /// The tag for `item`, whose track (for a track or media item) is the `trackIndex`-th `trak`
    /// (ExifTool numbers `Track1`… in file order, not by track ID). Nil when ExifTool extracts no
    /// tag for the item: an unknown non-`©` user-data box (shown only with `-u`), or a box its
    /// table reads as a directory of further tags (`XMP_`, `Xtra`, `hnti`, maker boxes).
    init?(_ item: MetadataItem, trackIndex: Int?) {
        let key = item.identifier.key
        var name: String?
        let movieGroup: String
        switch item.identifier.keySpace {
        case .quickTimeUserData, .isoUserData:
            movieGroup = "UserData"
            // QuickTime.pm ProcessMOV: an unknown `©xxx` atom is named `UserData_xxx`.
            if ExifToolTagTables.userDataDirectories.contains(key) { return nil }
            name = ExifToolTagTables.userData[key] ?? Self.userDataName(key)
        case .iTunes:
            movieGroup = "ItemList"
            name = ExifToolTagTables.itemList[key] ?? Self.userDataName(key)
        case .iTunesLong:
            // QuickTime.pm ProcessMOV, "iTunesInfo mean/name/data triplets": the ID is the name
            // (`mean/name` unless mean is com.apple.iTunes); an unknown one is named after
            // `name` with all but [-_a-zA-Z0-9] removed (ExifTool.pm MakeTagName).
            movieGroup = "iTunes"
            let mean = "com.apple.iTunes."
            let id = key.hasPrefix(mean) ? String(key.dropFirst(mean.count)) : key.replacingOccurrences(of: ".", with: "/")
            let shortName = key.hasPrefix(mean) ? id : String(key.split(separator: ".").last ?? "")
            if ExifToolTagTables.iTunesInfoDirectories.contains(id) { return nil }
            name = ExifToolTagTables.iTunesInfo[id] ?? Self.madeTagName(shortName)
        case .quickTimeMetadata:
            // QuickTime.pm ProcessKeys: drop `com.apple.quicktime.` (or `com.`), then look the
            // key up in the Keys, ItemList and UserData tables, else make a name from it.
            movieGroup = "Keys"
            var short = key
            if short.hasPrefix("com.apple.quicktime.") { short.removeFirst("com.apple.quicktime.".count) }
            else if short.hasPrefix("com.") { short.removeFirst(4) }
            if ExifToolTagTables.keysDirectories.contains(short) { return nil }
            name = ExifToolTagTables.keys[short] ?? ExifToolTagTables.itemList[short] ?? ExifToolTagTables.userData[short]
                ?? Self.keysName(short)
        }
        guard var name else { return nil }
        group = trackIndex.map { "Track\($0)" } ?? movieGroup
        // QuickTime.pm ProcessMOV: "add track name to UserData tags inside tracks"
        // (`Track2Name`), without a doubled "Track" (`Track1TrackName` → `Track1Name`).
        if let trackIndex, [.quickTimeUserData, .isoUserData].contains(item.identifier.keySpace) {
            name = "Track\(trackIndex)" + (name.hasPrefix("Track") ? String(name.dropFirst(5)) : name)
        }
        self.name = name
    }

    /// The suffix ExifTool gives a value in a language (QuickTime.pm UnpackLang, GetLangCode):
    /// `-fra`, `-fra-FR`; none for `eng` and `und`, its default language.
    static func languageSuffix(_ item: MetadataItem) -> String {
        guard let language = item.language, language != "eng", language != "und" else { return "" }
        return "-" + language + (item.country.map { "-\($0)" } ?? "")
    }

    private static func userDataName(_ key: String) -> String? {
        key.hasPrefix("©") ? "UserData_" + key.dropFirst() : nil
    }

    private static func madeTagName(_ text: String) -> String {
        var name = String(text.unicodeScalars.filter { $0 == "-" || $0 == "_"
                                                      || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        name = name.prefix(1).uppercased() + name.dropFirst()
        return name.count < 2 ? "Tag" + name : name
    }

    /// ProcessKeys' name for an unknown key: capitalised, dots and spaces removed with the next
    /// letter capitalised, `_x` → `_X`, `a_B` → `aB`.
    private static func keysName(_ key: String) -> String {
        var name = key.prefix(1).uppercased() + key.dropFirst()
        name = String(name.unicodeScalars.filter { $0 == "-" || $0 == "_" || $0 == "." || $0 == " "
                                                   || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        var result = ""
        var upperNext = false
        var previous: Character?
        for character in name {
            if character == "." || character == " " { upperNext = true; continue }
            var next = upperNext ? Character(character.uppercased()) : character
            upperNext = false
            if previous == "_", next.isLowercase { next = Character(next.uppercased()) }
            result.append(next)
            previous = next
        }
        // `a_B` → `aB`
        var collapsed = ""
        let characters = Array(result)
        for (index, character) in characters.enumerated() {
            if character == "_", index > 0, index + 1 < characters.count, characters[index - 1].isLowercase, characters[index + 1].isUppercase { continue }
            collapsed.append(character)
        }
        return collapsed.count < 2 ? "Tag_" + collapsed : collapsed
    }
}

/// Whether ExifTool's value (`-n -b` JSON: numbers, strings, `base64:` for binary) is the value
/// we read, allowing only for the conversions ExifTool's tag tables apply even with `-n`
/// (ValueConv), each named where it is applied.
enum ExifToolValue {
    static func agrees(_ exif: Any, with item: MetadataItem) -> Bool {
        let raw = item.value.encoded(as: item.dataType ?? .utf8)
        if let chapters = exif as? [Any] {
            return item.identifier.key == "chpl" && nero(chapters, agreesWith: item.value)
        }
        let text: String
        if let number = exif as? NSNumber, !(exif is String) {
            if let ours = numericValue(item), close(ours, number.doubleValue) { return true }
            text = number.stringValue
        } else if let string = exif as? String {
            text = string
        } else {
            return false
        }
        if text.hasPrefix("base64:") {
            return Data(base64Encoded: String(text.dropFirst(7))).map { Array($0) == raw } ?? false
        }
        let ours = item.value.displayText
        if text == ours { return true }
        // Binary ExifTool found printable is shown as text (QuickTime.pm: "extract as binary if
        // it contains any non-ASCII or control characters"); an empty value is "".
        if case .bytes = item.value, String(decoding: raw, as: UTF8.self) == text { return true }
        if case .image = item.value, String(decoding: raw, as: UTF8.self) == text { return true }
        if case let .text(value) = item.value {
            // ExifTool's "string" format ends at the first NUL; we keep the padding.
            if value.contains("\0"), String(value.prefix { $0 != "\0" }) == text { return true }
            // ConvertXMPDate / ConvertISODate: ISO 8601 shown as `YYYY:MM:DD HH:MM:SS±HH:MM`.
            if exifDate(value) == text { return true }
            // ConvertISO6709: `±lat±lon±alt/` shown as "lat lon alt".
            if let point = ISO6709Point(parsing: value) {
                let numbers = text.split(separator: " ").compactMap { Double($0) }
                let expected = [point.latitude, point.longitude] + (point.altitude.map { [$0] } ?? [])
                if numbers.count == expected.count, zip(numbers, expected).allSatisfy({ close($0, $1) }) { return true }
            }
            // Numbers kept as text (`©isr`, Software "17.1") are printed as numbers.
            if let number = Double(text), let value = Double(value), close(number, value) { return true }
        }
        // int8u/int16u/int32u lists: an integer whose atom ExifTool's table formats as a list
        // ("0 0 0 0 0 1 226 64", "0 123456"): the same number, big-endian.
        let words = text.split(separator: " ").map { UInt64($0) }
        if words.count > 1, !words.contains(nil), let ours = numericValue(item) {
            for width in [8.0, 16.0, 32.0] where words.allSatisfy({ Double($0 ?? 0) < pow(2, width) }) {
                if close(words.reduce(0.0) { $0 * pow(2, width) + Double($1 ?? 0) }, ours) { return true }
            }
        }
        // `trkn`/`disk` (QuickTime.pm ItemList): bytes 2–3 the number, 4–5 the total, "N of M".
        if case let .bytes(value) = item.value, value.count >= 6, ["trkn", "disk"].contains(item.identifier.key) {
            let number = Int(value[2]) << 8 | Int(value[3]), total = Int(value[4]) << 8 | Int(value[5])
            if text == (total == 0 ? "\(number)" : "\(number) of \(total)") { return true }
        }
        // 3GPP `loci` (QuickTime.pm UserData loci RawConv).
        if case let .location(place) = item.value {
            let role = [0: "shooting", 1: "real", 2: "fictional", 3: "reserved"][Int(place.role)] ?? "unknown(\(place.role))"
            let form = (place.name.isEmpty ? "(none)" : place.name) + " Role=\(role)"
                + String(format: " Lat=%.5f Lon=%.5f Alt=%.2f", place.latitude, place.longitude, place.altitude)
                + " Body=\(place.body) Notes=\(place.notes)"
            if text == form { return true }
        }
        // 3GPP `rtng` and `clsf`: ExifTool prefixes the entity and criteria/index we keep in the box.
        if item.identifier.keySpace == .isoUserData, ["rtng", "clsf"].contains(item.identifier.key), text.hasSuffix(" " + ours) {
            return true
        }
        return false
    }

    /// The Nero chapter list (`chpl`) as ExifTool decodes it (QuickTime.pm ConvertChapterList:
    /// count u8 at byte 8, then per chapter a u64 start in 100 ns units, a u8 length and the
    /// title), against ExifTool's "start title" strings.
    private static func nero(_ chapters: [Any], agreesWith value: MetadataValue) -> Bool {
        guard case let .bytes(bytes) = value, bytes.count >= 9 else { return false }
        var ours: [(Double, String)] = []
        var position = 9
        for _ in 0..<Int(bytes[8]) where position + 9 <= bytes.count {
            let start = bytes[position..<position + 8].reduce(0.0) { $0 * 256 + Double($1) } / 10_000_000
            let length = Int(bytes[position + 8])
            guard position + 9 + length <= bytes.count else { break }
            ours.append((start, String(decoding: bytes[(position + 9)..<(position + 9 + length)], as: UTF8.self)))
            position += 9 + length
        }
        let theirs = chapters.compactMap { $0 as? String }
        guard theirs.count == ours.count else { return false }
        return zip(theirs, ours).allSatisfy { text, chapter in
            guard let space = text.firstIndex(of: " "), let start = Double(text[..<space]) else { return false }
            return abs(start - chapter.0) < 0.001 && String(text[text.index(after: space)...]) == chapter.1
        }
    }

    private static func numericValue(_ item: MetadataItem) -> Double? {
        switch item.value {
        case let .integer(value): Double(value)
        case let .unsignedInteger(value): Double(value)
        case let .float(value): value
        case let .text(text): Double(text)
        // Type-0 iTunes data (`gnre`) that ExifTool's table reads as an integer (int16u).
        case let .bytes(bytes) where (1...8).contains(bytes.count): bytes.reduce(0.0) { $0 * 256 + Double($1) }
        default: nil
        }
    }

    private static func close(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-6 * max(abs(a), abs(b))
    }

    /// `2024-01-01T12:00:00+0100` → `2024:01:01 12:00:00+01:00`; nil for anything else.
    static func exifDate(_ text: String) -> String? {
        let characters = Array(text)
        guard characters.count >= 10, characters[4] == "-", characters[7] == "-" else { return nil }
        var result = String(characters[0..<4]) + ":" + String(characters[5..<7]) + ":" + String(characters[8..<10])
        var rest = characters.dropFirst(10)
        guard !rest.isEmpty else { return result }
        guard rest.first == "T" || rest.first == " " else { return nil }
        rest = rest.dropFirst()
        result += " "
        var zone = Array(rest.drop { $0 != "+" && $0 != "-" && $0 != "Z" })
        result += String(rest.prefix { $0 != "+" && $0 != "-" && $0 != "Z" })
        if zone.count == 5 { zone.insert(":", at: 3) }
        return result + String(zone)
    }
}
