import Foundation

/// A fresh folder under the system's temporary directory for one test's files. Remove it with
/// ``remove()`` in a `defer`: a struct, not a class, so the folder never disappears while a path
/// taken from it is still in use.
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// Creates `legible-LABEL-UUID/`.
    public init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    /// The path of `name` in the folder (the file need not exist).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Copies a file into the folder under `name` and returns the copy's path.
    public func copy(_ source: URL, as name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }

    /// The names in the folder, hidden ones included, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}
