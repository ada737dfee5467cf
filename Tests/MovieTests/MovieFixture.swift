import Foundation
import ISOBMFF
import LegibleTestSupport
@testable import Movie

/// Loads a TestMedia file and lets a test change its tracks' boxes before building the Movie,
/// to create situations no ffmpeg-made file has (tagc, elng, forc, folw, clcp).
struct MovieFixture {
    var file: BoxFile

    init(_ name: String) throws {
        file = BoxTreeParser.parse(try FileByteSource(path: TestPaths.testMedia.appendingPathComponent(name).path))
    }

    /// Changes the `trak` of track `id` (1-based position = ID in ffmpeg files).
    mutating func editTrack(_ id: Int, _ change: (inout Box) throws -> Void) throws {
        guard let moovIndex = file.boxes.firstIndex(where: { $0.type == "moov" }) else { throw FixtureError.noMovie }
        var moov = file.boxes[moovIndex]
        var children = moov.children
        var seen = 0
        for index in children.indices where children[index].type == "trak" {
            seen += 1
            if seen == id { try change(&children[index]) }
        }
        moov.setChildren(children)
        file.boxes[moovIndex] = moov
    }

    /// Changes the `mdia/minf/stbl` of track `id`.
    mutating func editSampleTable(_ id: Int, _ change: (inout Box) -> Void) throws {
        try editTrack(id) { trak in
            trak.modifyChild("mdia") { mdia in
                mdia.modifyChild("minf") { minf in minf.modifyChild("stbl", change) }
            }
        }
    }

    func movie() throws -> Movie { try Movie(file: file) }

    enum FixtureError: Error { case noMovie }
}

extension Box {
    /// Adds a child to this container's `udta`, creating the `udta` if needed.
    mutating func addUserData(_ item: Box) {
        if child("udta") == nil { setChildren(children + [Box(type: "udta", children: [])]) }
        modifyChild("udta") { $0.setChildren($0.children + [item]) }
    }

    /// Adds a reference of `type` to `tref`, creating `tref` if needed.
    mutating func addReference(_ type: FourCC, to ids: [UInt32]) {
        if child("tref") == nil { setChildren(children + [Box(type: "tref", children: [])]) }
        let reference = TrackReferenceTypeBox(referenceType: type, trackIDs: ids).makeBox()
        modifyChild("tref") { $0.setChildren($0.children + [reference]) }
    }

    mutating func setAlternateGroup(_ group: Int16, enabled: Bool) throws {
        try modifyChild("tkhd") { box in
            var header = try TrackHeaderBox(box)
            header.alternateGroup = group
            if enabled { header.flags.insert(.enabled) } else { header.flags.remove(.enabled) }
            box.setPayload(header)
        }
    }

    mutating func setExtendedLanguage(_ tag: String) {
        modifyChild("mdia") { mdia in mdia.setChildren(mdia.children + [ExtendedLanguageBox(tag: tag).makeBox()]) }
    }

    mutating func setHandler(_ type: FourCC) throws {
        try modifyChild("mdia") { mdia in
            try mdia.modifyChild("hdlr") { box in
                var handler = try HandlerBox(box)
                handler.handlerType = type
                box.setPayload(handler)
            }
        }
    }
}
