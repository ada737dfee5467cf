import ISOBMFF

extension Movie {
    /// The top-level boxes that describe or index movie fragments, not media: `moof` (ISO/IEC
    /// 14496-12 §8.8.4), `sidx` (§8.16.3), `ssix` (§8.16.4), `mfra` (§8.8.9) and `styp`
    /// (§8.16.2). A movie written without fragments leaves them out; one that keeps its
    /// fragments reviews what they hold.
    public static let fragmentBoxTypes: Set<FourCC> = ["moof", "sidx", "ssix", "mfra", "styp"]
}
