import ISOBMFF
import Delivery
import Testing
import TimedText

/// RFC 8216 §4.3.3.1: "The EXTINF duration of each Media Segment in the Playlist file, when
/// rounded to the nearest integer, MUST be less than or equal to the target duration."
struct MediaPlaylistTests {
    static func playlist(_ milliseconds: [Int64]) -> MediaPlaylist {
        MediaPlaylist(entries: milliseconds.enumerated().map { .init(uri: "\($0).vtt", duration: .milliseconds($1)) })
    }

    @Test(arguments: [
        // 6.5 s rounds to 7 (a half rounds up: 7 satisfies the rule however the tie is broken).
        ([6_500, 6_500, 1_000], 7),
        ([6_499, 6_000], 6),
        ([6_000, 6_000, 1_500], 6),
        ([5_500], 6),
        ([2_000, 10_400], 10),
        // Every segment under half a second: 0 is not a usable target.
        ([300], 1),
    ] as [([Int64], Int64)])
    func targetDurationIsTheLongestRoundedDuration(durations: [Int64], target: Int64) {
        #expect(Self.playlist(durations).targetDuration == target)
    }

    /// RFC 8216 §4.3.3.1 (target duration), §4.3.3.2 (media sequence), §4.3.3.5 (playlist
    /// type VOD), §4.3.3.4 (ENDLIST), §4.3.2.1 (EXTINF with decimal-floating-point durations,
    /// which §7 says need version 3).
    @Test func textListsEverySegment() {
        let text = Self.playlist([6_000, 480]).text
        #expect(text == """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:6
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-MEDIA-SEQUENCE:0
            #EXTINF:6.000,
            0.vtt
            #EXTINF:0.480,
            1.vtt
            #EXT-X-ENDLIST

            """)
    }
}
