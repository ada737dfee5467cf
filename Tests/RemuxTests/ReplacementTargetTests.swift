import FileOutput
import Foundation
import ISOBMFF
import LegibleTestSupport
import Remux
import Testing

/// What a full rewrite may put its output in place of: only a regular file, and only when asked
/// to replace one. A FIFO, a link (to a file, or dangling), a folder or a device node at the
/// target is refused before anything is written and again at the rename, and stays as it was;
/// so is one that appears while the new file is written. Names up to the file system's 255
/// bytes work, however the temporary name beside them is made.
@Suite struct ReplacementTargetTests {
    static func error(_ body: () throws(BoxError) -> Void) -> BoxError? {
        do throws(BoxError) { try body() } catch { return error }
        return nil
    }

    /// lstat(2)'s word for each kind, as ReplacementFile names them.
    static func word(for kind: SpecialFile) -> String {
        switch kind {
        case .fifo: "a FIFO"
        case .linkToFile, .danglingLink: "a symbolic link"
        case .folder: "a folder"
        case .characterDevice: "a character device"
        }
    }

    static let cases: [(SpecialFile, Bool, Bool)] = SpecialFile.allCases.flatMap { kind in
        [true, false].flatMap { replacing in [true, false].map { (kind, replacing, $0) } }
    }

    @Test(arguments: cases)
    func specialTargetIsRefusedAndLeftAsItWas(_ kind: SpecialFile, replacingExisting: Bool, unnamed: Bool) throws {
        let folder = try TemporaryFolder("target-\(kind)")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        guard try kind.make(at: target) else { return }
        let before = SpecialFile.snapshot(target)
        let names = try folder.contents()

        let failure = try #require(Self.error { () throws(BoxError) in
            _ = try ReplacementFile(replacing: target, replacingExisting: replacingExisting, allowingUnnamed: unnamed)
        })
        #expect(failure.description == "cannot write '\(target)': it is \(Self.word(for: kind)), not a regular file; only regular files are replaced")
        #expect(SpecialFile.snapshot(target) == before)
        #expect(try folder.contents() == names, "no temporary file")
    }

    /// The engine's own entry point refuses them the same way, with or without replacing.
    @Test(arguments: SpecialFile.allCases, [true, false])
    func movieEditorRefusesASpecialTarget(_ kind: SpecialFile, replacingExisting: Bool) throws {
        let folder = try TemporaryFolder("editor-target")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        guard try kind.make(at: target) else { return }
        let before = SpecialFile.snapshot(target)
        let editor = try MovieEditor(path: RemuxFixtures.media("demo.mov").path)
        let plan = EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()])
        let failure = #expect(throws: EditError.self) {
            _ = try editor.write(plan, to: target, replacingExisting: replacingExisting)
        }
        guard case let .box(error)? = failure else {
            Issue.record("not a file error: \(String(describing: failure))")
            return
        }
        #expect(error.description.contains("not a regular file"), "\(error)")
        #expect(SpecialFile.snapshot(target) == before)
    }

    /// A FIFO (or a link) put at the target after the new file was made, before the commit:
    /// the commit refuses it, leaves it, and removes the new file.
    @Test(arguments: cases.filter { [.fifo, .danglingLink, .linkToFile].contains($0.0) })
    func specialFileAppearingBeforeTheCommitIsRefused(_ kind: SpecialFile, replacingExisting: Bool, unnamed: Bool) throws {
        let folder = try TemporaryFolder("target-appears")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        let file = try ReplacementFile(replacing: target, replacingExisting: replacingExisting, allowingUnnamed: unnamed)
        try file.sink.write(Array("the new movie".utf8)[...])
        _ = try kind.make(at: target)
        let before = SpecialFile.snapshot(target)
        let names = try folder.contents().filter { !$0.contains(".legible-") }

        let failure = try #require(Self.error { () throws(BoxError) in try file.commit() })
        let expected = replacingExisting
            ? "cannot write '\(target)': it is \(Self.word(for: kind)), not a regular file; only regular files are replaced"
            : "cannot write '\(target)': it appeared while the new file was being written"
        #expect(failure.description == expected)
        #expect(SpecialFile.snapshot(target) == before)
        #expect(try folder.contents() == names, "the new file is gone")
    }

    /// A regular file at the target is refused unless replacing was asked for, and stays.
    @Test(arguments: [true, false])
    func existingFileIsReplacedOnlyWhenAsked(unnamed: Bool) throws {
        let folder = try TemporaryFolder("target-exists")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        try Data("an older file".utf8).write(to: URL(fileURLWithPath: target))
        let failure = try #require(Self.error { () throws(BoxError) in
            _ = try ReplacementFile(replacing: target, replacingExisting: false, allowingUnnamed: unnamed)
        })
        #expect(failure.description == "cannot write '\(target)': it exists")
        #expect(try folder.contents() == ["out.mov"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "an older file")
    }

    /// Names of 241 to 255 bytes (ASCII, and two-byte characters, which a shortened temporary
    /// name must not cut in half): created new, and replacing a file of that name.
    static let longNames: [String] = (241...255).map { String(repeating: "n", count: $0 - 4) + ".mov" }
        + [String(repeating: "é", count: 125) + "x.mov", "x" + String(repeating: "é", count: 125) + ".mov"]

    @Test(arguments: longNames, [true, false])
    func longNamesWork(_ name: String, unnamed: Bool) throws {
        #expect(name.utf8.count <= 255)
        let folder = try TemporaryFolder("target-long")
        defer { folder.remove() }
        let target = folder.path(name)
        for content in ["first", "second"] {
            let file = try ReplacementFile(replacing: target, allowingUnnamed: unnamed)
            try file.sink.write(Array(content.utf8)[...])
            try file.commit()
            #expect(try String(contentsOfFile: target, encoding: .utf8) == content)
            #expect(try folder.contents() == [name])
        }
        let prefix = ReplacementFile.temporaryNamePrefix(forTargetName: name)
        #expect(prefix.utf8.count + 6 <= 255)
    }

    /// The hidden name a named temporary file gets is one `isTemporaryName` recognises (what
    /// `batch` removes when a killed job left one), for short and long targets alike.
    @Test(arguments: ["movie.mov"] + longNames)
    func temporaryFileHasARecognisedName(_ name: String) throws {
        let folder = try TemporaryFolder("target-temporary")
        defer { folder.remove() }
        let file = try ReplacementFile(replacing: folder.path(name), allowingUnnamed: false)
        let temporary = try #require(try folder.contents().first)
        #expect(temporary.utf8.count <= 255)
        #expect(ReplacementFile.isTemporaryName(temporary, forTargetName: name), "\(temporary)")
        file.discard()
        #expect(try folder.contents() == [])
    }
}
