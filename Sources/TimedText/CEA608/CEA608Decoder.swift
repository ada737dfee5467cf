/// Turns a CEA-608 byte-pair stream into cues, the way a caption decoder would show it
/// (ANSI/CTA-608-E §6–§8).
///
/// Feed every pair of both fields in time order with ``decode(_:field:at:)``, then call
/// ``finish(at:)``. Each of the four channels keeps its own displayed and non-displayed
/// memory: pop-on captions (RCL … EOC) load off screen and appear when the memories flip;
/// roll-up (RU2–RU4, CR) and paint-on (RDC) captions are written on screen. A cue lasts while
/// the screen shows the same thing, characters being added aside: it ends when the memories flip,
/// the screen is erased, a roll-up line scrolls, or text is taken away. Two-byte codes sent twice
/// in a row count once. XDS packets and the text service are skipped, bad parity and unassigned
/// codes are counted (``CEA608DecodeReport``); nothing in the input makes the decoder fail.
public struct CEA608Decoder: Sendable {
    private struct FieldState {
        /// The data channel (1 or 2) the last two-byte code chose; characters go to it.
        var dataChannel: Int?
        /// The last pair, when it was a two-byte code: the same code right after it is its repeat.
        var lastCode: CEA608BytePair?
        var inXDS = false
    }

    private enum Mode: Equatable {
        case none, popOn, rollUp(depth: Int), paintOn, text
    }

    private struct ChannelState {
        var mode = Mode.none
        var displayed = CEA608Screen()
        var nonDisplayed = CEA608Screen()
        var row = 15
        var column = 0
        var attributes = CEA608TextAttributes()
        /// The roll-up base row.
        var baseRow = 15
        /// Since when the displayed memory has shown what it shows; nil while it is empty.
        var shownSince: SubtitleTime?
        var cues: [Cue] = []

        var writesOnScreen: Bool {
            switch mode {
            case .rollUp, .paintOn: true
            default: false
            }
        }

        /// Ends the cue showing now, applies `change` to the displayed memory, and starts the
        /// next cue if the screen still shows something.
        mutating func changeDisplay(at time: SubtitleTime, _ change: (inout CEA608Screen) -> Void) {
            if let since = shownSince, time > since, let cue = displayed.cue(start: since, end: time) {
                cues.appendMerging(cue)
            }
            change(&displayed)
            shownSince = displayed.isEmpty ? nil : time
        }

        /// Writes a character at the cursor of the memory the mode writes to.
        mutating func write(_ character: Character, at time: SubtitleTime, advance: Bool = true) {
            let cell = CEA608Screen.Cell(character: character, attributes: attributes)
            if writesOnScreen {
                if let old = displayed[row, column], old != cell, old.character != " " {
                    let (row, column) = (row, column)
                    changeDisplay(at: time) { $0[row, column] = cell }
                } else {
                    displayed[row, column] = cell
                    if shownSince == nil { shownSince = time }
                }
            } else {
                nonDisplayed[row, column] = cell
            }
            if advance { column = min(column + 1, CEA608Screen.columnCount - 1) }
        }

        mutating func eraseOnScreenOrOff(at time: SubtitleTime, _ erase: (inout CEA608Screen) -> Bool) {
            if writesOnScreen {
                var copy = displayed
                if erase(&copy) { changeDisplay(at: time) { $0 = copy } }
            } else {
                _ = erase(&nonDisplayed)
            }
        }
    }

    private var fields = [FieldState(), FieldState()]
    private var channels = [ChannelState](repeating: ChannelState(), count: 4)
    private var report = CEA608DecodeReport()

    /// Creates a decoder with all memories empty.
    public init() {}

    /// Decodes one pair of `field`, received at `time`.
    public mutating func decode(_ pair: CEA608BytePair, field: CEA608Field, at time: SubtitleTime) {
        report.pairs += 1
        let fieldIndex = field.rawValue - 1
        let command = CEA608Command(pair, field: field)
        if case let .xds(isEnd) = command {
            fields[fieldIndex].inXDS = !isEnd
            fields[fieldIndex].lastCode = nil
            if isEnd { report.xdsPackets += 1 }
            return
        }
        // XDS data runs until its end code, or until a caption code interrupts it.
        if fields[fieldIndex].inXDS {
            guard command.isTwoByteCode || command == .parityError else { return }
            fields[fieldIndex].inXDS = false
        }
        if command.isTwoByteCode {
            if fields[fieldIndex].lastCode == pair {
                fields[fieldIndex].lastCode = nil
                return
            }
            fields[fieldIndex].lastCode = pair
        } else {
            fields[fieldIndex].lastCode = nil
        }
        switch command {
        case .padding, .xds:
            return
        case .parityError:
            report.parityErrors += 1
            return
        case .unassigned:
            report.unassignedCodes += 1
            return
        case .characters(let characters):
            report.parityErrors += [pair.first, pair.second].filter { $0 & 0x7F != 0 && !CEA608Parity.isValid($0) }.count
            guard let dataChannel = fields[fieldIndex].dataChannel else {
                report.charactersWithoutChannel += characters.count
                return
            }
            let index = CEA608Channel(field: field, dataChannel: dataChannel).index
            guard channels[index].mode != .text, channels[index].mode != .none else {
                if channels[index].mode == .text { report.textServiceCharacters += characters.count }
                return
            }
            for character in characters { channels[index].write(character, at: time) }
        default:
            guard let dataChannel = command.dataChannel else { return }
            fields[fieldIndex].dataChannel = dataChannel
            Self.apply(command, to: &channels[CEA608Channel(field: field, dataChannel: dataChannel).index], report: &report, at: time)
        }
    }

    /// Ends every cue still shown at `time` and returns the cues of all channels.
    public mutating func finish(at time: SubtitleTime) -> CEA608Captions {
        var cues: [CEA608Channel: [Cue]] = [:]
        for channel in CEA608Channel.allCases {
            var state = channels[channel.index]
            state.changeDisplay(at: time) { $0.clear() }
            if !state.cues.isEmpty { cues[channel] = state.cues }
        }
        return CEA608Captions(cues: cues, report: report)
    }

    private static func apply(_ command: CEA608Command, to state: inout ChannelState, report: inout CEA608DecodeReport,
                              at time: SubtitleTime) {
        switch command {
        case let .control(code, _):
            apply(code, to: &state, at: time)
        case let .preamble(pac, _):
            if case let .rollUp(depth) = state.mode, pac.row != state.baseRow {
                let (old, depth) = (state.baseRow, depth)
                state.changeDisplay(at: time) { $0.moveWindow(from: old, to: pac.row, depth: depth) }
                state.baseRow = pac.row
            }
            state.row = pac.row
            state.column = pac.indent
            state.attributes = pac.attributes
        case let .midRow(attributes, _):
            // Italics keep the colour; a colour turns italics off (CTA-608-E §6.2).
            if attributes.isItalic {
                state.attributes.isItalic = true
            } else {
                state.attributes.color = attributes.color
                state.attributes.isItalic = false
            }
            state.attributes.isUnderlined = attributes.isUnderlined
            // A mid-row code shows as a space.
            if state.mode != .none && state.mode != .text { state.write(" ", at: time) }
        case let .tabOffset(columns, _):
            state.column = min(state.column + columns, CEA608Screen.columnCount - 1)
        case let .special(character, _):
            guard state.mode != .none else { return }
            if state.mode == .text { report.textServiceCharacters += 1; return }
            state.write(character, at: time)
        case let .extended(character, _):
            guard state.mode != .none else { return }
            if state.mode == .text { report.textServiceCharacters += 1; return }
            // An extended character replaces the stand-in sent before it.
            state.column = max(state.column - 1, 0)
            state.write(character, at: time)
        case .optionalAttribute:
            report.ignoredAttributes += 1
        default:
            break
        }
    }

    private static func apply(_ code: CEA608ControlCode, to state: inout ChannelState, at time: SubtitleTime) {
        switch code {
        case .resumeCaptionLoading:
            state.mode = .popOn
        case .resumeDirectCaptioning:
            state.mode = .paintOn
        case .rollUp2, .rollUp3, .rollUp4:
            let depth = code == .rollUp2 ? 2 : code == .rollUp3 ? 3 : 4
            if case .rollUp = state.mode {
                let window = CEA608Screen.window(baseRow: state.baseRow, depth: depth)
                if state.displayed.hasContent(outside: window) { state.changeDisplay(at: time) { $0.keepOnly(window) } }
            } else {
                // Entering roll-up erases both memories (CTA-608-E §6.3).
                state.changeDisplay(at: time) { $0.clear() }
                state.nonDisplayed.clear()
                state.baseRow = 15
                state.row = 15
                state.column = 0
            }
            state.mode = .rollUp(depth: depth)
        case .textRestart, .resumeTextDisplay:
            state.mode = .text
        case .eraseDisplayedMemory:
            state.changeDisplay(at: time) { $0.clear() }
        case .eraseNonDisplayedMemory:
            state.nonDisplayed.clear()
        case .endOfCaption:
            let loaded = state.nonDisplayed
            state.nonDisplayed = state.displayed
            state.changeDisplay(at: time) { $0 = loaded }
            state.mode = .popOn
        case .carriageReturn:
            guard case let .rollUp(depth) = state.mode else { return }
            let base = state.baseRow
            state.changeDisplay(at: time) { $0.rollUp(baseRow: base, depth: depth) }
            state.row = base
            state.column = 0
        case .backspace:
            guard state.column > 0 else { return }
            state.column -= 1
            let (row, column) = (state.row, state.column)
            // On screen (paint-on, roll-up) a character taken away ends the cue showing, as DER does.
            state.eraseOnScreenOrOff(at: time) { screen in
                guard screen[row, column] != nil else { return false }
                screen[row, column] = nil
                return true
            }
        case .deleteToEndOfRow:
            let (row, column) = (state.row, state.column)
            state.eraseOnScreenOrOff(at: time) { $0.eraseRow(row, from: column) }
        case .alarmOff, .alarmOn, .flashOn:
            break
        }
    }
}

extension CEA608Channel {
    /// 0–3, for per-channel arrays.
    var index: Int {
        switch self {
        case .cc1: 0
        case .cc2: 1
        case .cc3: 2
        case .cc4: 3
        }
    }
}
