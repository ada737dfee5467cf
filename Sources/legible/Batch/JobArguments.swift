/// The command line a batch job stands for, checked against its command's ``CommandShape``.
///
/// The mapping, the same for every command:
/// - `input` is the first positional argument (the movie); a key named like a later positional
///   (add-subtitles' `subtitles`, add-chapters' `chapters`) is that positional;
/// - every other key is a long option, its camelCase name spelled in kebab-case (`inPlace` →
///   `--in-place`, `output` → `--output`, the long form of `-o`); kebab-case keys are taken as they are;
/// - a string or number is the option's value (`--key=value`, so a value starting with `-`
///   stays a value); `true` is a flag, `false` leaves it out; an array repeats the option;
/// - a key the command does not have, or a value of the wrong kind, is the job's error, so a
///   typo is reported rather than passed on.
///
/// Positionals come last, after `--`, so a file named `-x.mov` is still a file.
struct JobArguments: Sendable, Equatable {
    /// The arguments after the subcommand's name.
    var arguments: [String]

    /// Why a job does not map onto its command.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var description: String
    }

    init(job: BatchJob, command: String, shape: CommandShape) throws(Failure) {
        var positionalValues: [String] = []
        var consumed: Set<String> = []
        for (position, positional) in shape.positionals.enumerated() {
            let key = position == 0 ? "input" : positional.name
            guard let value = job.values[key] else {
                if positional.isOptional { break }
                throw Failure(description: "\(command) needs \"\(key)\"")
            }
            guard let text = value.argument else {
                throw Failure(description: "\"\(key)\" is \(value.kind); it takes a path")
            }
            positionalValues.append(text)
            consumed.insert(key)
        }
        var options: [String] = []
        for key in job.values.keys.sorted() where !consumed.contains(key) {
            let name = Self.kebabCase(key)
            guard let option = shape.options[name], let value = job.values[key] else {
                let known = ["input"] + shape.positionals.dropFirst().map(\.name) + shape.options.keys.sorted()
                throw Failure(description: "unknown key \"\(key)\": \(command) takes \(known.joined(separator: ", "))")
            }
            options += try Self.spelling(of: value, key: key, option: name, kind: option)
        }
        arguments = options + (positionalValues.isEmpty ? [] : ["--"] + positionalValues)
    }

    private static func spelling(of value: JobValue, key: String, option name: String,
                                 kind option: CommandShape.Option) throws(Failure) -> [String] {
        switch (option.kind, value) {
        case let (.flag, .bool(isSet)):
            return isSet ? ["--\(name)"] : []
        case (.flag, _):
            throw Failure(description: "\"\(key)\" is a flag: give it true or false, not \(value.kind)")
        case let (.value, .array(elements)):
            guard option.isRepeating else {
                throw Failure(description: "\"\(key)\" takes one value, not an array")
            }
            var arguments: [String] = []
            for element in elements {
                guard let text = element.argument else {
                    throw Failure(description: "\"\(key)\" has \(element.kind) in its array; give strings or numbers")
                }
                arguments.append("--\(name)=\(text)")
            }
            return arguments
        case (.value, _):
            guard let text = value.argument else {
                throw Failure(description: "\"\(key)\" takes a value (a string or number), not \(value.kind)")
            }
            return ["--\(name)=\(text)"]
        }
    }

    /// `inPlace` → `in-place`; a key without capitals is unchanged.
    static func kebabCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                if !result.isEmpty { result.append("-") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
