import ISOBMFF

/// A cue's time: the movie model's `MediaTime` (whole microseconds), named for what subtitle
/// code holds in it.
public typealias SubtitleTime = MediaTime
