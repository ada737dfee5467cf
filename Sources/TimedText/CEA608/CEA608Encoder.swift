/// Turns cues into CEA-608 pop-on captions on a frame grid (CTA-608-E §6–§7, with the
/// transmission practice of its Annex on pop-on captioning).
///
/// Overlapping cues are first laid out as a ``CueTimeline``: every stretch of time with the same
/// cues shown is one caption. Each caption is broken into at most 4 rows of 32 columns
/// (`CEA608CaptionLayout`), placed by the cue's `line:`/`position:` settings or at the bottom
/// (top for top-placed cues), centred, and sent as `RCL ENM`, a PAC (and tab offset) per row, the
/// characters (a mid-row code where the style changes, a stand-in before each extended
/// character), then `EOC` on the frame the cue starts, loaded into non-displayed memory while the
/// caption before it still shows. `EDM` clears the screen when a cue ends with nothing after it.
/// Every control code is sent twice in consecutive frames, as the standard recommends; frames
/// with nothing to send are left empty (a reader takes them as `0x80 0x80` padding).
///
/// The channel carries one pair a frame: when a caption cannot be loaded before its start it
/// appears late, and a warning says by how many frames. What 608 cannot show is left out with a
/// warning naming the cue: characters without a 608 form, rows beyond 4, bold, other colours.
public enum CEA608Encoder {
    /// The pairs of `cues` for `channel` on `frameRate`'s grid, as bursts of consecutive frames;
    /// a burst starts at every `EOC` and `EDM`, so a reader that takes a burst's pairs at its
    /// start still shows and clears each caption on its frame.
    public static func encode(_ cues: [Cue], channel: CEA608Channel = .cc1, frameRate: CEA608FrameRate = .ntsc) -> CEA608Encoding {
        var warnings: [CEA608EncodingWarning] = []
        let captions = layOut(cues, frameRate: frameRate, warnings: &warnings)
        var schedule = Schedule()
        let clear = doubled(CEA608ControlCode.eraseDisplayedMemory.pair(on: channel))
        let flip = doubled(CEA608ControlCode.endOfCaption.pair(on: channel))
        var pendingClear: Int64?
        for (position, caption) in captions.enumerated() {
            let atoms = loadAtoms(caption.layout, channel: channel)
            let length = Int64(atoms.reduce(0) { $0 + $1.count })
            var frame = max(schedule.next, caption.start - length)
            // A clear due while the caption loads takes two of its frames: start that much earlier.
            if let due = pendingClear, due >= frame { frame = max(schedule.next, frame - Int64(clear.count)) }
            for atom in atoms {
                if let due = pendingClear, due < frame + Int64(atom.count) {
                    schedule.emit(clear, at: max(due, schedule.next), startsBurst: true)
                    pendingClear = nil
                    frame = max(frame, schedule.next)
                }
                schedule.emit(atom, at: frame)
                frame = schedule.next
            }
            if let due = pendingClear {
                schedule.emit(clear, at: max(due, schedule.next), startsBurst: true)
                pendingClear = nil
            }
            let shown = max(schedule.next, caption.start)
            if shown > caption.start {
                warnings.append(CEA608EncodingWarning(cues: caption.cueNumbers, kind: .late(frames: shown - caption.start)))
            }
            schedule.emit(flip, at: shown, startsBurst: true)
            let nextStart = position + 1 < captions.count ? captions[position + 1].start : Int64.max
            // A caption that the next one follows at once is replaced by its EOC, not cleared.
            if caption.end < nextStart { pendingClear = max(caption.end, schedule.next) }
        }
        if let due = pendingClear { schedule.emit(clear, at: max(due, schedule.next), startsBurst: true) }
        return CEA608Encoding(channel: channel, frameRate: frameRate, bursts: schedule.bursts, warnings: merged(warnings))
    }

    /// One warning per kind of loss, and one for every late caption (as late as the latest),
    /// each naming every cue it concerns: a long file's many late captions are one line, not
    /// one per caption.
    private static func merged(_ warnings: [CEA608EncodingWarning]) -> [CEA608EncodingWarning] {
        var result: [CEA608EncodingWarning] = []
        var lateCues: [Int] = []
        var latest: Int64?
        for warning in warnings {
            if case .late(let frames) = warning.kind {
                lateCues += warning.cues
                latest = max(latest ?? frames, frames)
            } else if let index = result.firstIndex(where: { $0.kind == warning.kind }) {
                result[index].cues += warning.cues
            } else {
                result.append(warning)
            }
        }
        if let latest { result.append(CEA608EncodingWarning(cues: lateCues, kind: .late(frames: latest))) }
        return result.map { CEA608EncodingWarning(cues: Array(Set($0.cues)).sorted(), kind: $0.kind) }
    }

    /// A caption: its frames and layout, and the input cues it shows.
    private struct Caption {
        var start: Int64
        var end: Int64
        var layout: CEA608CaptionLayout
        var cueNumbers: [Int]
    }

    private static func layOut(_ cues: [Cue], frameRate: CEA608FrameRate, warnings: inout [CEA608EncodingWarning]) -> [Caption] {
        let timeline: CueTimeline
        do throws(CueTimelineError) {
            timeline = try CueTimeline(cues: cues, timescale: frameRate.timescale)
        } catch {
            return []
        }
        for diagnostic in timeline.diagnostics {
            warnings.append(CEA608EncodingWarning(cues: [], kind: .dropped(diagnostic.message)))
        }
        var captions: [Caption] = []
        var reported: Set<[Int]> = []
        let duration = Int64(frameRate.frameDuration)
        for sample in timeline.samples where !sample.isEmpty {
            let start = (sample.start + duration / 2) / duration
            let end = (sample.start + sample.duration + duration / 2) / duration
            guard end > start else { continue }
            var text: [StyledRun] = []
            for cue in sample.cues {
                if !text.isEmpty { text.append(StyledRun("\n")) }
                text += cue.text.runs
            }
            let first = sample.cues[0]
            let layout = CEA608CaptionLayout(text: CueText(runs: text), placement: first.placement, settings: first.settings)
            let numbers = sample.cueIndices.map { $0 + 1 }
            // Each loss is reported once per set of cues, not for every piece of an overlap.
            if reported.insert(numbers).inserted {
                if !layout.unmappable.isEmpty { warnings.append(CEA608EncodingWarning(cues: numbers, kind: .unmappableCharacters(layout.unmappable))) }
                if let rows = layout.tooManyRows { warnings.append(CEA608EncodingWarning(cues: numbers, kind: .tooManyRows(rows))) }
                if layout.wordSplit { warnings.append(CEA608EncodingWarning(cues: numbers, kind: .wordSplit)) }
                for style in layout.unsupportedStyles { warnings.append(CEA608EncodingWarning(cues: numbers, kind: .unsupportedStyle(style))) }
            }
            if let last = captions.last, last.end == start, last.cueNumbers == numbers { continue }
            captions.append(Caption(start: start, end: end, layout: layout, cueNumbers: numbers))
        }
        return captions
    }

    /// The pairs that load a caption into non-displayed memory, in groups that must be sent in
    /// consecutive frames (a doubled code, a stand-in and its extended character's codes).
    private static func loadAtoms(_ layout: CEA608CaptionLayout, channel: CEA608Channel) -> [[CEA608BytePair]] {
        var atoms: [[CEA608BytePair]] = [
            doubled(CEA608ControlCode.resumeCaptionLoading.pair(on: channel)),
            doubled(CEA608ControlCode.eraseNonDisplayedMemory.pair(on: channel)),
        ]
        let channelBit: UInt8 = channel.dataChannel == 2 ? 0x08 : 0
        for row in layout.rows {
            guard let firstCell = row.cells.first, case let .character(_, firstAttributes) = firstCell else { continue }
            var column = row.column
            let plain = firstAttributes.color == .white && !firstAttributes.isItalic
            if !plain && column > 0 {
                // The style comes from a mid-row code in the cell before the text.
                column -= 1
            }
            if plain || column > 0 {
                let pac = CEA608PreambleAddressCode(row: row.number, indent: column / 4 * 4,
                                                    attributes: CEA608TextAttributes(isUnderlined: plain && firstAttributes.isUnderlined))
                atoms.append(doubled(pac.pair(on: channel)))
                if column % 4 > 0 { atoms.append(doubled(CEA608ControlCode.tabOffset(column % 4, on: channel))) }
                if !plain { atoms.append(doubled(midRow(firstAttributes, channelBit: channelBit))) }
            } else {
                atoms.append(doubled(CEA608PreambleAddressCode(row: row.number, attributes: firstAttributes).pair(on: channel)))
            }
            var pending: [UInt8] = []
            func flush(keepingOdd: Bool = false) {
                while pending.count >= 2 {
                    atoms.append([CEA608BytePair(data: pending[0], pending[1])])
                    pending.removeFirst(2)
                }
                if !keepingOdd, let last = pending.first {
                    atoms.append([CEA608BytePair(data: last, 0)])
                    pending.removeAll()
                }
            }
            for cell in row.cells {
                switch cell {
                case .attributes(let attributes):
                    flush()
                    atoms.append(doubled(midRow(attributes, channelBit: channelBit)))
                case .character(let character, _):
                    switch CEA608CharacterSet.code(for: character) {
                    case .standard(let byte)?:
                        pending.append(byte)
                    case .special(let second)?:
                        flush()
                        atoms.append(doubled(CEA608BytePair(data: 0x11 | channelBit, second)))
                    case let .extended(first, second, fallback)?:
                        pending.append(fallback)
                        flush()
                        atoms.append(doubled(CEA608BytePair(data: first | channelBit, second)))
                    case nil:
                        break
                    }
                }
            }
            flush()
        }
        return atoms
    }

    private static func midRow(_ attributes: CEA608TextAttributes, channelBit: UInt8) -> CEA608BytePair {
        CEA608BytePair(data: 0x11 | channelBit, 0x20 | attributes.code)
    }

    private static func doubled(_ pair: CEA608BytePair) -> [CEA608BytePair] { [pair, pair] }

    /// Pairs placed on frames, grouped into bursts as they are emitted.
    private struct Schedule {
        var bursts: [CEA608Burst] = []
        /// The first frame not yet used.
        var next: Int64 = 0

        mutating func emit(_ pairs: [CEA608BytePair], at frame: Int64, startsBurst: Bool = false) {
            let frame = max(frame, next)
            if !startsBurst, frame == next, !bursts.isEmpty {
                bursts[bursts.count - 1].pairs += pairs
            } else {
                bursts.append(CEA608Burst(frame: frame, pairs: pairs))
            }
            next = frame + Int64(pairs.count)
        }
    }
}

/// Cues encoded as CEA-608 byte pairs of one channel.
public struct CEA608Encoding: Sendable, Equatable {
    /// The channel the pairs are for.
    public var channel: CEA608Channel
    /// The grid the bursts' frames count on.
    public var frameRate: CEA608FrameRate
    /// The bursts, in frame order, frames counted on ``frameRate``'s grid from 0.
    public var bursts: [CEA608Burst]
    /// What could not be carried, or not on time.
    public var warnings: [CEA608EncodingWarning]
}
