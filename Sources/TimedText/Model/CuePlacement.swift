/// Where a cue is shown vertically.
public enum CuePlacement: String, Sendable, Equatable, Codable, CaseIterable {
    /// The usual place, near the bottom of the picture.
    case bottom
    /// Near the top, e.g. to avoid burnt-in text (`{\an8}`, WebVTT `line:0`, a TTML top region).
    case top
}
