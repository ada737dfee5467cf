import Conversion
/// Cues held against an end time, the movie's: which start at or after it (left out) and which
/// run past it (cut there), as ``CueTimeline/init(cues:timescale:clippedAt:)`` treats them. Cue
/// numbers count from 1 in input order, as messages name them.
public struct CuesPastEnd: Sendable, Equatable {
    /// Numbers of the cues that start at or after the end.
    public let leftOut: [Int]
    /// Numbers of the cues that start before the end and end after it.
    public let cut: [Int]
    /// The end the cues were held to.
    public let end: SubtitleTime

    /// Holds `cues` against `end`: which are left out and which are cut.
    public init(_ cues: [Cue], end: SubtitleTime) {
        var leftOut: [Int] = []
        var cut: [Int] = []
        for (index, cue) in cues.enumerated() where cue.end > end {
            if cue.start >= end { leftOut.append(index + 1) } else { cut.append(index + 1) }
        }
        self.leftOut = leftOut
        self.cut = cut
        self.end = end
    }

    /// The first cue past the end, by number: what a refusal names.
    public var firstPastEnd: Int? { [leftOut.first, cut.first].compactMap { $0 }.min() }

    /// What the clipping lost, one entry per kind: cues left out, cues cut.
    public var losses: [ConversionLoss] { ConversionLoss.heldToMovieEnd(.cue, leftOut: leftOut, cut: cut, end: end) }
}

/// Losses of holding a new track to the movie's end.
extension ConversionLoss {
    /// The losses of holding a new track to the movie's end (`PastEndPolicy.clip`): the
    /// cues, chapters or groups left out for starting at or after `end`, and those cut there.
    public static func heldToMovieEnd(_ subject: Subject, leftOut: [Int], cut: [Int], end: SubtitleTime) -> [ConversionLoss] {
        var losses: [ConversionLoss] = []
        // A chapter marks a point in the movie, which cannot grow to hold it.
        let extendable = subject != .chapter
        if !leftOut.isEmpty {
            losses.append(ConversionLoss(kind: .pastMovieEnd, subject: subject, numbers: leftOut,
                                         message: "left out, starting at or after the movie's end (\(end))",
                                         hint: extendable ? "lengthening the movie keeps them" : nil))
        }
        if !cut.isEmpty {
            losses.append(ConversionLoss(kind: .cutAtMovieEnd, subject: subject, numbers: cut,
                                         message: "cut at the movie's end (\(end))", hint: "lengthening the movie keeps them whole"))
        }
        return losses
    }
}

/// Losses at the movie's end.
extension ConversionLoss.Kind {
    /// Cues, chapters or groups starting at or after the movie's end, left out (`PastEndPolicy`).
    public static let pastMovieEnd = Self(rawValue: "past-movie-end")
    /// Cues or groups running past the movie's end, cut there.
    public static let cutAtMovieEnd = Self(rawValue: "cut-at-movie-end")
}
