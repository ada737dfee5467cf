import Testing
@testable import Remux

/// The compact records a kept-fragmented edit plans with: `traf` numbers as a `tfra` counts
/// them (ISO/IEC 14496-12 §8.8.10: `traf_number`, from 1, among the `moof`'s `traf`s) once a
/// removed track's are left out, and moves looked up whatever order they were added in.
@Suite struct FragmentPlanningRecordsTests {
    @Test func trafNumbersCountTheTrafsKept() {
        var numbers = FragmentRewrite.TrafNumbers()
        for removed in [false, true, false, true, true, false] { numbers.append(removed: removed) }
        // Kept: the 1st, 3rd and 6th, numbered 1, 2 and 3 in the output.
        #expect((1...6).map { numbers.output(of: $0) } == [1, nil, 2, nil, nil, 3])
        #expect(numbers.output(of: 0) == nil && numbers.output(of: 7) == nil)
    }

    @Test func aMoofOfMoreTrafsThanARecordHoldsIsNotNumbered() {
        var numbers = FragmentRewrite.TrafNumbers()
        for _ in 0..<56 { numbers.append(removed: false) }
        #expect(numbers.output(of: 56) == 56)
        numbers.append(removed: false)
        #expect(numbers.output(of: 1) == nil && numbers.output(of: 57) == nil)
    }

    @Test func movesAddedOutOfOrderAreFound() {
        var relocation = MediaRelocation(moves: [], end: 4000)
        relocation.append(.init(start: 1000, end: 2000, shift: 50))
        relocation.append(.init(start: 100, end: 200, shift: -20))
        relocation.append(.init(start: 3000, end: 3100, shift: 7))
        #expect(relocation.relocated(150, length: 50) == 130)
        #expect(relocation.relocated(1500, length: 10) == 1550)
        #expect(relocation.relocated(3000, length: 100) == 3007)
        #expect(relocation.relocated(190, length: 20) == nil, "runs past its box")
        #expect(relocation.relocated(500, length: 1) == nil, "in no copied box")
        #expect(relocation.relocated(500, length: 0) == 1050, "an empty chunk goes where the copy goes on")
    }
}
