/// One caption memory of a CEA-608 decoder: 15 rows of 32 columns (CTA-608-E §6.1, "Screen
/// layout"), each cell empty or a character with its attributes.
struct CEA608Screen: Equatable {
    struct Cell: Equatable {
        var character: Character
        var attributes: CEA608TextAttributes
    }

    static let rowCount = 15
    static let columnCount = 32

    /// Row-major: row r (1-based), column c at `(r - 1) * 32 + c`.
    private var cells = [Cell?](repeating: nil, count: rowCount * columnCount)
    /// How many cells of each row (0-based) hold something, so that emptiness, a row's or the
    /// screen's, costs nothing to ask.
    private var occupiedInRow = [Int](repeating: 0, count: rowCount)
    /// How many cells hold something.
    private var occupied = 0

    var isEmpty: Bool { occupied == 0 }

    /// The cell at a 1-based row and 0-based column (clamped into the screen).
    subscript(row: Int, column: Int) -> Cell? {
        get { cells[Self.index(row, column)] }
        set {
            let index = Self.index(row, column)
            let change = (newValue == nil ? 0 : 1) - (cells[index] == nil ? 0 : 1)
            occupied += change
            occupiedInRow[index / Self.columnCount] += change
            cells[index] = newValue
        }
    }

    /// Empties the memory in place (a decoder clears it for every caption).
    mutating func clear() {
        guard occupied > 0 else { return }
        for row in 1...Self.rowCount where rowHasContent(row) { eraseRow(row) }
    }

    /// Whether a row (1-based) holds anything.
    private func rowHasContent(_ row: Int) -> Bool { occupiedInRow[min(max(row, 1), Self.rowCount) - 1] > 0 }

    /// The cells of a row.
    private func row(_ row: Int) -> ArraySlice<Cell?> {
        let start = Self.index(row, 0)
        return cells[start..<start + Self.columnCount]
    }

    /// Erases `row` from `column` to its end; whether anything was there.
    @discardableResult
    mutating func eraseRow(_ row: Int, from column: Int = 0) -> Bool {
        guard rowHasContent(row) else { return false }
        var had = false
        for position in Self.columnIndex(column)..<Self.columnCount where self[row, position] != nil {
            self[row, position] = nil
            had = true
        }
        return had
    }

    /// Whether any row outside `rows` holds something.
    func hasContent(outside rows: ClosedRange<Int>) -> Bool {
        (1...Self.rowCount).contains { !rows.contains($0) && rowHasContent($0) }
    }

    /// Keeps only `rows`, erasing the rest.
    mutating func keepOnly(_ rows: ClosedRange<Int>) {
        for row in 1...Self.rowCount where !rows.contains(row) { eraseRow(row) }
    }

    /// Roll-up (CTA-608-E §6.3 "Carriage Return"): the rows of the window ending at `baseRow`
    /// move up one, the base row is emptied, and what leaves the window is erased.
    mutating func rollUp(baseRow: Int, depth: Int) {
        let window = Self.window(baseRow: baseRow, depth: depth)
        for row in window.lowerBound..<window.upperBound {
            for column in 0..<Self.columnCount { self[row, column] = self[row + 1, column] }
        }
        eraseRow(window.upperBound)
        keepOnly(window)
    }

    /// Moves the roll-up window so that its bottom row is `newBase`.
    mutating func moveWindow(from oldBase: Int, to newBase: Int, depth: Int) {
        let old = Self.window(baseRow: oldBase, depth: depth)
        let rows = old.map { Array(row($0)) }
        clear()
        let new = Self.window(baseRow: newBase, depth: depth)
        for (offset, cells) in rows.suffix(new.count).enumerated() {
            for (column, cell) in cells.enumerated() { self[new.lowerBound + offset, column] = cell }
        }
    }

    /// The rows of a roll-up window: `depth` rows ending at `baseRow`, kept on the screen.
    static func window(baseRow: Int, depth: Int) -> ClosedRange<Int> {
        let base = min(max(baseRow, 1), rowCount)
        return max(1, base - depth + 1)...base
    }

    /// The text shown, as a cue: each row with content becomes a line (spaces at either end
    /// left out), with its colours, italics and underline; placed at the first row and column
    /// as the W3C's 608-to-WebVTT mapping does (the 15 rows and 32 columns span the middle 80 %
    /// of the picture).
    func cue(start: SubtitleTime, end: SubtitleTime) -> Cue? {
        var runs: [StyledRun] = []
        var firstRow: Int?
        var firstColumn = Self.columnCount
        func isShown(_ cell: Cell?) -> Bool { cell != nil && cell?.character != " " }
        for number in 1...Self.rowCount where rowHasContent(number) {
            let row = self.row(number)
            guard let first = row.firstIndex(where: isShown), let last = row.lastIndex(where: isShown) else { continue }
            if firstRow != nil { runs.append(StyledRun("\n")) }
            firstRow = firstRow ?? number
            firstColumn = min(firstColumn, first - row.startIndex)
            // A run per stretch of one style, as CueText would merge the characters' runs.
            for cell in row[first...last] {
                let style = cell?.attributes.textStyle ?? TextStyle()
                let character = cell?.character ?? " "
                if let lastRun = runs.last, lastRun.style == style, lastRun.timestamp == nil, lastRun.text != "\n" {
                    runs[runs.count - 1].text.append(character)
                } else {
                    runs.append(StyledRun(String(character), style: style))
                }
            }
        }
        guard let firstRow else { return nil }
        let line = 10 + Double(firstRow - 1) * 80 / Double(Self.rowCount)
        let position = 10 + Double(firstColumn) * 80 / Double(Self.columnCount)
        let settings = CueSettings(line: CueSettings.CueLine(.percentage((line * 100).rounded() / 100), alignment: .start),
                                   position: CueSettings.CuePosition(position, alignment: .lineLeft), align: .left)
        return Cue(start: start, end: end, text: CueText(runs: runs), settings: settings,
                   placement: firstRow <= 7 ? .top : .bottom)
    }

    private static func index(_ row: Int, _ column: Int) -> Int { (min(max(row, 1), rowCount) - 1) * columnCount + columnIndex(column) }
    private static func columnIndex(_ column: Int) -> Int { min(max(column, 0), columnCount - 1) }
}
