extension SharingFilter {
    /// The default policy of `legible strip`. Apple documents `AVMetadataItemFilter.forSharing()`
    /// only in outline ("removes user-identifying metadata items, such as location information,
    /// and leaves only metadata releated to commerce or playback"); this list spells that out for
    /// the keys of QTFF "QuickTime Metadata Keys", the QuickTime user data items of QTFF "User
    /// data atoms", 3GPP TS 26.244 §8 and the iTunes list, and goes further where a privacy tool
    /// should: purchaser accounts and capture times go too.
    public static let forSharing = SharingFilter(rules: locationRules + deviceRules + peopleRules + captureTimeRules
        + cameraRules + structureRules + authoredRules + commerceRules + boxRules)

    private static let apple = "mdta/com.apple.quicktime."

    private static let locationRules: [SharingRule] = [
        .init(apple + "location.*", .remove, .location, "where the movie was made"),
        .init(apple + "direction.*", .remove, .location, "the direction the camera faced or moved"),
        .init("udta/©xyz", .remove, .location, "where the movie was made (ISO 6709)"),
        .init("uiso/loci", .remove, .location, "where the movie was made (3GPP location)"),
        .init("itsk/©xyz", .remove, .location, "where the movie was made (ISO 6709)"),
        .init("udta/©lox", .remove, .location, "where the movie was made"),
        .init("udta/gps *", .remove, .location, "GPS log of a camera"),
        .init("udta/GPS *", .remove, .location, "GPS log of a camera"),
        .init("track:gpmd", .remove, .location, "GoPro telemetry: GPS and sensors over time"),
        .init("track:camm", .remove, .location, "camera motion and GPS over time"),
        .init("track:rtmd", .remove, .location, "real-time camera metadata, GPS included"),
    ]

    private static let deviceRules: [SharingRule] = [
        .init(apple + "make", .remove, .device, "the device's maker"),
        .init(apple + "model", .remove, .device, "the device's model"),
        .init(apple + "software", .remove, .device, "the device's software version"),
        .init(apple + "camera.*", .remove, .device, "the camera and lens that recorded"),
        .init(apple + "content.identifier", .remove, .captureTime, "ties the movie to the photo it was taken with"),
        .init(apple + "encoder", .remove, .device, "the software that encoded it"),
        .init("mdta/com.android.*", .remove, .device, "Android device data"),
        .init("mdta/com.samsung.*", .remove, .device, "Samsung device data"),
        .init("mdta/com.xiaomi.*", .remove, .device, "Xiaomi device data"),
        .init("udta/©mak", .remove, .device, "the device's maker"),
        .init("udta/©mod", .remove, .device, "the device's model"),
        .init("udta/©swr", .remove, .device, "the software that wrote the movie"),
        .init("udta/©too", .remove, .device, "the encoder"),
        .init("udta/©enc", .remove, .device, "the encoder"),
        .init("udta/©fmt", .remove, .device, "the recording format of the device"),
        .init("udta/©inf", .remove, .device, "device information"),
        .init("udta/@mak", .remove, .device, "the device's maker"),
        .init("udta/@mod", .remove, .device, "the device's model"),
        .init("udta/@swr", .remove, .device, "the device's software"),
        .init("itsk/©too", .remove, .device, "the encoder"),
        .init("udta/XMP_", .remove, .device, "an XMP packet: device, software, dates and more"),
        .init("name:handler", .remove, .device, "a handler name can name the device or app that wrote the track; it becomes the conventional name (VideoHandler, …)"),
        .init("name:compressor", .remove, .device, "a compressor name can name the camera's encoder; it is blanked"),
        .init("name:data-reference", .remove, .people, "a self-contained track's data reference needs no location; one left there is a path on the maker's disk, often with a user name; the reference is made bare"),
    ] + ["CNCV", "CNFV", "CNTH", "CNMN", "FIRM", "LENS", "CAME", "SNum", "slno", "MUID", "HMMT", "manu", "modl",
         "INFO", "PENT", "FUJI", "NCDT", "TAGS", "CMbo", "MVTG", "PANA", "RDT1"].map {
        SharingRule("udta/\($0)", .remove, .device, "camera maker data (serial numbers, firmware, settings)")
    }

    private static let peopleRules: [SharingRule] = [
        .init(apple + "author", .remove, .people, "a person's name"),
        .init(apple + "artist", .remove, .people, "a person's name"),
        .init(apple + "comment", .remove, .people, "text the user typed"),
        .init(apple + "keywords", .remove, .people, "text the user typed"),
        .init(apple + "information", .remove, .people, "text the user typed"),
        .init(apple + "collection.user", .remove, .people, "the user's collection"),
        .init(apple + "rating.user", .remove, .people, "the user's rating"),
        .init(apple + "detected-face*", .remove, .people, "faces in the picture"),
        .init(apple + "displayname", .remove, .people, "a name the user gave"),
        .init("udta/©aut", .remove, .people, "a person's name"),
        .init("udta/©ART", .remove, .people, "a person's name"),
        .init("udta/©cmt", .remove, .people, "text the user typed"),
        .init("udta/©key", .remove, .people, "text the user typed"),
        .init("udta/©hst", .remove, .people, "the host computer"),
        .init("udta/©prf", .remove, .people, "a person's name"),
        .init("udta/©wrt", .remove, .people, "a person's name"),
        .init("uiso/auth", .remove, .people, "a person's name"),
        .init("uiso/perf", .remove, .people, "a person's name"),
        .init("uiso/kywd", .remove, .people, "text the user typed"),
        .init("itsk/©ART", .remove, .people, "a person's name"),
        .init("itsk/aART", .remove, .people, "a person's name"),
        .init("itsk/©wrt", .remove, .people, "a person's name"),
        .init("itsk/©cmt", .remove, .people, "text the user typed"),
        .init("itsk/keyw", .remove, .people, "text the user typed"),
        .init("itsk/ownr", .remove, .people, "the owner's name"),
        .init("itsk/apID", .remove, .people, "the purchaser's account (Apple's filter keeps it; a privacy tool should not)"),
        .init("itsk/purd", .remove, .people, "when the purchaser bought it"),
    ]

    private static let captureTimeRules: [SharingRule] = [
        .init(apple + "creationdate", .remove, .captureTime, "when the movie was recorded, with the time zone"),
        .init(apple + "live-photo*", .remove, .captureTime, "ties the movie to a Live Photo"),
        .init(apple + "still-image-time", .remove, .captureTime, "ties the movie to a Live Photo"),
        .init("mdta/com.apple.photos.*", .remove, .captureTime, "ties the movie to the user's photo library"),
        .init("udta/©day", .remove, .captureTime, "when the movie was recorded"),
        .init("udta/date", .remove, .captureTime, "when the movie was recorded"),
        .init("itsk/©day", .remove, .captureTime, "when the movie was recorded"),
        .init("uiso/yrrc", .remove, .captureTime, "when the movie was recorded"),
        .init("header:times", .remove, .captureTime, "creation and modification times in mvhd, tkhd and mdhd record when the movie was captured"),
    ]

    private static let cameraRules: [SharingRule] = [
        .init(apple + "scene-illuminance", .remove, .camera, "camera state over time"),
        .init(apple + "video-orientation", .keep, .structure, "how to turn the picture; players need it"),
        .init(apple + "full-frame-rate-playback-intent", .keep, .structure, "a playback hint"),
        .init(apple + "player.*", .keep, .structure, "a playback hint"),
        .init(apple + "preferred-affine-transform", .keep, .structure, "a playback hint"),
    ]

    private static let structureRules: [SharingRule] = [
        .init("udta/name", .keep, .structure, "the track's name"),
        .init("udta/tnam", .keep, .structure, "the track's name"),
        .init("udta/tagc", .keep, .structure, "the track's media characteristics (SDH, forced, …)"),
        .init("udta/kind", .keep, .structure, "the track's role"),
        .init("udta/chpl", .keep, .structure, "chapters"),
        .init("udta/hnti", .keep, .structure, "streaming hints"),
        .init("udta/hinf", .keep, .structure, "streaming hints"),
        .init("udta/ptv ", .keep, .structure, "a playback hint"),
        .init("udta/LOOP", .keep, .structure, "a playback hint"),
        .init("udta/SelO", .keep, .structure, "a playback hint"),
        .init("udta/AllF", .keep, .structure, "a playback hint"),
        .init("udta/WLOC", .keep, .structure, "a playback hint"),
        .init("udta/©chp", .keep, .structure, "chapters"),
        .init("itsk/hdvd", .keep, .structure, "HD flag"),
        .init("itsk/pgap", .keep, .structure, "gapless playback"),
        .init("itsk/stik", .keep, .structure, "media kind"),
        .init("itsk/cpil", .keep, .structure, "compilation flag"),
        .init("itsk/tmpo", .keep, .structure, "tempo"),
        .init("itlk/com.apple.iTunes.iTunSMPB", .keep, .structure, "gapless playback (encoder delay and padding)"),
        .init("itlk/com.apple.iTunes.iTunNORM", .keep, .structure, "loudness normalisation"),
    ]

    private static let authoredRules: [SharingRule] = [
        .init(apple + "title", .keep, .authored, "the title"),
        .init(apple + "description", .keep, .authored, "the description"),
        .init(apple + "copyright", .keep, .authored, "the copyright notice"),
        .init(apple + "album", .keep, .authored, "the album"),
        .init(apple + "genre", .keep, .authored, "the genre"),
        .init(apple + "director", .keep, .authored, "credits"),
        .init(apple + "producer", .keep, .authored, "credits"),
        .init(apple + "publisher", .keep, .authored, "credits"),
        .init(apple + "year", .keep, .authored, "the release year"),
        .init(apple + "artwork", .keep, .authored, "artwork"),
        .init("udta/©nam", .keep, .authored, "the title"),
        .init("udta/©des", .keep, .authored, "the description"),
        .init("udta/©cpy", .keep, .authored, "the copyright notice"),
        .init("udta/©alb", .keep, .authored, "the album"),
        .init("udta/©gen", .keep, .authored, "the genre"),
        .init("udta/©dir", .keep, .authored, "credits"),
        .init("udta/©prd", .keep, .authored, "credits"),
        .init("udta/©pub", .keep, .authored, "credits"),
        .init("uiso/titl", .keep, .authored, "the title"),
        .init("uiso/dscp", .keep, .authored, "the description"),
        .init("uiso/cprt", .keep, .authored, "the copyright notice"),
        .init("uiso/gnre", .keep, .authored, "the genre"),
        .init("uiso/albm", .keep, .authored, "the album"),
        .init("uiso/rtng", .keep, .authored, "the rating"),
        .init("uiso/clsf", .keep, .authored, "the classification"),
    ] + ["©nam", "©alb", "©gen", "©grp", "cprt", "desc", "ldes", "sdes", "covr", "trkn", "disk", "tvsh", "tvsn", "tves",
         "tven", "tvnn", "rtng", "sonm", "soal", "sosn", "catg", "purl", "egid", "©lyr", "©st3"].map {
        SharingRule("itsk/\($0)", .keep, .authored, "what the author published: title, artwork, numbering, description")
    }

    private static let commerceRules: [SharingRule] = ["cnID", "atID", "plID", "geID", "sfID", "akID", "cmID", "xid "].map {
        SharingRule("itsk/\($0)", .keep, .commerce, "store identifiers of the title (not of the buyer)")
    }

    private static let boxRules: [SharingRule] = [
        .init("box:free", .remove, .unknown, "free space can hold old metadata (a retired moov)"),
        .init("box:skip", .remove, .unknown, "free space can hold old metadata"),
        .init("box:uuid", .remove, .unknown, "vendor data (XMP, camera profiles) in a uuid box"),
        .init("box:moov/free", .remove, .unknown, "free space can hold old metadata"),
        .init("box:moov/skip", .remove, .unknown, "free space can hold old metadata"),
        .init("box:moov/uuid", .remove, .unknown, "vendor data in a uuid box"),
        .init("box:moov/meta", .remove, .unknown, "a meta box that is not QuickTime metadata"),
        .init("box:trak/uuid", .remove, .unknown, "vendor data in a uuid box"),
        .init("box:trak/free", .remove, .unknown, "free space can hold old metadata"),
        .init("box:trak/meta", .remove, .unknown, "a meta box that is not QuickTime metadata"),
        .init("box:emsg", .remove, .unknown, "an event message (emsg, ISO/IEC 23009-1 §5.10.3.3): application data such as ID3 tags or ad cues, which could hold anything"),
        .init("box:moof/udta", .remove, .unknown, "user data in a movie fragment: not read item by item, could hold anything"),
        .init("box:traf/udta", .remove, .unknown, "user data in a track fragment: not read item by item, could hold anything"),
        .init("box:moof/meta", .remove, .unknown, "a meta box in a movie fragment: could hold anything"),
        .init("box:traf/meta", .remove, .unknown, "a meta box in a track fragment: could hold anything"),
        .init("box:moof/uuid", .remove, .unknown, "vendor data in a uuid box"),
        .init("box:traf/uuid", .remove, .unknown, "vendor data in a uuid box"),
        .init("box:moof/free", .remove, .unknown, "free space can hold old metadata"),
        .init("box:moof/skip", .remove, .unknown, "free space can hold old metadata"),
        .init("box:traf/free", .remove, .unknown, "free space can hold old metadata"),
        .init("box:traf/skip", .remove, .unknown, "free space can hold old metadata"),
        .init("box:wide", .keep, .structure, "an 8-byte placeholder"),
        .init("box:mdat", .keep, .structure, "media data"),
        .init("track:it35", .keep, .structure, "dynamic HDR metadata (ITU-T T.35) the picture needs"),
        .init("box:*/free", .remove, .unknown, "free space can hold old metadata"),
        .init("box:*/skip", .remove, .unknown, "free space can hold old metadata"),
        .init("box:*/uuid", .remove, .unknown, "vendor data in a uuid box"),
        .init("box:*/meta", .remove, .unknown, "a meta box that is not QuickTime metadata"),
        .init("box:*", .remove, .unknown, "unknown-box: no rule names it a part players need (players skip boxes they do not know, ISO/IEC 14496-12 §4.2), and it could hold anything"),
    ]
}
