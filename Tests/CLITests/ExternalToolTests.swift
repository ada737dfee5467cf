import Foundation
import LegibleTestSupport
import Testing

/// The one process runner every test uses: it cannot deadlock on a tool that fills both output
/// streams, and it kills a tool that hangs.
@Suite struct ExternalToolTests {
    /// 1 MiB on stderr before 1 MiB on stdout: far more than a pipe buffer (64 KiB on Linux),
    /// so a runner that read stdout to the end before stderr would wait forever.
    @Test func chattyToolOnBothStreamsCompletes() throws {
        let script = "head -c 1048576 /dev/zero | tr '\\0' e >&2; head -c 1048576 /dev/zero | tr '\\0' o"
        let output = try ExternalTool.run("/bin/sh", ["-c", script], timeout: .seconds(60))
        #expect(output.status == 0)
        #expect(output.stderr.utf8.count == 1_048_576 && output.stderr.allSatisfy { $0 == "e" })
        #expect(output.stdoutData.count == 1_048_576 && output.stdout.allSatisfy { $0 == "o" })
    }

    /// A tool still running at the time limit is killed, with its own children, and reported.
    @Test func hangingToolIsKilledAndReported() throws {
        let started = ContinuousClock.now
        do {
            _ = try ExternalTool.run("/bin/sh", ["-c", "echo waiting >&2; sleep 60 & wait"], timeout: .seconds(1))
            Issue.record("expected a timeout")
        } catch let failure as ExternalTool.Failure {
            guard case let .timedOut(command, limit, stderr) = failure else {
                Issue.record("expected a timeout, got \(failure)")
                return
            }
            #expect(command.hasPrefix("/bin/sh -c"))
            #expect(limit == .seconds(1))
            #expect(stderr == "waiting\n")
        }
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func workingDirectoryIsHonoured() throws {
        let output = try ExternalTool.run("/bin/pwd", [], in: TestPaths.testMedia)
        #expect(output.stdout == TestPaths.testMedia.path + "\n")
    }

    @Test func missingToolIsNamed() {
        #expect(throws: ExternalTool.Failure.self) { try ExternalTool.run("legible-no-such-tool", []) }
    }
}
