/// Where rendered text goes: standard output, or anywhere else a renderer is exercised (the
/// fuzz harness counts what would be printed).
protocol TextSink {
    mutating func write(_ text: String)
}

extension TextSink {
    mutating func writeLine(_ text: String) { write(text + "\n") }
}
