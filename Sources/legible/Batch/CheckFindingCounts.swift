#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How many errors and warnings a `check` job found, read from the `--json` report the batch
/// asks the child for.
struct CheckFindingCounts: Sendable, Equatable {
    var errors: Int
    var warnings: Int

    /// Nil when the output is not check's JSON report.
    init?(checkJSON: [UInt8]) {
        struct Report: Decodable {
            struct Finding: Decodable { var severity: String }
            var findings: [Finding]
        }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(checkJSON)) else { return nil }
        errors = report.findings.filter { $0.severity == "error" }.count
        warnings = report.findings.filter { $0.severity == "warning" }.count
    }

    var json: JSONValue { .object([("errors", .unsigned(errors)), ("warnings", .unsigned(warnings))]) }
}
