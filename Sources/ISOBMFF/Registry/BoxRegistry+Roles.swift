extension BoxRegistry {
    /// The parts players need, per container: the allow-list of a privacy edit, which keeps a
    /// box of a reviewed container only when a row here names it (or when it holds metadata
    /// items decided one by one). Players skip boxes they do not know (ISO/IEC 14496-12 §4.2),
    /// so a box a player needs that is missing here is a registry bug, not a reason to keep
    /// unknown boxes.
    static let roleRules: [BoxRule] = structureParts + sampleEntryParts

    /// Children of the movie, track, media, fragment and sample table boxes.
    static let structureParts: [BoxRule] = {
        let parts: [(parents: Set<FourCC>, types: [(FourCC, String)])] = [
            (["moov"], [
                ("mvhd", "ISO/IEC 14496-12 §8.2.2"), ("trak", "ISO/IEC 14496-12 §8.3.1"), ("mvex", "ISO/IEC 14496-12 §8.8.1"),
                ("udta", "ISO/IEC 14496-12 §8.10.1"), ("iods", "ISO/IEC 14496-14 §6.2"), ("pssh", "ISO/IEC 23001-7 §8.1"),
                ("ctab", "QTFF \"Color table atoms\""),
            ]),
            (["trak"], [
                ("tkhd", "ISO/IEC 14496-12 §8.3.2"), ("tref", "ISO/IEC 14496-12 §8.3.3"), ("trgr", "ISO/IEC 14496-12 §8.3.4"),
                ("edts", "ISO/IEC 14496-12 §8.6.5"), ("mdia", "ISO/IEC 14496-12 §8.4.1"), ("udta", "ISO/IEC 14496-12 §8.10.1"),
                ("tapt", "QTFF \"Track aperture mode dimensions atom\""), ("clip", "QTFF \"Clipping atoms\""),
                ("matt", "QTFF \"Track matte atom\""), ("load", "QTFF \"Track load settings atom\""),
                ("imap", "QTFF \"Track input map atom\""), ("txas", "QTFF \"Track exclude from autoselection atom\""),
            ]),
            (["edts"], [("elst", "ISO/IEC 14496-12 §8.6.6")]),
            (["mdia"], [
                ("mdhd", "ISO/IEC 14496-12 §8.4.2"), ("hdlr", "ISO/IEC 14496-12 §8.4.3"), ("minf", "ISO/IEC 14496-12 §8.4.4"),
                ("elng", "ISO/IEC 14496-12 §8.4.6"), ("udta", "QTFF \"Media atoms\" (user data of the media)"),
            ]),
            (["minf"], [
                ("vmhd", "ISO/IEC 14496-12 §12.1.2"), ("smhd", "ISO/IEC 14496-12 §12.2.2"), ("hmhd", "ISO/IEC 14496-12 §12.4.2"),
                ("nmhd", "ISO/IEC 14496-12 §8.4.5.2"), ("sthd", "ISO/IEC 14496-12 §12.6.2"), ("dinf", "ISO/IEC 14496-12 §8.7.1"),
                ("stbl", "ISO/IEC 14496-12 §8.5.1"), ("gmhd", "QTFF \"Base media information header atom\""),
                ("hdlr", "QTFF \"Handler reference atom\" (the data handler)"),
            ]),
            (["dinf"], [("dref", "ISO/IEC 14496-12 §8.7.2")]),
            (["stbl"], [
                ("stsd", "ISO/IEC 14496-12 §8.5.2"), ("stts", "ISO/IEC 14496-12 §8.6.1.2"), ("ctts", "ISO/IEC 14496-12 §8.6.1.3"),
                ("cslg", "ISO/IEC 14496-12 §8.6.1.4"), ("stss", "ISO/IEC 14496-12 §8.6.2"), ("stsh", "ISO/IEC 14496-12 §8.6.3"),
                ("sdtp", "ISO/IEC 14496-12 §8.6.4"), ("stsz", "ISO/IEC 14496-12 §8.7.3"), ("stz2", "ISO/IEC 14496-12 §8.7.3"),
                ("stsc", "ISO/IEC 14496-12 §8.7.4"), ("stco", "ISO/IEC 14496-12 §8.7.5"), ("co64", "ISO/IEC 14496-12 §8.7.5"),
                ("padb", "ISO/IEC 14496-12 §8.7.6"), ("subs", "ISO/IEC 14496-12 §8.7.7"), ("saiz", "ISO/IEC 14496-12 §8.7.8"),
                ("saio", "ISO/IEC 14496-12 §8.7.9"), ("stdp", "ISO/IEC 14496-12 §8.5.3"), ("sbgp", "ISO/IEC 14496-12 §8.9.2"),
                ("sgpd", "ISO/IEC 14496-12 §8.9.3"), ("csgp", "ISO/IEC 14496-12 §8.9.5"),
                ("stps", "QTFF \"Partial sync sample atom\""),
            ]),
            (["mvex"], [
                ("mehd", "ISO/IEC 14496-12 §8.8.2"), ("trex", "ISO/IEC 14496-12 §8.8.3"), ("leva", "ISO/IEC 14496-12 §8.8.13"),
                ("trep", "ISO/IEC 14496-12 §8.8.15"),
            ]),
            (["moof"], [
                ("mfhd", "ISO/IEC 14496-12 §8.8.5"), ("traf", "ISO/IEC 14496-12 §8.8.6"), ("pssh", "ISO/IEC 23001-7 §8.1"),
            ]),
            (["traf"], [
                ("tfhd", "ISO/IEC 14496-12 §8.8.7"), ("trun", "ISO/IEC 14496-12 §8.8.8"), ("tfdt", "ISO/IEC 14496-12 §8.8.12"),
                ("sbgp", "ISO/IEC 14496-12 §8.9.2"), ("sgpd", "ISO/IEC 14496-12 §8.9.3"), ("csgp", "ISO/IEC 14496-12 §8.9.5"),
                ("subs", "ISO/IEC 14496-12 §8.7.7"), ("saiz", "ISO/IEC 14496-12 §8.7.8"), ("saio", "ISO/IEC 14496-12 §8.7.9"),
                ("sdtp", "ISO/IEC 14496-12 §8.6.4"), ("senc", "ISO/IEC 23001-7 §7.2"),
            ]),
            // Metadata containers whose items are reviewed one by one; what else they hold goes.
            (["meta"], [
                ("hdlr", "ISO/IEC 14496-12 §8.4.3"), ("keys", "QTFF \"Metadata item keys atom\""),
                ("ilst", "QTFF \"Metadata item list atom\""), ("ctry", "QTFF \"Country list atom\""),
                ("lang", "QTFF \"Language list atom\""),
            ]),
            // Sample entries, whatever their format: each is decided by its children.
        ]
        return parts.flatMap { part in
            part.types.map { BoxRule(.type($0.0), .inside(part.parents), role: .structure, specification: $0.1) }
        } + [BoxRule(.anyType, .inside(["stsd"]), role: .structure, specification: "ISO/IEC 14496-12 §8.5.2")]
    }()

    /// Children of a sample entry (a child of `stsd`, whatever its format) that configure the
    /// decoder or the presentation.
    static let sampleEntryParts: [BoxRule] = [
        // Video coding configuration.
        ("avcC", "ISO/IEC 14496-15 §5.4.2.1"), ("svcC", "ISO/IEC 14496-15 §6.5.3.1"), ("mvcC", "ISO/IEC 14496-15 §7.5.3.1"),
        ("hvcC", "ISO/IEC 14496-15 §8.4.1.1"), ("lhvC", "ISO/IEC 14496-15 §9.6.3.1"), ("vvcC", "ISO/IEC 14496-15 §11.2.4.2"),
        ("m4ds", "ISO/IEC 14496-15 §5.4.2.1"), ("av1C", "AV1 Codec ISO Media File Format Binding §2.3"),
        ("vpcC", "VP Codec ISO Media File Format Binding §2.2"), ("SmDm", "VP Codec ISO Media File Format Binding §2.3"),
        ("CoLL", "VP Codec ISO Media File Format Binding §2.4"), ("d263", "3GPP TS 26.244 §6.8"),
        ("dvcC", "Dolby Vision Streams Within the ISO Base Media File Format §3.2"),
        ("dvvC", "Dolby Vision Streams Within the ISO Base Media File Format §3.2"),
        ("dvwC", "Dolby Vision Streams Within the ISO Base Media File Format §3.2"),
        // Picture presentation.
        ("colr", "ISO/IEC 14496-12 §12.1.5"), ("pasp", "ISO/IEC 14496-12 §12.1.4"), ("clap", "ISO/IEC 14496-12 §12.1.4"),
        ("btrt", "ISO/IEC 14496-12 §8.5.2.2"), ("clli", "ISO/IEC 14496-12 §12.1.6"), ("mdcv", "ISO/IEC 14496-12 §12.1.7"),
        ("amve", "ISO/IEC 14496-12 §12.1.8"), ("fiel", "QTFF \"Field handling\""), ("gama", "QTFF \"Gamma level\""),
        ("st3d", "Google Spherical Video V2 RFC (Stereoscopic 3D Video Box)"),
        ("sv3d", "Google Spherical Video V2 RFC (Spherical Video Box)"),
        ("vexu", "Apple, QuickTime and ISO Base Media File Formats and Spatial and Immersive Media (Video Extended Usage)"),
        ("hfov", "Apple, QuickTime and ISO Base Media File Formats and Spatial and Immersive Media (Horizontal Field of View)"),
        // Audio coding configuration and layout.
        ("esds", "ISO/IEC 14496-14 §6.7.2"), ("dac3", "ETSI TS 102 366 Annex F.4"), ("dec3", "ETSI TS 102 366 Annex F.6"),
        ("dac4", "ETSI TS 103 190-2 Annex E.5"), ("dOps", "Encapsulation of Opus in ISO Base Media File Format §4.3.2"),
        ("dfLa", "Encapsulation of FLAC in ISO Base Media File Format §3.3.2"), ("alac", "Apple Lossless Audio Codec (ALAC magic cookie)"),
        ("mhaC", "ISO/IEC 23008-3 §20.5"), ("pcmC", "ISO/IEC 23003-5 §5.1"), ("damr", "3GPP TS 26.244 §6.7"),
        ("ddts", "ETSI TS 102 114 Annex E"), ("dmlp", "Dolby TrueHD (MLP) in ISO Base Media File Format"),
        ("chnl", "ISO/IEC 14496-12 §12.2.4"), ("srat", "ISO/IEC 14496-12 §12.2.5"), ("chan", "QTFF \"Audio channel layout atom\""),
        ("wave", "QTFF \"Sound sample description extensions\" (siDecompressionParam)"),
        ("SA3D", "Google Spatial Audio RFC (Spatial Audio Box)"),
        // Text, subtitle and metadata configuration.
        ("ftab", "3GPP TS 26.245 §5.16"), ("vttC", "ISO/IEC 14496-30 §7.5"), ("vlab", "ISO/IEC 14496-30 §7.5"),
        ("txtC", "ISO/IEC 14496-12 §12.5.3"), ("mime", "ISO/IEC 14496-12 §12.3.3"),
        ("keys", "QTFF \"Timed metadata sample descriptions\""),
        ("name", "QTFF \"Timecode sample description\""),
        // Protection: the original format and scheme of an encrypted entry.
        ("sinf", "ISO/IEC 14496-12 §8.12.2"),
    ].map { BoxRule(.type($0.0), .insideItemOf("stsd"), role: .codecConfiguration, specification: $0.1) }
}
