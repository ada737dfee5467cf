import ArgumentParser
import TimedText

extension CEA608Channel: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
