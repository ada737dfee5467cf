/// `data:` URLs (RFC 2397), which keep the page self-contained: a WebVTT track inside the page
/// loads without any request leaving it.
enum DataURL {
    /// `data:MEDIA-TYPE;base64,…` for `text`'s UTF-8 bytes.
    static func make(mediaType: String, text: String) -> String {
        "data:\(mediaType);base64," + base64(Array(text.utf8))
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// RFC 4648 §4 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let a = UInt32(bytes[index])
            let b = count > 1 ? UInt32(bytes[index + 1]) : 0
            let c = count > 2 ? UInt32(bytes[index + 2]) : 0
            let group = a << 16 | b << 8 | c
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(count > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            output.append(count > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
