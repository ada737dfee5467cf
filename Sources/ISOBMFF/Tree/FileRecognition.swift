extension BoxFile {
    /// Box types that may start a QuickTime or MPEG-4 file (QTFF "Atoms"; the file-level boxes of
    /// ISO/IEC 14496-12 Table 1). A first box of another type that runs past the end of the file
    /// is a text or other file whose first bytes merely read as a size.
    static let fileLevelTypes: Set<FourCC> = [
        "ftyp", "moov", "mdat", "free", "skip", "wide", "moof", "meta", "uuid", "styp", "sidx", "pdin", "mfra",
    ]

    /// Why the file is not a QuickTime or MPEG-4 file at all, or nil when it is one, however
    /// damaged: a real file cut short or with a bad size keeps its ``damage`` and warnings, and a
    /// media segment (`styp`, `moof`) is a file of boxes too.
    ///
    /// Both formats are a sequence of boxes, each starting with a 32-bit size and a printable
    /// four-character type (ISO/IEC 14496-12 §4.2). An empty file, a first type that is not
    /// printable, or an unknown first type whose size runs past the end of the file (what the
    /// first bytes of a text file read as) mean the file is something else. That concerns the
    /// whole file, so the error has no location.
    public var unrecognizedFormatError: BoxError? {
        guard source.size > 0 else { return Self.notBoxes("it is empty") }
        let startsWithBox: Bool
        if let first = boxes.first {
            startsWithBox = first.type.isPlausibleBoxType
                && (first.missingBytes == 0 || Self.fileLevelTypes.contains(first.type))
        } else {
            // The first header could not be used (too short, impossible size, over a limit): the
            // file is still a damaged movie if that header names a file-level box.
            startsWithBox = firstHeaderType.map(Self.fileLevelTypes.contains) ?? false
        }
        return startsWithBox ? nil : Self.notBoxes("it does not start with a box header")
    }

    /// The type field of the first box header, if the file is long enough to hold one.
    private var firstHeaderType: FourCC? {
        guard source.size >= 8, let bytes = try? source.read(at: 4, count: 4) else { return nil }
        var reader = ByteReader(bytes)
        return try? reader.readFourCC()
    }

    private static func notBoxes(_ reason: String) -> BoxError {
        BoxError(.notAMovie("not a QuickTime or MPEG-4 file: \(reason)"), at: nil)
    }
}
