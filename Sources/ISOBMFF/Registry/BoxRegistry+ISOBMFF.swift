extension BoxRegistry {
    /// ISOBMFF's rows: how every box the tree parser splits is laid out, how file-level boxes are
    /// read, the codecs of the boxes this target models, and the parts of a movie players need
    /// (``BoxRole``, the allow-list of a privacy edit).
    ///
    /// Every layout is here, including those of sample entries that other targets decode
    /// (`tx3g`, `wvtt`, `mebx`): the tree a file parses into must not depend on which targets a
    /// program links, because `Movie`, the edit engine and `cmov` inflation parse files below
    /// any composition. The parser reads these rows; other targets add codecs only.
    public static let isobmff = BoxRegistry(fileLevelRules + structureRules + sampleEntryRules + codecRules + fragmentCodecRules
                                             + roleRules)

    /// File-level boxes read whole however large, or never read (ISO/IEC 14496-12 Table 1; QTFF
    /// "Atoms").
    static let fileLevelRules: [BoxRule] = [
        BoxRule(.type("moov"), .fileLevel, fileLevelReading: .tree, specification: "ISO/IEC 14496-12 §8.2.1"),
        BoxRule(.type("moof"), .fileLevel, fileLevelReading: .tree, specification: "ISO/IEC 14496-12 §8.8.4"),
        BoxRule(.type("mfra"), .fileLevel, fileLevelReading: .tree, specification: "ISO/IEC 14496-12 §8.8.9"),
        BoxRule(.type("meta"), .fileLevel, fileLevelReading: .tree, specification: "ISO/IEC 14496-12 §8.11.1"),
        BoxRule(.type("udta"), .fileLevel, fileLevelReading: .tree, specification: "QTFF \"User data atoms\" (some writers put one at file level)"),
        BoxRule(.type("mdat"), .fileLevel, fileLevelReading: .never, specification: "ISO/IEC 14496-12 §8.1.1"),
        BoxRule(.type("free"), .fileLevel, fileLevelReading: .never, specification: "ISO/IEC 14496-12 §8.1.2"),
        BoxRule(.type("skip"), .fileLevel, fileLevelReading: .never, specification: "ISO/IEC 14496-12 §8.1.2"),
        BoxRule(.type("wide"), .fileLevel, fileLevelReading: .never, specification: "QTFF \"Free space atoms\""),
    ]

    /// Containers, with the fixed fields before their children.
    static let structureRules: [BoxRule] = {
        // Containers whose children must parse: a problem inside them is a real error.
        let structure: [(FourCC, String)] = [
            ("moov", "ISO/IEC 14496-12 §8.2.1"), ("trak", "ISO/IEC 14496-12 §8.3.1"), ("mdia", "ISO/IEC 14496-12 §8.4.1"),
            ("minf", "ISO/IEC 14496-12 §8.4.4"), ("stbl", "ISO/IEC 14496-12 §8.5.1"), ("edts", "ISO/IEC 14496-12 §8.6.5"),
            ("dinf", "ISO/IEC 14496-12 §8.7.1"), ("mvex", "ISO/IEC 14496-12 §8.8.1"), ("moof", "ISO/IEC 14496-12 §8.8.4"),
            ("traf", "ISO/IEC 14496-12 §8.8.6"), ("mfra", "ISO/IEC 14496-12 §8.8.9"), ("tref", "ISO/IEC 14496-12 §8.3.3"),
            ("cmov", "QTFF \"Compressed movie resources\""), ("gmhd", "QTFF \"Base media information header atom\""),
        ]
        // Containers with no fixed fields whose content is not always well-formed in the wild.
        let lenient: [(FourCC, String)] = [
            ("udta", "ISO/IEC 14496-12 §8.10.1"), ("ilst", "QTFF \"Metadata item list atom\""),
            ("tapt", "QTFF \"Track aperture mode dimensions atom\""), ("clip", "QTFF \"Clipping atoms\""),
            ("matt", "QTFF \"Track matte atom\""), ("rmra", "QTFF \"Reference movie atom\""),
            ("rmda", "QTFF \"Reference movie descriptor atom\""), ("sinf", "ISO/IEC 14496-12 §8.12.2"),
            ("schi", "ISO/IEC 14496-12 §8.12.7"), ("meco", "ISO/IEC 14496-12 §8.11.7"), ("strk", "ISO/IEC 14496-12 §8.16.3"),
            ("strd", "ISO/IEC 14496-12 §8.16.5"), ("trgr", "ISO/IEC 14496-12 §8.3.4"),
            ("wave", "QTFF \"Siren sound description extensions\""), ("ipro", "ISO/IEC 14496-12 §8.11.5"),
            ("vttc", "ISO/IEC 14496-30 §7.4"),
        ]
        return structure.map { BoxRule(.type($0.0), layout: .structure, specification: $0.1) }
            + lenient.map { BoxRule(.type($0.0), layout: .tentative(), specification: $0.1) }
            + [
                // Counted containers: version, flags and entry count, then that many children.
                BoxRule(.type("stsd"), layout: countedChildren, specification: "ISO/IEC 14496-12 §8.5.2"),
                BoxRule(.type("dref"), layout: countedChildren, specification: "ISO/IEC 14496-12 §8.7.2"),
                BoxRule(.type("meta"), layout: .depending { payloadStart, _ in
                    ContainerLayout(prefixSize: isQuickTimeMeta(payloadStart) ? 0 : 4, isTentative: true)
                }, specification: "ISO/IEC 14496-12 §8.11.1; QTFF \"Metadata atoms\" (no version and flags)"),
                // iTunes items (`©nam`, `trkn`, key indices) hold `data`, `mean` and `name` atoms.
                BoxRule(.anyType, .inside(["ilst"]), layout: .tentative(), specification: "QTFF \"Metadata item atom\""),
                BoxRule(.type("tmcd"), .inside(["gmhd"]), layout: .tentative(), specification: "QTFF \"Timecode media information atom\""),
                // Children of these are data, whatever their type says.
                BoxRule(.anyType, .inside(["wave", "dref"]), layout: .leaf,
                        specification: "QTFF \"Siren sound description extensions\"; ISO/IEC 14496-12 §8.7.2"),
                BoxRule(.anyType, .inside(["tref"]), layout: .leaf, codec: .payload(TrackReferenceTypeBox.self),
                        specification: "ISO/IEC 14496-12 §8.3.3"),
            ]
    }()

    private static let countedChildren = BoxLayout.container(ContainerLayout(prefixSize: 8, isTentative: true, prefixCountsChildren: true))

    /// QuickTime's `meta` has no version and flags: its first child (`hdlr`) starts at once.
    static func isQuickTimeMeta(_ payload: ArraySlice<UInt8>) -> Bool {
        guard payload.count >= 8 else { return false }
        let typeBytes = payload[(payload.startIndex + 4)..<(payload.startIndex + 8)]
        return Array(typeBytes) == FourCC("hdlr").bytes
            || Array(typeBytes) == FourCC("keys").bytes
            || Array(typeBytes) == FourCC("ilst").bytes
    }

    /// Sample entries: 8 bytes of SampleEntry fields, then the format's fields, then boxes. A
    /// format with no row here is laid out by its track's handler (``SampleEntry/layout(payloadStart:handler:)``).
    static let sampleEntryRules: [BoxRule] = {
        let eightBytes: [(FourCC, String)] = [
            ("wvtt", "ISO/IEC 14496-30 §7.5"), ("stpp", "ISO/IEC 14496-30 §6.5"), ("mebx", "QTFF \"Timed metadata sample description\""),
            ("mp4s", "ISO/IEC 14496-14 §6.7.2"), ("c608", "QTFF \"Closed captioning sample description\""),
            ("c708", "QTFF \"Closed captioning sample description\""), ("metx", "ISO/IEC 14496-12 §12.3.3"),
            ("urim", "ISO/IEC 14496-12 §12.3.3"), ("it35", "ISO/IEC 14496-12 §12.3.3"),
        ]
        return [
            BoxRule(.anyType, .inside(["stsd"]), layout: .depending({ SampleEntry.layout(payloadStart: $0, handler: $1) }),
                    codec: BoxCodec { (box, context) throws(BoxError) in try SampleEntry(box, handler: context.handler) },
                    specification: "ISO/IEC 14496-12 §8.5.2"),
            // 3GPP TextSampleEntry: display flags, justification, background colour, default
            // text box and style record (30 bytes) after the SampleEntry fields.
            BoxRule(.type("tx3g"), .inside(["stsd"]), layout: .tentative(afterFields: Tx3gDisplayFlags.sampleEntryFieldsSize), specification: "3GPP TS 26.245 §5.16"),
        ] + eightBytes.map { BoxRule(.type($0.0), .inside(["stsd"]), layout: .tentative(afterFields: 8), specification: $0.1) }
    }()

    /// The boxes ISOBMFF models.
    static let codecRules: [BoxRule] = [
        BoxRule.payload(FileTypeBox.self, specification: "ISO/IEC 14496-12 §4.3"),
        BoxRule.payload(MovieHeaderBox.self, versions: 0...1, specification: "ISO/IEC 14496-12 §8.2.2"),
        BoxRule.payload(TrackHeaderBox.self, versions: 0...1, specification: "ISO/IEC 14496-12 §8.3.2"),
        BoxRule.payload(EditListBox.self, versions: 0...1, specification: "ISO/IEC 14496-12 §8.6.6"),
        BoxRule.payload(MediaHeaderBox.self, versions: 0...1, specification: "ISO/IEC 14496-12 §8.4.2"),
        BoxRule.payload(ExtendedLanguageBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.4.6"),
        BoxRule.payload(HandlerBox.self, specification: "ISO/IEC 14496-12 §8.4.3"),
        BoxRule.payload(TimeToSampleBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.6.1.2"),
        BoxRule.payload(CompositionOffsetBox.self, versions: 0...1, specification: "ISO/IEC 14496-12 §8.6.1.3"),
        BoxRule.payload(SampleToChunkBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.7.4"),
        BoxRule.payload(SampleSizeBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.7.3"),
        BoxRule.payload(ChunkOffsetBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.7.5"),
        BoxRule.payload(SyncSampleBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.6.2; QTFF \"Partial sync sample atom\""),
        BoxRule.payload(MediaCharacteristicTagBox.self, specification: "QTFF \"Media characteristic tag atom\""),
        BoxRule.payload(TrackKindBox.self, versions: 0...0, specification: "ISO/IEC 14496-12 §8.10.4"),
        // `name` is a track name only in `udta`; inside iTunes `----` items it is a FullBox.
        BoxRule.payload(TrackNameBox.self, .inside(["udta"]), specification: "QTFF \"User data atoms\""),
        [BoxRule(.copyrightSymbolItems, .inside(["udta"]), codec: .payload(InternationalTextBox.self),
                 specification: "QTFF \"User data atoms\"")],
    ].flatMap { $0 }

    /// The boxes of fragmented movies and segments that ISOBMFF models: each payload, the
    /// versions it reads and its clause of ISO/IEC 14496-12.
    static let fragmentCodecRules: [BoxRule] = {
        let fragmentBoxes: [(payload: any BoxPayload.Type, versions: ClosedRange<UInt8>, clause: String)] = [
            (TrackExtendsBox.self, 0...0, "8.8.3"), (TrackFragmentHeaderBox.self, 0...0, "8.8.7"), (TrackRunBox.self, 0...1, "8.8.8"),
            (TrackFragmentRandomAccessBox.self, 0...1, "8.8.10"), (MovieFragmentRandomAccessOffsetBox.self, 0...0, "8.8.11"),
            (TrackFragmentBaseMediaDecodeTimeBox.self, 0...1, "8.8.12"), (SegmentIndexBox.self, 0...1, "8.16.3"),
        ]
        return fragmentBoxes.flatMap { box in rules(box.payload, versions: box.versions, specification: "ISO/IEC 14496-12 §" + box.clause) }
    }()

    /// The rows of `payload`, a payload type not known until run time.
    private static func rules(_ payload: any BoxPayload.Type, versions: ClosedRange<UInt8>, specification: String) -> [BoxRule] {
        BoxRule.payload(payload, versions: versions, specification: specification)
    }
}
