import ISOBMFF
import Movie

/// Text tracks as Apple players expect them: subtitles as `sbtl` media in QuickTime movies,
/// chapter tracks out of the subtitle menu (QTFF asks only that a chapter track be referenced by
/// `chap` from an enabled track; Apple's own enhanced podcasts enable their chapter image and URL
/// tracks, so an enabled chapter track is not a fault), and a `tx3g` text box inside the video (QTFF
/// "Subtitle media", "Chapter lists", "Subtitle track header size and placement").
extension CheckContext {
    func textTrackFindings() -> [Finding] {
        handlerFindings() + chapterTrackFindings() + placementFindings()
    }

    private func handlerFindings() -> [Finding] {
        guard movie.isQuickTime else { return [] }
        return legibleTracks.filter { $0.mediaType == .text && $0.codec != "wvtt" }.map { track in
            guard track.codec == "tx3g" else {
                return Finding(.warning, track: track.id, rule: .subtitleHandler,
                               message: "\(name(track)) is QuickTime text media ('text' samples) used as subtitles: Apple players expect subtitle media ('sbtl', tx3g samples); re-create it (legible extract, then legible add-subtitles) and remove this one")
            }
            return Finding(.warning, track: track.id, rule: .subtitleHandler,
                           message: "\(name(track)) carries tx3g subtitles under a QuickTime 'text' handler: Apple players expect the subtitle handler 'sbtl' for subtitles in a QuickTime movie",
                           fix: TrackFix(track: track.id, TrackChanges(handler: "sbtl"), automatic: true))
        }
    }

    private func chapterTrackFindings() -> [Finding] {
        chapterTrackIDs.sorted().compactMap(track).compactMap { track -> Finding? in
            let group = track.header.alternateGroup
            guard group != 0, let member = selectableTracks.first(where: { $0.header.alternateGroup == group }) else { return nil }
            return Finding(.warning, track: track.id, rule: .chapterTrack,
                           message: "chapter track \(track.id) is in alternate group \(group) with the movie's \(Self.kind(of: member.mediaType)) tracks: players could offer the chapter titles as an option, or switch them off for it; a chapter track belongs in no group",
                           fix: TrackFix(track: track.id, TrackChanges(alternateGroup: .number(0)), automatic: true))
        }
    }

    /// The main video's display size in pixels.
    private var videoSize: (width: Double, height: Double)? {
        movie.mainVideoTrack.map { (Double($0.header.width) / 65536, Double($0.header.height) / 65536) }
    }

    private func placementFindings() -> [Finding] {
        guard let video = videoSize else { return [] }
        return legibleTracks.filter { $0.codec == "tx3g" }.compactMap { track -> Finding? in
            let header = track.header
            let width = Double(header.width) / 65536, height = Double(header.height) / 65536
            let x = Double(header.matrix.x) / 65536, y = Double(header.matrix.y) / 65536
            let fit = TrackChanges(fitsTextBoxToVideo: true)
            let videoText = "\(Self.pixels(video.width))×\(Self.pixels(video.height))"
            if width == 0 || height == 0 {
                return Finding(.info, track: track.id, rule: .textPlacement,
                               message: "\(name(track)) has no text box size in its track header (0×0, as ffmpeg writes): where the text appears is left to the player; QTFF sizes the track as the text box at the bottom of the \(videoText) video",
                               fix: TrackFix(track: track.id, fit, automatic: false))
            }
            let tolerance = 0.5
            guard x < -tolerance || y < -tolerance || x + width > video.width + tolerance || y + height > video.height + tolerance else { return nil }
            return Finding(.warning, track: track.id, rule: .textPlacement,
                           message: "\(name(track))'s text box (\(Self.pixels(width))×\(Self.pixels(height)) at \(Self.pixels(x)),\(Self.pixels(y))) reaches outside the \(videoText) video: text there is cut off or not shown",
                           fix: TrackFix(track: track.id, fit, automatic: true))
        }
    }

    private static func pixels(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
