import ArgumentParser
import ISOBMFF
import Language
import Metadata
import Movie

// How `set-metadata` reads keys, languages and typed values from the command line.

/// `KEY[@LANG]`: a common name or an identifier, and an optional BCP 47 language.
struct MetadataKeyArgument {
    let key: String
    let language: String?

    /// Splits at the last `@` and checks both halves, so a typo is reported, not written.
    init(parsing text: String, option: String) throws {
        if let at = text.lastIndex(of: "@") {
            key = String(text[..<at])
            language = String(text[text.index(after: at)...])
        } else {
            key = text
            language = nil
        }
        guard MetadataIdentifier(parsing: key) != nil || MetadataCommonKey.named(key) != nil else {
            throw ValidationError("\(option): unknown metadata key '\(key)'; use a common name ("
                                  + MetadataCommonKey.all.map(\.name).joined(separator: ", ")
                                  + ") or an identifier such as mdta/com.apple.quicktime.title, itsk/©nam, udta/©nam")
        }
        if let language {
            do {
                _ = try LanguageTag(parsing: language)
            } catch {
                throw ValidationError("\(option) \(text): \(error)")
            }
        }
    }

    /// Whether the key is the movie's location (an ISO 6709 point).
    var isLocation: Bool {
        MetadataCommonKey.named(key)?.name == "location" || key == "mdta/com.apple.quicktime.location.ISO6709" || key == "udta/©xyz"
    }

    /// Whether the key is cover art.
    var isArtwork: Bool {
        MetadataCommonKey.named(key)?.name == "artwork" || key == "itsk/covr" || key == "mdta/com.apple.quicktime.artwork"
    }
}

/// The `--type` of `--set` values: QTFF's well-known types by short name.
enum MetadataValueType: String, CaseIterable, ExpressibleByArgument {
    case utf8, utf16, int, uint, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, jpeg, png, bmp

    var dataType: MetadataDataType {
        switch self {
        case .utf8: .utf8
        case .utf16: .utf16
        case .int: .signedInteger
        case .uint: .unsignedInteger
        case .int8: .int8
        case .int16: .int16
        case .int32: .int32
        case .int64: .int64
        case .uint8: .uint8
        case .uint16: .uint16
        case .uint32: .uint32
        case .uint64: .uint64
        case .float32: .float32
        case .float64: .float64
        case .jpeg: .jpeg
        case .png: .png
        case .bmp: .bmp
        }
    }

    var isImage: Bool { [.jpeg, .png, .bmp].contains(self) }

    /// The value `text` stands for as this type; nil (with the reason) when it does not fit.
    func value(of text: String) -> Result<MetadataValue, ValidationError> {
        func fail(_ what: String) -> Result<MetadataValue, ValidationError> {
            .failure(ValidationError("'\(text)' is not \(what) (--type \(rawValue))"))
        }
        switch self {
        case .utf8, .utf16: return .success(.text(text))
        case .int, .int64: return Int64(text).map { .success(.integer($0)) } ?? fail("an integer")
        case .int8: return Int8(text).map { .success(.integer(Int64($0))) } ?? fail("an integer from -128 to 127")
        case .int16: return Int16(text).map { .success(.integer(Int64($0))) } ?? fail("an integer from -32768 to 32767")
        case .int32: return Int32(text).map { .success(.integer(Int64($0))) } ?? fail("a 32-bit integer")
        case .uint, .uint64: return UInt64(text).map { .success(.unsignedInteger($0)) } ?? fail("an unsigned integer")
        case .uint8: return UInt8(text).map { .success(.unsignedInteger(UInt64($0))) } ?? fail("an integer from 0 to 255")
        case .uint16: return UInt16(text).map { .success(.unsignedInteger(UInt64($0))) } ?? fail("an integer from 0 to 65535")
        case .uint32: return UInt32(text).map { .success(.unsignedInteger(UInt64($0))) } ?? fail("an unsigned 32-bit integer")
        case .float32, .float64: return Double(text).map { .success(.float($0)) } ?? fail("a number")
        case .jpeg, .png, .bmp: return fail("an image file (give @FILE)")
        }
    }
}

/// An image read from `@FILE`, its format from its first bytes (JPEG SOI `FF D8 FF`, the PNG
/// signature, BMP `BM`), as the `data` type must say which it is.
enum MetadataImageFile {
    static func read(_ path: String) throws -> MetadataValue {
        let bytes: [UInt8]
        do {
            bytes = try SmallInputFile.read(path, limit: Limits.standard.maxInMemoryBoxSize, kind: "cover art")
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .image(.jpeg, bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .image(.png, bytes) }
        if bytes.starts(with: [0x42, 0x4D]) { return .image(.bmp, bytes) }
        throw CommandFailure("\(path): not a JPEG, PNG or BMP image")
    }
}
