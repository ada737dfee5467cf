/// The samples of a track the engine adds, held in memory (subtitle samples are small), and
/// written as one chunk.
struct NewTrackMedia: Sendable {
    let trackID: UInt32
    /// Every sample's bytes, back to back.
    let bytes: [UInt8]
    let sampleCount: Int
}
