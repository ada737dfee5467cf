import Testing

/// `@Suite(.corpus)`, or `@Test(.corpus, arguments: try CorpusIndex.arguments(…))`: the test
/// needs the real-world corpus.
///
/// When ``CorpusIndex/problem`` reports the corpus absent or incomplete, a test without any corpus
/// file is cancelled (shown as skipped) with the reason, and one with some files is run on them
/// with the reason as a warning. Under `LEGIBLE_REQUIRE_INTEROP=1` (CI) the reason is a failure.
/// The check runs once per test function, around all of its cases.
public struct CorpusRequirement: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try CorpusIndex.requireSomeFile()
        if let problem = CorpusIndex.problem {
            if ExternalTool.interopRequired {
                Issue.record("LEGIBLE_REQUIRE_INTEROP=1: \(problem)")
            } else {
                Issue.record("\(problem) (LEGIBLE_REQUIRE_INTEROP=1 makes this a failure)", severity: .warning)
            }
        }
        try await function()
    }
}

extension Trait where Self == CorpusRequirement {
    /// The test needs the real-world corpus; see ``CorpusRequirement``.
    public static var corpus: Self { CorpusRequirement() }
}
