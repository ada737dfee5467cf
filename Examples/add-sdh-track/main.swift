import Remux

// English SDH subtitles (SubRip, WebVTT or TTML) for demo.mov, followed by its English sound track.
let subtitles = SubtitleTrackSpec(file: "english-sdh.srt", language: "en", sdh: true, followAudio: .automatic)
do {
    let plan = EditPlan(subtitleTracks: [try subtitles.request()])
    // Every other byte of the movie is copied as it is; the new file is renamed into place when whole.
    let report = try MovieEditor(path: "demo.mov").write(plan, to: "demo-sdh.mov")
    print("added track \(report.addedTrackIDs[0]) to \(report.path)")
} catch {
    print("cannot add the track: \(error)")
}
