import Foundation
import LegibleTestSupport
import Testing

/// ARCHITECTURE.md is the one map of the layers: its `layer-graph` block must be the graph of the
/// `import` lines in Sources/ per target, and the target dependencies Package.swift declares, so the
/// map cannot drift from the code. `Scripts/layer-graph` prints the same graph; it must agree too.
@Suite struct ArchitectureMapTests {
    typealias Graph = [String: Set<String>]

    static let root = TestPaths.packageRoot
    static let sources = root.appendingPathComponent("Sources")

    /// The targets: the folders of Sources/.
    static func targets() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        })
    }

    /// Each target's imports of other targets, read from its Swift files.
    static func importedGraph() throws -> Graph {
        let targets = try targets()
        let importLine = #/^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/#
        var graph: Graph = [:]
        for target in targets {
            var imported: Set<String> = []
            let folder = sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    if let match = line.prefixMatch(of: importLine) { imported.insert(String(match.output.1)) }
                }
            }
            graph[target] = imported.intersection(targets).subtracting([target])
        }
        return graph
    }

    /// The lines of ARCHITECTURE.md's ```text layer-graph block.
    static func documentedLines() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let block = try #require(text.firstMatch(of: #/```text layer-graph\n((?s).*?)```/#), "ARCHITECTURE.md has no layer-graph block")
        return block.output.1.split(separator: "\n").map(String.init)
    }

    static func graph(of lines: [String]) -> Graph {
        Dictionary(uniqueKeysWithValues: lines.map { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let dependencies = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
            return (String(parts[0]).trimmingCharacters(in: .whitespaces), Set(dependencies))
        })
    }

    /// Package.swift's dependencies (bare target names, not other packages' products) of `targets`.
    static func declaredGraph(of targets: Set<String>) throws -> Graph {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = #/\.(?:target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([\w-]+)"/#
        let starts = manifest.matches(of: declaration)
        var graph: Graph = [:]
        for (index, start) in starts.enumerated() where targets.contains(String(start.output.1)) {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
            let body = manifest[start.range.upperBound..<end]
            var names: Set<String> = []
            if let list = body.firstMatch(of: #/dependencies:\s*\[((?s).*?)\]\s*[,)]/#) {
                for quoted in list.output.1.matches(of: #/(name:\s*)?"(\w+)"/#) where quoted.output.1 == nil {
                    names.insert(String(quoted.output.2))
                }
            }
            graph[String(start.output.1)] = names
        }
        return graph
    }

    @Test func theMapIsTheGraphOfTheImports() throws {
        let imported = try Self.importedGraph()
        #expect(imported["ISOBMFF"] == ["CZlib"], "the reader of this test: \(imported)")
        #expect(imported.count >= 10)
        let documented = Self.graph(of: try Self.documentedLines())
        for target in Set(imported.keys).union(documented.keys).sorted() {
            #expect(documented[target] == imported[target],
                    "\(target): the imports are \(imported[target]?.sorted() ?? []), ARCHITECTURE.md says \(documented[target]?.sorted() ?? [])")
        }
    }

    @Test func packageSwiftDeclaresWhatIsImported() throws {
        let imported = try Self.importedGraph()
        let declared = try Self.declaredGraph(of: Set(imported.keys))
        #expect(Set(declared.keys) == Set(imported.keys))
        for target in imported.keys.sorted() {
            #expect(declared[target] == imported[target],
                    "\(target): the imports are \(imported[target]?.sorted() ?? []), Package.swift declares \(declared[target]?.sorted() ?? [])")
        }
    }

    /// The script prints the block as it stands (lower layers first), and its check passes.
    @Test func theScriptPrintsTheMap() throws {
        let script = Self.root.appendingPathComponent("Scripts/layer-graph").path
        let printed = try ExternalTool.run(script, [])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.split(separator: "\n").map(String.init) == (try Self.documentedLines()))
        let check = try ExternalTool.run(script, ["--check"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Every file or folder of Sources/ the map names (where to start reading) is there, and every
    /// target has its row in the table of layers.
    @Test func theMapNamesWhatExists() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let paths = text.matches(of: #/`(Sources/[\w/+.-]+)`/#).map { String($0.output.1) }
        #expect(paths.count >= 5)
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path)")
        }
        for target in try Self.targets() {
            #expect(text.contains("| `\(target)` |"), "no row for \(target)")
        }
    }

    /// The order of the block is the layering: every target comes after what it imports.
    @Test func everyTargetComesAfterWhatItImports() throws {
        var seen: Set<String> = []
        for (target, dependencies) in try Self.documentedLines().map({ Self.graph(of: [$0]).first! }) {
            #expect(dependencies.isSubset(of: seen), "\(target) comes before \(dependencies.subtracting(seen).sorted())")
            seen.insert(target)
        }
    }
}
