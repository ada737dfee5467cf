import ISOBMFF

extension Movie {
    /// What is wrong with the movie header `mvhd`, read as `header`, when it is not the box
    /// ISO/IEC 14496-12 §8.2.2 (QTFF "Movie header atom") describes: a version other than 0 or 1,
    /// whose fields no reader knows, or a size that runs past its fields — cut, or 0 ("to the
    /// end"), so that it swallows the boxes after it, the tracks among them. Nil when it is whole.
    static func movieHeaderDamage(_ mvhd: Box, header: MovieHeaderBox) -> BoxError? {
        let location = mvhd.location ?? BoxLocation(path: "moov/mvhd", offset: 0)
        if header.timing.version > 1 {
            return BoxError(.damaged("the movie header has version \(header.timing.version), not 0 or 1 (ISO/IEC 14496-12 §8.2.2): its fields cannot be read"),
                            at: location)
        }
        if !header.trailing.isEmpty {
            return BoxError(.damaged("the movie header's size runs \(header.trailing.count) bytes past its fields (ISO/IEC 14496-12 §8.2.2): it is damaged, and may hold the boxes that follow it"),
                            at: location)
        }
        return nil
    }
}
