import Foundation

/// Where the tests find the package, its bundled media and the shared real-world corpus.
public enum TestPaths {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    public static var testMedia: URL { packageRoot.appendingPathComponent("TestMedia") }

    /// `../shared/corpus` beside the checkout, or `$LEGIBLE_CORPUS`.
    public static var corpus: URL {
        if let override = ProcessInfo.processInfo.environment["LEGIBLE_CORPUS"] { return URL(fileURLWithPath: override) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The media files in TestMedia/ (movies only), sorted. TestMedia/ is part of the package: a
    /// checkout without it stops the run rather than turning every test over it into zero cases.
    public static var testMediaFiles: [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: testMedia.path)
        } catch {
            fatalError("TestMedia/ cannot be read at \(testMedia.path): \(error)")
        }
        return names.filter { [".mov", ".mp4", ".m4v", ".m4a"].contains(where: $0.hasSuffix) }.sorted()
            .map { testMedia.appendingPathComponent($0) }
    }

    /// The built `legible` executable, next to the test bundle.
    public static var legibleExecutable: URL {
        if let override = ProcessInfo.processInfo.environment["LEGIBLE_BINARY"] { return URL(fileURLWithPath: override) }
        return builtExecutable("legible")
    }

    /// An executable of this package built beside the test bundle (`.build/debug/NAME`).
    public static func builtExecutable(_ name: String) -> URL {
        let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: selfPath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }
}
