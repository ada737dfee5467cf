/// Why a kind of metadata matters for privacy, or why it is safe: the groups a user can keep
/// or remove as a whole (`legible strip --keep location`).
public enum SharingCategory: String, Sendable, Hashable, CaseIterable, Codable {
    /// Where the movie was made: coordinates, place names, direction, timed location.
    case location
    /// The device and software that made it: make, model, serial numbers, lens, firmware.
    case device
    /// People: authors, owners, faces, purchaser accounts, comments and keywords a user typed.
    case people
    /// When it was made, and identifiers that tie it to other captures (Live Photo pairs).
    case captureTime = "capture-time"
    /// Camera state over time and device debug data.
    case camera
    /// What the movie needs to play and be navigated: track names, languages, characteristics,
    /// chapters, references, playback hints.
    case structure
    /// What its author made on purpose: titles, descriptions, artwork, copyright.
    case authored
    /// Store identifiers of a purchased movie.
    case commerce
    /// Items and boxes the filter does not know: custom keys could hold anything.
    case unknown
}
