import ISOBMFF

/// The Movie target's box rules.
extension BoxRegistry {
    /// Movie's rows: the codecs of the boxes the movie model reads beyond ISOBMFF's.
    public static let movie = BoxRegistry([
        BoxRule(.type("chpl"), .inside(["udta"]), versions: 0...1, codec: BoxCodec { (box, _) throws(BoxError) in
            try NeroChapterBox(box)
        }, specification: "Nero chapter list (no standard; FFmpeg and mp4v2 agree on it)"),
    ])
}
