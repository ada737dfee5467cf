import FileOutput
import ISOBMFF
import Movie

extension StreamingOutput {
    /// The DASH side: each legible track as the WebVTT file `legible html` writes, or as a CMAF
    /// text track when `text` asks for one (its segments written into `folder` through `batch`),
    /// and `manifest.mpd`. `alongsideHLS`: the HLS side has already reported the text tracks'
    /// notes.
    mutating func addDASH(movie: Movie, movieName: String, options: HLSOptions, text: StreamingText, alongsideHLS: Bool,
                          folder: String, batch: ReplacementFileBatch) throws(DeliveryError) {
        var texts: [(track: DeliveryTrack, media: DASHManifest.TextMedia)] = []
        do {
            let package = try HTMLPackage(movie: movie, movieName: movieName, naming: options.naming,
                                          defaultTrack: plan.namedAudio == nil ? options.defaultTrack : nil)
            if !alongsideHLS {
                warnings += package.warnings
                withheldDefaults += package.withheldDefaults
            }
            for (index, track) in package.tracks.enumerated() {
                if track.language == "und" { warnings.append("track \(track.trackID): the text track has no language (mdhd und, no elng); @lang is left out") }
                if let format = text.cmafFormat {
                    guard let source = movie.track(id: track.trackID) else { continue }
                    let stem = DASHManifest.representationID(text: track)
                    let written = try CMAFTextTrack.write(track, format: format, source: source, movieDuration: plan.duration,
                                                          segmentation: plan.segmentation, folder: folder, batch: batch, stem: stem)
                    texts.append((track, .segments(written.files, stem: stem, codecs: format.codecs)))
                    warnings += written.losses.map { "track \(track.trackID): \($0.summary)" }
                } else {
                    files.append(package.files[index])
                    texts.append((track, .file(url: package.elements[index].source, size: package.files[index].text.utf8.count)))
                }
                let rendition = subtitle(track)
                subtitles[rendition].representation = DASHManifest.representationID(text: track)
                subtitles[rendition].signalling = DASHSignalling(text: track)
            }
        } catch .noLegibleTracks {
            hasNoText = true
        }
        let manifest = DASHManifest(duration: plan.duration, videos: videos, audios: audios, texts: texts)
        for index in audios.indices {
            audioRenditions[index].representation = DASHManifest.representationID(audios[index])
            audioRenditions[index].signalling = DASHManifest.signalling(audios[index])
        }
        for index in videos.indices {
            videoRenditions[index].representation = DASHManifest.representationID(videos[index])
            videoRenditions[index].signalling = DASHManifest.signalling(videos[index])
        }
        files.append(DeliveryFile(name: StreamingPackage.manifestName, text: manifest.xml))
    }
}
