import Language
import Movie
import TimedText

/// What `legible html` writes for a movie: a WebVTT file per legible track, times on the movie
/// timeline, and the `<track>` elements that offer them to a `<video>` playing the movie.
public struct HTMLPackage: Sendable {
    /// One `<track>` element per legible track, in track order.
    public var elements: [HTMLTrackElement]
    /// The WebVTT files, named `MOVIE.TRACK.LANGUAGE.vtt` (`movie.5.es.vtt`), which the
    /// elements' `src` name.
    public var files: [DeliveryFile]
    /// The tracks each element offers, in the same order.
    public var tracks: [DeliveryTrack]
    /// Tracks left out (not text), forced cues added, a default withheld, cue text changed so
    /// that it cannot become WebVTT structure.
    public var warnings: [String]
    /// The movie's default subtitle track left out as an accessibility option; its note is among
    /// ``warnings``.
    public var withheldDefaults: [WithheldDefault]

    /// `movieName` is the movie's file name without its extension.
    public init(movie: Movie, movieName: String, naming: LanguageNaming = .english, defaultTrack: UInt32? = nil) throws(DeliveryError) {
        let (tracks, skipped, withheld) = try DeliveryTrack.all(in: movie, naming: naming, defaultTrack: defaultTrack)
        var elements: [HTMLTrackElement] = []
        var files: [DeliveryFile] = []
        var warnings = skipped
        for track in tracks {
            let name = track.fileStem(movieName: movieName) + ".vtt"
            files.append(DeliveryFile(name: name, text: WebVTTWriter.write(cues: track.cues, header: track.header ?? WebVTTHeader())))
            elements.append(HTMLTrackElement(track: track, source: Self.urlPath(name)))
            warnings += SubtitleTarget.webVTT.structureChanges(of: track.cues).map { "track \(track.trackID): \($0.summary)" }
        }
        self.elements = elements
        self.files = files
        self.tracks = tracks
        self.warnings = warnings
        withheldDefaults = withheld
    }

    /// A file name as a relative URL: bytes other than RFC 3986 §2.3 unreserved characters
    /// percent-encoded, so a movie called `my film.mov` gives `my%20film.5.en.vtt`.
    public static func urlPath(_ name: String) -> String {
        var output = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber)) || "-._~".unicodeScalars.contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return output
    }
}
