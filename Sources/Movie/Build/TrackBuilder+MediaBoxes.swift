import ISOBMFF

extension TrackBuilder {
    /// `hdlr` of `type` named `name`, in the file's form: QuickTime's component type `mhlr` and
    /// a Pascal name (QTFF "Handler reference atom"), or ISO's NUL-terminated name (ISO/IEC
    /// 14496-12 §8.4.3).
    public static func handler(_ type: FourCC, name: String, isQuickTime: Bool) -> Box {
        var handler = HandlerBox(handlerType: type, name: name, componentType: isQuickTime ? "mhlr" : FourCC(rawValue: 0))
        if isQuickTime { handler.nameForm = .pascal }
        return handler.makeBox()
    }

    /// The null media header, for media with none of their own (ISO/IEC 14496-12 §8.4.5.2).
    public static let nullMediaHeader = Box(type: "nmhd", payload: [0, 0, 0, 0])

    /// The sound media header, balance 0 (ISO/IEC 14496-12 §12.2.2; QTFF "Sound media
    /// information header atom").
    public static let soundMediaHeader = Box(type: "smhd", payload: [0, 0, 0, 0, 0, 0, 0, 0])

    /// The subtitle media header of a `subt` track (ISO/IEC 14496-12 §12.6.2).
    public static let subtitleMediaHeader = Box(type: "sthd", payload: [0, 0, 0, 0])

    /// QuickTime's base media information header, `gmhd` holding `gmin` (graphics mode
    /// ditherCopy, opcolor 0x8000 ×3, balance 0; QTFF "Base media info atom"), then `extra`.
    public static func baseMediaHeader(_ extra: [Box] = []) -> Box {
        Box(type: "gmhd", children: [
            Box(type: "gmin", payload: [0, 0, 0, 0, 0x00, 0x40, 0x80, 0x00, 0x80, 0x00, 0x80, 0x00, 0, 0, 0, 0]),
        ] + extra)
    }

    /// `dinf` with one self-contained `url ` entry: the samples are in this file (ISO/IEC
    /// 14496-12 §8.7.2).
    public static let selfContainedData = Box(type: "dinf", children: [
        Box(type: "dref", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: [Box(type: "url ", payload: [0, 0, 0, 1])], countsChildren: true),
    ])

    /// `stsd` holding `entries` (ISO/IEC 14496-12 §8.5.2), of `version` 1 when one of them is
    /// an AudioSampleEntryV1 (§12.2.3): the clause requires it, and ffmpeg's reader tells that
    /// entry from QuickTime's sound description of version 1 by it.
    public static func sampleDescriptions(_ entries: [Box], version: UInt8 = 0) -> Box {
        Box(type: "stsd", prefix: [version, 0, 0, 0, 0, 0, 0, 0], children: entries, countsChildren: true)
    }
}
