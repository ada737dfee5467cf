/// Byte pairs of one field sent in consecutive frames from `frame` on: an SCC line, or the pairs
/// of one closed-caption sample.
public struct CEA608Burst: Sendable, Hashable {
    /// The frame of the first pair, counted from 0 on the stream's frame grid.
    public var frame: Int64
    /// The pairs, one per frame.
    public var pairs: [CEA608BytePair]

    /// Creates a burst.
    public init(frame: Int64, pairs: [CEA608BytePair]) {
        self.frame = frame
        self.pairs = pairs
    }

    /// Whether every pair is padding.
    public var isPadding: Bool { pairs.allSatisfy(\.isPadding) }
}

extension CEA608Decoder {
    /// Decodes the bursts of both fields on `frameRate`'s grid; the cues still shown at the end
    /// end at `end`, or one frame after the last pair. Pair k of a burst is sent in frame
    /// `frame + k`, or, when the bursts before it overrun that frame, in the next free one: the
    /// line is one pair per frame, so late pairs wait their turn.
    public static func captions(field1: [CEA608Burst], field2: [CEA608Burst] = [], frameRate: CEA608FrameRate,
                                end: SubtitleTime? = nil) -> CEA608Captions {
        let first = scheduled(field1)
        let second = scheduled(field2)
        var decoder = CEA608Decoder()
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            if j >= second.count || (i < first.count && first[i].frame <= second[j].frame) {
                decoder.decode(first[i].pair, field: .one, at: frameRate.time(ofFrame: first[i].frame))
                i += 1
            } else {
                decoder.decode(second[j].pair, field: .two, at: frameRate.time(ofFrame: second[j].frame))
                j += 1
            }
        }
        let lastFrame = max(first.last?.frame ?? 0, second.last?.frame ?? 0)
        return decoder.finish(at: end ?? frameRate.time(ofFrame: lastFrame + 1))
    }

    /// Each pair with the frame it is sent in.
    private static func scheduled(_ bursts: [CEA608Burst]) -> [(frame: Int64, pair: CEA608BytePair)] {
        var result: [(frame: Int64, pair: CEA608BytePair)] = []
        result.reserveCapacity(bursts.reduce(0) { $0 + $1.pairs.count })
        var next = Int64.min
        for burst in bursts {
            var frame = max(burst.frame, next)
            for pair in burst.pairs {
                result.append((frame, pair))
                frame += 1
            }
            next = frame
        }
        return result
    }
}
