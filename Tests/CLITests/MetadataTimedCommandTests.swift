import Foundation
import LegibleTestSupport
import Testing

/// `legible metadata --timed --json` reads back a timed location track written from a GPX: one
/// sample per point within the movie, at the point's time, with the point's coordinates (values from the GPX in
/// ``StripCommandTests/route``).
@Suite struct MetadataTimedCommandTests {
    @Test func aGPXTrackReadsBackPointForPoint() throws {
        let folder = try TemporaryFolder("cli-metadata-timed")
        defer { folder.remove() }
        let movie = try StripCommandTests().movieWithRoute(in: folder)
        let result = try ExternalTool.run(CLITests.binary, ["metadata", "--timed", "--json", movie])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let timed = try #require(json["timed"] as? [[String: Any]])
        try #require(timed.count == 1)
        #expect(timed[0]["describes"] as? [Int] == [1])
        let samples = try #require(timed[0]["samples"] as? [[String: Any]])
        // The movie lasts 2 s: the third point, at 2 s, is past its end and is dropped.
        let points = [(-33.8568, 151.2153, 5.0), (-33.8570, 151.2155, 6.0)]
        try #require(samples.count == points.count, "\(samples)")
        for (index, point) in points.enumerated() {
            #expect(abs((samples[index]["start"] as? Double ?? -1) - Double(index)) < 0.001)
            let items = try #require(samples[index]["items"] as? [[String: Any]])
            let location = try #require(items.first { $0["identifier"] as? String == "mdta/com.apple.quicktime.location.ISO6709" })
            let text = try #require(location["value"] as? String)
            // ISO 6709: signed latitude, signed longitude, signed altitude, '/'.
            let numbers = text.dropLast().split(omittingEmptySubsequences: true) { $0 == "+" || $0 == "-" }
            let signs = text.filter { $0 == "+" || $0 == "-" }.map { $0 == "-" ? -1.0 : 1.0 }
            let values = zip(numbers, signs).map { (Double($0.0) ?? .nan) * $0.1 }
            #expect(values.count == 3 && abs(values[0] - point.0) < 1e-4 && abs(values[1] - point.1) < 1e-4 && abs(values[2] - point.2) < 1e-3,
                    "\(text)")
        }
    }
}
