/// One pop-on caption laid out on the 608 screen: at most 4 rows of at most 32 cells, each cell a
/// character or a mid-row code (which shows as a space), and the losses found on the way.
struct CEA608CaptionLayout {
    enum Cell: Equatable {
        case character(Character, CEA608TextAttributes)
        /// A mid-row code switching to these attributes.
        case attributes(CEA608TextAttributes)

        var isSpace: Bool {
            switch self {
            case .character(let character, _): character == " "
            case .attributes: true
            }
        }
    }

    struct Row {
        var number: Int
        var column: Int
        var cells: [Cell]
    }

    static let maximumRows = 4

    var rows: [Row] = []
    var unmappable = ""
    var tooManyRows: Int?
    var wordSplit = false
    var unsupportedStyles: [String] = []

    init(text: CueText, placement: CuePlacement, settings: CueSettings) {
        unmappable = String(CEA608CharacterSet.charactersWithoutForm(in: text.plainText))
        var lines: [[Cell]] = [[]]
        var current = CEA608TextAttributes()
        for run in text.runs where run.style.ruby != .annotation {
            let attributes = attributes(of: run.style)
            for character in run.text {
                if character == "\n" {
                    lines.append([])
                    current = CEA608TextAttributes()
                    continue
                }
                // Left out; `unmappable` names it.
                guard CEA608CharacterSet.code(for: character) != nil else { continue }
                let cellAttributes = character == " " ? current : attributes
                if cellAttributes != current, !lines[lines.count - 1].isEmpty {
                    // A mid-row code takes a cell: it replaces the space before, or is added.
                    if lines[lines.count - 1].last?.isSpace == true { lines[lines.count - 1].removeLast() }
                    lines[lines.count - 1].append(.attributes(cellAttributes))
                }
                current = cellAttributes
                lines[lines.count - 1].append(.character(character, cellAttributes))
            }
        }
        var broken: [[Cell]] = []
        for line in lines { broken += wrapped(line) }
        broken = broken.map(Self.trimmed).filter { !$0.isEmpty }
        if broken.count > Self.maximumRows {
            tooManyRows = broken.count
            broken = Array(broken.prefix(Self.maximumRows))
        }
        let first = Self.firstRow(count: broken.count, placement: placement, settings: settings)
        let leftColumn = Self.leftColumn(settings)
        rows = broken.enumerated().map { offset, cells in
            let width = cells.count
            let column = leftColumn.map { min($0, CEA608Screen.columnCount - width) } ?? (CEA608Screen.columnCount - width) / 2
            return Row(number: first + offset, column: max(0, column), cells: cells)
        }
    }

    private mutating func attributes(of style: TextStyle) -> CEA608TextAttributes {
        var color = CEA608Color.white
        if let wanted = style.color {
            if let mapped = CEA608Color(wanted) {
                color = mapped
            } else if !unsupportedStyles.contains("colour \(wanted.hexString)") {
                unsupportedStyles.append("colour \(wanted.hexString)")
            }
        }
        // The encoder writes no background attribute codes (the captions keep the decoder's
        // black), and 608 has one font.
        var unsupported: [String] = style.isBold ? ["bold"] : []
        if let background = style.backgroundColor { unsupported.append("background colour \(background.hexString)") }
        if let family = style.fontFamily { unsupported.append("font family \(family)") }
        for name in unsupported where !unsupportedStyles.contains(name) { unsupportedStyles.append(name) }
        return CEA608TextAttributes(color: color, isItalic: style.isItalic, isUnderlined: style.isUnderlined)
    }

    /// Breaks a line into rows of at most 32 cells at spaces, splitting longer words.
    private mutating func wrapped(_ line: [Cell]) -> [[Cell]] {
        var rows: [[Cell]] = []
        var rest = line[...]
        while rest.count > CEA608Screen.columnCount {
            let window = rest.prefix(CEA608Screen.columnCount + 1)
            if let space = window.lastIndex(where: \.isSpace), space > rest.startIndex {
                rows.append(Array(rest[..<space]))
                // A mid-row code at the break must still take effect on the next row.
                if case .attributes = rest[space] { rest = rest[space...] } else { rest = rest[(space + 1)...] }
            } else {
                wordSplit = true
                rows.append(Array(rest.prefix(CEA608Screen.columnCount)))
                rest = rest.dropFirst(CEA608Screen.columnCount)
            }
        }
        rows.append(Array(rest))
        return rows
    }

    /// Without spaces at either end; a leading mid-row code is kept out too, the row's first
    /// character carrying its attributes.
    private static func trimmed(_ cells: [Cell]) -> [Cell] {
        guard let first = cells.firstIndex(where: { !$0.isSpace }), let last = cells.lastIndex(where: { !$0.isSpace }) else { return [] }
        return Array(cells[first...last])
    }

    /// The top row: from a `line:` percentage (the inverse of ``CEA608Screen/cue(start:end:)``),
    /// else rows 1… for top placement and …15 for bottom.
    private static func firstRow(count: Int, placement: CuePlacement, settings: CueSettings) -> Int {
        let lowest = CEA608Screen.rowCount - max(count, 1) + 1
        if settings.vertical == nil, case .percentage(let percentage)? = settings.line?.value {
            let row = Int(((percentage - 10) * Double(CEA608Screen.rowCount) / 80).rounded()) + 1
            return min(max(row, 1), lowest)
        }
        return placement == .top ? 1 : lowest
    }

    /// The column of left-aligned rows from a `position:` percentage aligned at its left, else
    /// nil (rows are centred).
    private static func leftColumn(_ settings: CueSettings) -> Int? {
        guard let position = settings.position, position.alignment == .lineLeft else { return nil }
        let column = Int(((position.percentage - 10) * Double(CEA608Screen.columnCount) / 80).rounded())
        return min(max(column, 0), CEA608Screen.columnCount - 1)
    }
}
