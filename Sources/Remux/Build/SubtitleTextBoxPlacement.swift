import ISOBMFF
import TimedText

/// The `tkhd` size and matrix of a `tx3g` subtitle track over the main video (QTFF "Subtitle
/// track header size and placement"): the track is the description's default text box (QTFF
/// "Default text box": it "must fill the track header dimensions exactly"), placed on the
/// bottom of the video, or over all of it with the identity matrix when the description has
/// `Tx3gDisplayFlags.verticalPlacement`. An empty default box (FFmpeg writes zeros) stands for
/// the area QTFF gives a subtitle track: the video's width and 15 % of its height.
///
/// Both a new subtitle track and `set-track --fit-to-video` take their geometry from here.
struct SubtitleTextBoxPlacement: Equatable {
    /// Track width and height (16.16).
    var width: UInt32
    var height: UInt32
    var matrix: TransformationMatrix

    /// The placement for `description` over a video of `videoWidth` × `videoHeight` (16.16, as
    /// its `tkhd` has them).
    init(_ description: Tx3gSampleDescription, videoWidth: UInt32, videoHeight: UInt32) {
        let verticalPlacement = description.displayFlags.contains(.verticalPlacement)
        let box = description.defaultTextBox.isEmpty
            ? Tx3gTextBox.subtitleArea(videoWidth: UInt16(clamping: videoWidth >> 16), videoHeight: UInt16(clamping: videoHeight >> 16),
                                       verticalPlacement: verticalPlacement)
            : description.defaultTextBox
        width = UInt32(UInt16(clamping: Int(box.right))) << 16
        height = UInt32(UInt16(clamping: Int(box.bottom))) << 16
        matrix = .identity
        // Without vertical placement the track is translated down so that it ends where the
        // video ends (QTFF: by 0.85 × the video height for a box of 0.15 × it).
        if !verticalPlacement { matrix.y = Int32(clamping: Int64(videoHeight) - Int64(height)) }
    }
}
