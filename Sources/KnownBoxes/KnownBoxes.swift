import ISOBMFF
import Metadata
import Movie
import TimedText

/// Every box Legible's library targets understand: the composition of their `BoxRegistry`
/// parts, for dumps that show the fields of every box any of them decodes.
public enum KnownBoxes {
    /// ISOBMFF's rows (all layouts, file-level reading, its codecs), then the codecs of Movie,
    /// TimedText and Metadata.
    public static let registry = BoxRegistry(composing: [.isobmff, .movie, .timedText, .metadata])
}
