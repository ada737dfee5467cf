import ISOBMFF
import Testing
@testable import Metadata

/// A privacy review reads again only the fragments the reader marked as holding more than their
/// structure (a box no registry row places there, user data or metadata). That skips nothing
/// the review would flag only if every box type it flags as belonging at file level is also
/// one no row places inside a fragment.
@Suite struct FragmentReviewCoverageTests {
    @Test func fileLevelBoxesHaveNoPlaceInAFragment() {
        for type in SharingReview.fileLevelOnly {
            for parent in ["moof", "traf"] as [FourCC] {
                #expect(BoxRegistry.isobmff.role(of: type, in: BoxContext(parent: parent)) == nil, "\(parent)/\(type)")
            }
        }
    }
}
