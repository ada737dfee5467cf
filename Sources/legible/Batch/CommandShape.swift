#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a subcommand accepts on its command line: its positional arguments in order, and its
/// long options and flags. Read from the argument parser's own description of the command
/// tree (the `--experimental-dump-help` JSON), so a batch job is checked against the command
/// as it is built, and a new command needs no table here.
struct CommandShape: Sendable, Equatable {
    /// The positional arguments' names (`movie`, `subtitles`) in command-line order.
    var positionals: [Positional]
    /// Long option and flag names without `--`.
    var options: [String: Option]

    struct Positional: Sendable, Equatable {
        var name: String
        var isOptional: Bool
    }

    struct Option: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case flag, value }
        var kind: Kind
        var isRepeating: Bool
    }

    /// The shape of every subcommand in a dump-help document, keyed by command name; empty when
    /// the document does not decode.
    static func shapes(dumpHelp: String) -> [String: CommandShape] {
        guard let tool = try? JSONDecoder().decode(ToolInfo.self, from: Data(dumpHelp.utf8)) else { return [:] }
        var shapes: [String: CommandShape] = [:]
        for command in tool.command.subcommands ?? [] {
            shapes[command.commandName] = CommandShape(arguments: command.arguments ?? [])
        }
        return shapes
    }

    init(positionals: [Positional], options: [String: Option]) {
        self.positionals = positionals
        self.options = options
    }

    private init(arguments: [ArgumentInfo]) {
        var positionals: [Positional] = []
        var options: [String: Option] = [:]
        for argument in arguments {
            switch argument.kind {
            case "positional":
                positionals.append(Positional(name: argument.valueName ?? "argument\(positionals.count + 1)",
                                              isOptional: argument.isOptional))
            case "option", "flag":
                let option = Option(kind: argument.kind == "flag" ? .flag : .value, isRepeating: argument.isRepeating)
                for name in argument.names ?? [] where name.kind == "long" && !Self.reserved.contains(name.name) {
                    options[name.name] = option
                }
            default: continue
            }
        }
        self.init(positionals: positionals, options: options)
    }

    /// Flags a job has no business giving a child: they print something other than the job's work.
    private static let reserved: Set<String> = ["help", "version", "experimental-dump-help"]

    /// The fields of the argument parser's `ToolInfoV0` this reads.
    private struct ToolInfo: Decodable {
        var command: CommandInfo
    }

    private struct CommandInfo: Decodable {
        var commandName: String
        var subcommands: [CommandInfo]?
        var arguments: [ArgumentInfo]?
    }

    private struct ArgumentInfo: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var kind: String
        var names: [Name]?
        var valueName: String?
        var isOptional: Bool
        var isRepeating: Bool
    }
}
