/// Where each key of a table is, by identifier and language, and the first of each identifier.
struct TimedMetadataKeyIndex {
    private var exact: [String: Int] = [:]
    private var firstOfIdentifier: [MetadataIdentifier: Int] = [:]

    mutating func add(_ key: TimedMetadataKey, at index: Int) {
        let name = Self.name(key.identifier, key.locale)
        if exact[name] == nil { exact[name] = index }
        if firstOfIdentifier[key.identifier] == nil { firstOfIdentifier[key.identifier] = index }
    }

    func index(of identifier: MetadataIdentifier, language: String?) -> Int? { exact[Self.name(identifier, language)] }

    func first(of identifier: MetadataIdentifier) -> Int? { firstOfIdentifier[identifier] }

    private static func name(_ identifier: MetadataIdentifier, _ language: String?) -> String { "\(identifier)\u{0}\(language ?? "")" }
}
