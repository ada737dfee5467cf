import Delivery

/// How the page names the video it plays: a relative URL, so that the page and the movie can
/// move together (and nothing is fetched from elsewhere).
public enum PageLink {
    /// The URL of `file` for a page in `folder`, both absolute paths: `../films/my%20film.mov`.
    /// Each name is percent-encoded as `legible html` encodes WebVTT file names (RFC 3986 §2.3).
    public static func relativeURL(fromFolder folder: String, to file: String) -> String {
        let from = components(folder)
        let to = components(file)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...].map(HTMLPackage.urlPath)).joined(separator: "/")
    }

    /// The names of an absolute path, with `.` and `..` resolved.
    private static func components(_ path: String) -> [String] {
        var names: [String] = []
        for name in path.split(separator: "/") {
            switch name {
            case ".": continue
            case "..": _ = names.popLast()
            default: names.append(String(name))
            }
        }
        return names
    }
}
