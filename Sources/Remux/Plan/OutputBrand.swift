import ISOBMFF

/// The kind of file written: it decides the `ftyp` and QuickTime-only details (the `sbtl`
/// handler name form).
public enum OutputBrand: String, Sendable, CaseIterable {
    /// QuickTime movie (`qt  `).
    case mov
    /// MPEG-4 (`isom`, `mp42`).
    case mp4
    /// Apple's MPEG-4 video (`M4V `).
    case m4v

    /// The brand a file name's extension asks for, nil for other extensions.
    public init?(path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".mov") || lowered.hasSuffix(".qt") {
            self = .mov
        } else if lowered.hasSuffix(".mp4") {
            self = .mp4
        } else if lowered.hasSuffix(".m4v") {
            self = .m4v
        } else {
            return nil
        }
    }

    /// The `ftyp` for this brand (QTFF "File type compatibility atom": a QuickTime movie lists
    /// `qt  ` as a compatible brand; ISO/IEC 14496-12 §4.3).
    public var fileType: FileTypeBox {
        switch self {
        case .mov: FileTypeBox(majorBrand: "qt  ", minorVersion: 0x200, compatibleBrands: ["qt  "])
        case .mp4: FileTypeBox(majorBrand: "isom", minorVersion: 0x200, compatibleBrands: ["isom", "iso2", "mp41", "mp42"])
        case .m4v: FileTypeBox(majorBrand: "M4V ", minorVersion: 0x200, compatibleBrands: ["M4V ", "M4A ", "mp42", "isom"])
        }
    }

    /// Whether QuickTime conventions apply.
    public var isQuickTime: Bool { self == .mov }
}
