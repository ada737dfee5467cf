/// Handler names (`hdlr`) that say what kind of track a track is and nothing about who wrote
/// it: the names FFmpeg writes (libavformat/movenc.c, `mov_write_hdlr_tag`) and Legible's own.
/// A camera or app often writes its own name there instead ("GoPro AVC encoder", "Core Media
/// Video"), which a privacy strip replaces with the conventional one.
public enum ConventionalHandlerName {
    /// The conventional name for a handler type; `isDataHandler` for the data handler of a
    /// QuickTime `minf` (component type `dhlr`).
    public static func name(forHandlerType type: FourCC, isDataHandler: Bool = false) -> String {
        if isDataHandler { return "DataHandler" }
        switch type {
        case "vide", "auxv", "pict": return "VideoHandler"
        case "soun": return "SoundHandler"
        case "sbtl", "subt", "subp": return "SubtitleHandler"
        case "text": return "TextHandler"
        case "clcp": return "ClosedCaptionHandler"
        case "tmcd": return "TimeCodeHandler"
        case "hint": return "HintHandler"
        case "meta": return "MetadataHandler"
        default: return "Handler"
        }
    }

    /// Whether `name` is empty or one of the conventional names, so it identifies nothing.
    public static func isConventional(_ name: String) -> Bool {
        name.isEmpty || known.contains(name)
    }

    private static let known: Set<String> = [
        "VideoHandler", "SoundHandler", "SubtitleHandler", "TextHandler", "ClosedCaptionHandler", "TimeCodeHandler",
        "HintHandler", "MetadataHandler", "DataHandler", "Handler", "ChapterHandler", "TimedMetadataHandler",
    ]
}
