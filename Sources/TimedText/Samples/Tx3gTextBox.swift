import ISOBMFF

/// A text box in a `tx3g` sample description (the default box) or a sample's `tbox`:
/// signed 16-bit edges in track pixels, top-left origin.
public struct Tx3gTextBox: Sendable, Hashable, Codable {
    /// Top edge, in pixels.
    public var top: Int16
    /// Left edge, in pixels.
    public var left: Int16
    /// Bottom edge, in pixels.
    public var bottom: Int16
    /// Right edge, in pixels.
    public var right: Int16

    /// Creates a box.
    public init(top: Int16, left: Int16, bottom: Int16, right: Int16) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All edges 0, what FFmpeg writes as the default box.
    public static let zero = Tx3gTextBox(top: 0, left: 0, bottom: 0, right: 0)

    /// The height, 0 when the box is empty or inverted.
    public var height: Int { max(0, Int(bottom) - Int(top)) }

    /// Whether the box encloses no area (FFmpeg writes all zeros).
    public var isEmpty: Bool { height == 0 || right <= left }

    /// The box a subtitle track has over a video of this size (QTFF "Subtitle track header size
    /// and placement"): the video's width; 15 % of its height (two lines, the track then sits on
    /// the bottom of the video), or all of it when samples may be placed at the top
    /// (`Tx3gDisplayFlags/verticalPlacement`). Whole pixels, as a box stores them.
    public static func subtitleArea(videoWidth: UInt16, videoHeight: UInt16, verticalPlacement: Bool) -> Tx3gTextBox {
        let height = verticalPlacement ? Int(videoHeight) : Int(videoHeight) * 15 / 100
        return Tx3gTextBox(top: 0, left: 0, bottom: Int16(clamping: height), right: Int16(clamping: Int(videoWidth)))
    }

    init(reading reader: inout ByteReader) throws(BoxError) {
        top = try reader.readInt16()
        left = try reader.readInt16()
        bottom = try reader.readInt16()
        right = try reader.readInt16()
    }

    func write(into writer: inout ByteWriter) {
        writer.write(top)
        writer.write(left)
        writer.write(bottom)
        writer.write(right)
    }
}
