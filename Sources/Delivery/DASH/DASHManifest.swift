import ISOBMFF
import TimedText

/// A static DASH Media Presentation Description (ISO/IEC 23009-1 §5.3): one Period holding
/// AdaptationSets of Representations, written as the `manifest.mpd` XML document.
///
/// The profile is ISO Base media file format live (§8.4, `urn:mpeg:dash:profile:isoff-live:2011`):
/// media Representations address their segments with a `SegmentTemplate` (`$Number$` from 1)
/// and a ``SegmentTimeline``. A side-loaded text Representation is one whole file named by its
/// `BaseURL` (§5.3.9: a Representation with no segment information is one segment at its BaseURL).
/// Elements follow the order the MPD schema's sequences give (`AdaptationSetType`: `Label`,
/// then `Accessibility`, `Role`, then `Representation`; `RepresentationType`:
/// `AudioChannelConfiguration`, then `BaseURL`, then `SegmentTemplate`).
public struct DASHManifest: Sendable, Equatable {
    /// The profile written in `MPD@profiles`.
    public static let profile = "urn:mpeg:dash:profile:isoff-live:2011"
    /// The scheme of `AudioChannelConfiguration` whose value is the channel count (§5.8.5.4).
    public static let channelConfigurationScheme = "urn:mpeg:dash:23003:3:audio_channel_configuration:2011"

    /// Where a Representation's media is.
    public enum Segments: Sendable, Equatable {
        /// CMAF segments: `initialization` and `media` templates (`$Number$` counting from 1)
        /// on `timescale`; `presentationTimeOffset` is the media time shown at the Period's start.
        case template(initialization: String, media: String, timescale: UInt32, presentationTimeOffset: UInt64,
                      timeline: SegmentTimeline)
        /// One whole file (a side-loaded WebVTT document), relative to the MPD.
        case file(String)
    }

    /// One `Representation`.
    public struct Representation: Sendable, Equatable {
        /// `@id`: unique in the Period, no whitespace.
        public var id: String
        /// `@bandwidth` in bits per second.
        public var bandwidth: Int64
        /// `@codecs` (RFC 6381), when known.
        public var codecs: String?
        /// Video: `@width` in pixels.
        public var width: Int?
        /// Video: `@height` in pixels.
        public var height: Int?
        /// Video: `@frameRate`, an integer or a ratio (`FrameRateType`: `25`, `30000/1001`).
        public var frameRate: String?
        /// Audio: `@audioSamplingRate` in Hz.
        public var audioSamplingRate: Int?
        /// Audio: the channel count (`AudioChannelConfiguration`, §5.8.5.4).
        public var channels: Int?
        /// Where its media is.
        public var segments: Segments

        /// Creates a Representation.
        public init(id: String, bandwidth: Int64, codecs: String? = nil, width: Int? = nil, height: Int? = nil,
                    frameRate: String? = nil, audioSamplingRate: Int? = nil, channels: Int? = nil, segments: Segments) {
            self.id = id
            self.bandwidth = bandwidth
            self.codecs = codecs
            self.width = width
            self.height = height
            self.frameRate = frameRate
            self.audioSamplingRate = audioSamplingRate
            self.channels = channels
            self.segments = segments
        }
    }

    /// One `AdaptationSet`: Representations of one content type, language and set of signals.
    public struct AdaptationSet: Sendable, Equatable {
        /// `@contentType`.
        public var contentType: DASHSignalling.ContentType
        /// `@mimeType`: `video/mp4`, `audio/mp4` or `text/vtt`.
        public var mimeType: String
        /// `@lang`: a BCP 47 tag (§5.3.3.2, RFC 5646); nil where the movie does not say.
        public var language: String?
        /// `Label`: the name a menu shows.
        public var label: String?
        /// Its `Role` and `Accessibility` descriptors.
        public var signalling: DASHSignalling
        /// The switchable Representations, in order.
        public var representations: [Representation]

        /// Creates an AdaptationSet.
        public init(contentType: DASHSignalling.ContentType, mimeType: String, language: String?, label: String?,
                    signalling: DASHSignalling, representations: [Representation]) {
            self.contentType = contentType
            self.mimeType = mimeType
            self.language = language
            self.label = label
            self.signalling = signalling
            self.representations = representations
        }
    }

    /// `@mediaPresentationDuration` (and the Period's length).
    public var duration: MediaTime
    /// In the Period's order.
    public var adaptationSets: [AdaptationSet]

    /// Creates a manifest.
    public init(duration: MediaTime, adaptationSets: [AdaptationSet]) {
        self.duration = duration
        self.adaptationSets = adaptationSets
    }

    /// Adds `representation` to the AdaptationSet of its content type, language, label and
    /// signals, opening one if there is none yet: ISO/IEC 23009-1 §5.3.3.1 has the
    /// Representations of an AdaptationSet be switchable versions of the same content, which
    /// tracks of one type, language and role that a menu would name alike are, as far as the
    /// movie says (text tracks have names made unique, ``DeliveryTrack/all(in:naming:defaultTrack:)``,
    /// so each is a set of its own; video tracks have no label and share one per role).
    public mutating func add(_ representation: Representation, contentType: DASHSignalling.ContentType, mimeType: String,
                             language: String?, label: String?, signalling: DASHSignalling) {
        if let index = adaptationSets.firstIndex(where: {
            $0.contentType == contentType && $0.mimeType == mimeType && $0.language == language && $0.label == label
                && $0.signalling == signalling
        }) {
            adaptationSets[index].representations.append(representation)
        } else {
            adaptationSets.append(AdaptationSet(contentType: contentType, mimeType: mimeType, language: language, label: label,
                                                signalling: signalling, representations: [representation]))
        }
    }

    /// An `xs:duration` (the type of the MPD's durations, §5.3.1.2) in seconds with three
    /// decimals: 65.25 s is `PT65.250S`.
    public static func duration(_ time: MediaTime) -> String {
        let total = max(0, time.roundedMilliseconds)
        let fraction = String(total % 1000)
        return "PT\(total / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + "S"
    }

    /// The longest segment of any Representation, rounded up to whole seconds, at least 1: what
    /// `@minBufferTime` and `@maxSegmentDuration` say (§5.3.1.2).
    var longestSegmentSeconds: Int64 {
        var longest: Double = 0
        for set in adaptationSets {
            for representation in set.representations {
                guard case let .template(_, _, timescale, _, timeline) = representation.segments, timescale > 0 else { continue }
                for entry in timeline.entries { longest = max(longest, Double(entry.duration) / Double(timescale)) }
            }
        }
        return max(1, Int64(longest.rounded(.up)))
    }

    /// The MPD document.
    public var xml: String {
        let buffer = "PT\(longestSegmentSeconds)S"
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" profiles=\"\(Self.profile)\" type=\"static\""
                + " mediaPresentationDuration=\"\(Self.duration(duration))\" minBufferTime=\"\(buffer)\" maxSegmentDuration=\"\(buffer)\">",
            "  <Period id=\"0\" start=\"PT0S\">",
        ]
        for (index, set) in adaptationSets.enumerated() {
            var attributes = ["id=\"\(index + 1)\"", "contentType=\"\(set.contentType.rawValue)\"", "mimeType=\"\(set.mimeType)\""]
            if let language = set.language { attributes.append("lang=\"\(Self.escaped(language))\"") }
            if set.mimeType != "text/vtt" { attributes += ["segmentAlignment=\"true\"", "startWithSAP=\"1\""] }
            lines.append("    <AdaptationSet " + attributes.joined(separator: " ") + ">")
            if let label = set.label { lines.append("      <Label>\(Self.escaped(label))</Label>") }
            for descriptor in set.signalling.accessibility { lines.append("      " + Self.element("Accessibility", descriptor)) }
            for role in set.signalling.roles { lines.append("      " + Self.element("Role", .role(role))) }
            for representation in set.representations { lines += Self.lines(representation).map { "      " + $0 } }
            lines.append("    </AdaptationSet>")
        }
        lines += ["  </Period>", "</MPD>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func escaped(_ text: String) -> String {
        TTMLWriter.escaped(DeliveryText.singleLine(text))
    }

    static func element(_ name: String, _ descriptor: DASHDescriptor) -> String {
        "<\(name) schemeIdUri=\"\(escaped(descriptor.scheme))\" value=\"\(escaped(descriptor.value))\"/>"
    }

    static func lines(_ representation: Representation) -> [String] {
        var attributes = ["id=\"\(escaped(representation.id))\"", "bandwidth=\"\(representation.bandwidth)\""]
        if let codecs = representation.codecs { attributes.append("codecs=\"\(escaped(codecs))\"") }
        if let width = representation.width { attributes.append("width=\"\(width)\"") }
        if let height = representation.height { attributes.append("height=\"\(height)\"") }
        if let frameRate = representation.frameRate { attributes.append("frameRate=\"\(frameRate)\"") }
        if let rate = representation.audioSamplingRate { attributes.append("audioSamplingRate=\"\(rate)\"") }
        var lines = ["<Representation " + attributes.joined(separator: " ") + ">"]
        if let channels = representation.channels {
            lines.append("  " + element("AudioChannelConfiguration", DASHDescriptor(scheme: channelConfigurationScheme, value: String(channels))))
        }
        switch representation.segments {
        case let .file(url):
            lines.append("  <BaseURL>\(escaped(url))</BaseURL>")
        case let .template(initialization, media, timescale, offset, timeline):
            lines.append("  <SegmentTemplate timescale=\"\(timescale)\" presentationTimeOffset=\"\(offset)\" startNumber=\"1\""
                + " initialization=\"\(escaped(initialization))\" media=\"\(escaped(media))\">")
            lines.append("    <SegmentTimeline>")
            lines += timeline.elements.map { "      " + $0 }
            lines.append("    </SegmentTimeline>")
            lines.append("  </SegmentTemplate>")
        }
        lines.append("</Representation>")
        return lines
    }
}
