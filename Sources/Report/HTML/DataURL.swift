/// `data:` URLs (RFC 2397), which keep the page self-contained: a WebVTT track inside the page
/// loads without any request leaving it.
enum DataURL {
    /// `data:MEDIA-TYPE,…` for `text`: percent-encoded only where a URL needs it (controls, `%`
    /// and `#`; WHATWG URL: tabs and line breaks would be dropped, `#` would start a fragment),
    /// other characters as they are, which for subtitle text is smaller than base64. Escape the
    /// result for HTML where it goes into an attribute.
    static func make(mediaType: String, text: String) -> String {
        var output = "data:\(mediaType),"
        output.reserveCapacity(output.utf8.count + text.utf8.count + text.utf8.count / 16)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "%" || scalar == "#" {
                output += "%" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
