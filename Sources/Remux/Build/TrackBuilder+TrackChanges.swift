import Movie

extension TrackBuilder {
    /// Gives a new track the properties `changes` asks for, `group` its alternate group already
    /// resolved (nil: none), as `TrackBoxEditor.apply(_:group:)` would set them on an existing
    /// track: a new track has no characteristic or reference to remove, so only additions count.
    mutating func setProperties(_ changes: TrackChanges, group: Int16?) {
        if let language = changes.language { setLanguage(language) }
        if let name = changes.name { self.name = name }
        if let group { header.alternateGroup = group }
        if let enabled = changes.makesDefault ? true : changes.isEnabled {
            if enabled { header.flags.insert(.enabled) } else { header.flags.remove(.enabled) }
        }
        characteristics += changes.addedCharacteristics
        references += changes.addedReferences
    }
}
