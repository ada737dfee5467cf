import ArgumentParser
import Quality

/// `--profile netflix`: a quality profile by name; usage errors list the names.
extension QualityProfile: ExpressibleByArgument {
    public init?(argument: String) {
        guard let profile = QualityProfile.named(argument) else { return nil }
        self = profile
    }

    public var defaultValueDescription: String { name }

    public static var allValueStrings: [String] { all.map(\.name) }
}
