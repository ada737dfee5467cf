/// Several subtitle tracks to add in one write, as a JSON plan file states them:
/// `{"subtitles": [{"file": "en-sdh.srt", "language": "en", "sdh": true}, {"file": "fr.vtt", "language": "fr-CA", "format": "wvtt"}]}`.
/// Each entry is a ``SubtitleTrackSpec``; an unknown key is an error; the files are relative to
/// the plan's folder (``resolvingFiles(relativeTo:)``).
public struct SubtitlePlan: Sendable, Hashable, Decodable {
    /// The tracks, in the order they are added.
    public var subtitles: [SubtitleTrackSpec]

    enum CodingKeys: String, CodingKey, CaseIterable { case subtitles }

    /// Creates a plan.
    public init(subtitles: [SubtitleTrackSpec]) {
        self.subtitles = subtitles
    }

    /// Decodes a plan, refusing keys it does not have.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        subtitles = try decoder.container(keyedBy: CodingKeys.self).decode([SubtitleTrackSpec].self, forKey: .subtitles)
    }

    /// The plan with each relative `file` taken as relative to `folder`, the folder of the plan
    /// file; an absolute path (from `/`) stays as it is.
    public func resolvingFiles(relativeTo folder: String) -> SubtitlePlan {
        let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        return SubtitlePlan(subtitles: subtitles.map { spec in
            var spec = spec
            if !spec.file.hasPrefix("/") { spec.file = prefix + spec.file }
            return spec
        })
    }
}
