import Foundation
import LegibleTestSupport
import Testing

/// Help never names an option its command does not have (issue 29 §5): every `--NAME` in a
/// subcommand's `--help` (usage, option help, discussion prose and examples) is one of the long
/// names the parser itself reports for that command (`--experimental-dump-help`, the argument
/// parser's own description of its arguments), or belongs to the command a `legible COMMAND`
/// earlier on the same line names (`see legible qc --list-profiles`).
@Suite struct HelpOptionsTests {
    /// Each subcommand's name and the long names of its options, as the parser reports them.
    static func parserOptions() throws -> [String: Set<String>] {
        let dump = try LegibleCommand.run(["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        var options: [String: Set<String>] = [:]
        for subcommand in subcommands {
            let name = try #require(subcommand["commandName"] as? String)
            let arguments = subcommand["arguments"] as? [[String: Any]] ?? []
            options[name] = Set(arguments.flatMap { argument in
                (argument["names"] as? [[String: Any]] ?? []).compactMap { name in
                    name["kind"] as? String == "long" ? name["name"] as? String : nil
                }
            })
        }
        return options
    }

    /// `--NAME` words of `line`, each with the command a `legible COMMAND` before it in the same
    /// phrase names (a phrase ends at a backquote, a parenthesis, a comma or a semicolon:
    /// "the name `legible info` shows (--names native" is the command's own --names).
    static func optionMentions(in line: String, commands: Set<String>) -> [(option: String, command: String?)] {
        var mentions: [(String, String?)] = []
        for phrase in line.split(whereSeparator: { "`(),;".contains($0) }) {
            let words = phrase.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init)
            var named: String?
            for (index, word) in words.enumerated() {
                if word == "legible", index + 1 < words.count, commands.contains(words[index + 1]) { named = words[index + 1] }
                guard word.hasPrefix("--"), word.count > 2 else { continue }
                // A sentence's dash ("--") or a word ending in a hyphen is not an option.
                let option = String(word.dropFirst(2))
                guard let first = option.first, first.isLetter, !option.hasSuffix("-") else { continue }
                mentions.append((option, named))
            }
        }
        return mentions
    }

    @Test func helpNamesOnlyOptionsTheParserHas() throws {
        let options = try Self.parserOptions()
        #expect(options.count >= 21, "every subcommand is listed: \(options.keys.sorted())")
        // The argument parser adds these to every command.
        let builtIn: Set<String> = ["help", "version", "experimental-dump-help"]
        // `legible help` prints another command's help.
        for (command, own) in options.sorted(by: { $0.key < $1.key }) where command != "help" {
            let help = try LegibleCommand.run([command, "--help"])
            #expect(help.status == 0, "\(command): \(help.stderr)")
            var unknown: [String] = []
            for line in help.stdout.split(separator: "\n") {
                for mention in Self.optionMentions(in: String(line), commands: Set(options.keys)) {
                    let owner = mention.command ?? command
                    // batch describes its jobs, whose keys are the options of any command.
                    let known = command == "batch" && mention.command == nil
                        ? options.values.contains { $0.contains(mention.option) }
                        : (options[owner] ?? []).contains(mention.option)
                    if !known, !builtIn.contains(mention.option) {
                        unknown.append("--\(mention.option) (\(owner)) in: \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
            #expect(unknown.isEmpty, "\(command) --help names options it does not have:\n\(unknown.joined(separator: "\n"))")
            #expect(!own.isEmpty || command == "batch", "\(command) has options")
        }
    }

    /// The contract's options have the same names and help text on every writing command.
    @Test func writingCommandsShareTheContractOptions() throws {
        let commands = ["add-subtitles", "add-captions", "add-track", "set-track", "set-metadata", "add-metadata-track", "strip", "check",
                        "add-chapters", "extract", "convert", "hls", "html", "package", "report"]
        let parsed = try Self.parserOptions()
        var helpTexts: [String: Set<String>] = [:]
        for command in commands {
            let help = try LegibleCommand.run([command, "--help"])
            try #require(help.status == 0, "\(command): \(help.stderr)")
            let options = parsed[command] ?? []
            for option in ["overwrite", "quiet", "progress", "json"] {
                #expect(options.contains(option), "\(command) lacks --\(option)")
                // The option's line in the OPTIONS section, with the help text that follows it.
                let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let section = (lines.firstIndex(of: "OPTIONS:") ?? 0)
                if let start = lines[section...].firstIndex(where: { line in
                    let words = line.split(separator: " ")
                    return words.first == "--\(option)" || (words.first == "-q," && words.dropFirst().first == "--\(option)")
                }) {
                    let trimmed = lines[start...].map { $0.trimmingCharacters(in: .whitespaces) }
                    // Joined and with runs of spaces made one: each command wraps at its own column.
                    let text = ([trimmed[0]] + trimmed.dropFirst().prefix { !$0.isEmpty && !$0.hasPrefix("-") }).joined(separator: " ")
                        .split(separator: " ").joined(separator: " ")
                    helpTexts[option, default: []].insert(text)
                } else {
                    Issue.record("\(command) --help lists no --\(option) under OPTIONS")
                }
            }
        }
        for (option, texts) in helpTexts {
            #expect(texts.count == 1, "--\(option) has one help text everywhere: \(texts.sorted())")
        }
    }
}
