import Metadata
import Testing

/// How the sharing policy decides boxes: a box no rule names goes as unknown-box, free space
/// goes wherever it is, and `box:TYPE` on request names the type in any container.
@Suite struct SharingFilterBoxTests {
    @Test func aBoxNoRuleNamesGoesAsUnknown() {
        let decision = SharingFilter.forSharing.decision(for: "box:stbl/zzzz")
        #expect(decision.action == .remove && decision.category == .unknown)
        #expect(decision.reason.hasPrefix("unknown-box"))
        #expect(SharingFilter.forSharing.decision(for: "box:minf/free").reason.contains("free space"))
        #expect(SharingFilter.forSharing.decision(for: "box:mdat").action == .keep)
    }

    @Test func keepingABoxTypeNamesItInEveryContainer() {
        let filter = SharingFilter.forSharing.keeping("box:zzzz")
        for subject in ["box:zzzz", "box:moov/zzzz", "box:avc1/zzzz", "box:traf/zzzz"] {
            #expect(filter.decision(for: subject).action == .keep, "\(subject)")
        }
        #expect(filter.decision(for: "box:stbl/zzzy").action == .remove)
        // A type under one container only.
        let one = SharingFilter.forSharing.keeping("box:stbl/zzzz")
        #expect(one.decision(for: "box:stbl/zzzz").action == .keep)
        #expect(one.decision(for: "box:minf/zzzz").action == .remove)
    }

    @Test func aPatternForAnyContainerMatchesTheTypeOnly() {
        let rule = SharingRule("box:*/free", .remove, .unknown, "test")
        #expect(rule.matches("box:minf/free"))
        #expect(rule.matches("box:moov/free"))
        #expect(!rule.matches("box:free"))
        #expect(!rule.matches("box:minf/freeze"))
        #expect(!rule.matches("udta/free"))
    }
}
