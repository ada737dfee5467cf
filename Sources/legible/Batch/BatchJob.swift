/// One job of a batch manifest: a subcommand and its keys, as one JSON line gave them.
struct BatchJob: Sendable {
    /// The manifest line, counting from 1 (blank and comment lines included), so a report points at it.
    var line: Int
    /// The position among the manifest's job lines, counting from 0: what `--shard` divides.
    var index: Int
    /// The line's text, trimmed: what the resume log's hash identifies.
    var text: String
    /// The subcommand, from the `command` key; nil when the line is not a job.
    var command: String?
    /// Every key but `command`.
    var values: [String: JobValue]
    /// Why the line is not a runnable job (malformed JSON, no command); nil when it parsed.
    var problem: String?

    /// The `input` key's text (the subcommand's first positional argument).
    var input: String? { values["input"]?.argument }
    /// The `output` key's text (`-o`).
    var output: String? { values["output"]?.argument }

    /// FNV-1a (64-bit) of the line's text, in hex: a job edited in the manifest is a new job to
    /// the resume log. Stable across runs and platforms, unlike `Hasher`.
    var hash: String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16).leftPadded(to: 16)
    }
}
