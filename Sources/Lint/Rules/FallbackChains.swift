import ISOBMFF
import Movie

/// Which tracks `fall` references join into one chain (Apple TN2429: a track in a less widely
/// supported encoding names one in a more widely supported one), whichever way they point.
struct FallbackChains {
    /// By track ID, the first track of its chain found, the chain's name.
    private var chainOf: [UInt32: UInt32] = [:]

    init(_ tracks: [Track]) {
        for track in tracks {
            for target in track.referencedTrackIDs(TrackReference.audioFallback) {
                join(track.id, target)
            }
        }
    }

    /// Whether `first` and `second` are tracks of one chain.
    func sameChain(_ first: UInt32, _ second: UInt32) -> Bool {
        guard let chain = root(first) else { return false }
        return chain == root(second)
    }

    private func root(_ id: UInt32) -> UInt32? {
        guard var current = chainOf[id] else { return nil }
        // Bounded by the number of tracks: each step goes to a track joined earlier.
        for _ in 0..<chainOf.count {
            guard let next = chainOf[current], next != current else { return current }
            current = next
        }
        return current
    }

    private mutating func join(_ first: UInt32, _ second: UInt32) {
        let a = root(first) ?? first, b = root(second) ?? second
        chainOf[a] = a
        chainOf[b] = a
    }
}
