import ArgumentParser
import Movie
import Remux

/// The track properties `add-subtitles` and `set-track` both set.
struct TrackPropertyOptions: ParsableArguments {
    @Option(help: "The language, a BCP 47 tag (en, pt-BR, zh-Hant): mdhd gets its ISO 639-2 code, elng the full tag when it says more.")
    var language: String?

    @Option(help: "The track name (udta name); an empty name removes it.")
    var name: String?

    @Option(help: "The alternate group: auto (the other subtitles' group, or a free one) or a number (0 = none).")
    var group: AlternateGroupChoice?

    @Flag(name: .customLong("default"), help: "Enable the track and disable the others of its alternate group.")
    var isDefault = false

    @Flag(help: "Subtitles for the deaf and hard of hearing: tag transcribes-spoken-dialog and describes-music-and-sound.")
    var sdh = false

    @Option(help: "A media characteristic to tag (repeatable), e.g. public.easy-to-read; added unless the track has that exact tag (one with a trailing NUL is not it).")
    var characteristic: [String] = []

    func validate() throws {
        if let language { _ = try languageTag(language) }
    }

    /// Whether any property was given.
    var isEmpty: Bool { language == nil && name == nil && group == nil && !isDefault && !sdh && characteristic.isEmpty }

    /// The characteristics to add, SDH's two included.
    var addedCharacteristics: [String] { characteristic + (sdh ? MediaCharacteristic.subtitlesForDeafAndHardOfHearing : []) }
}
