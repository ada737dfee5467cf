/// Where a movie keeps a chapter list.
public enum ChapterCarrier: Sendable, Hashable, CustomStringConvertible {
    /// A QuickTime chapter track: a text track another track lists in `tref/chap` (QTFF
    /// "Chapter lists"), what Apple players show.
    case quickTimeTrack(UInt32)
    /// Nero's `moov/udta/chpl` box, which FFmpeg, mutagen and many audiobook tools read and write.
    case nero

    public var description: String {
        switch self {
        case let .quickTimeTrack(id): "QuickTime chapter track \(id)"
        case .nero: "Nero chapter list (udta/chpl)"
        }
    }
}
