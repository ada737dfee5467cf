/// A privacy policy as data: rules checked in order, the first that matches a subject decides,
/// and a subject no rule matches is removed (an allow-list, like Apple's
/// `AVMetadataItemFilter.forSharing()`, which keeps only what it knows to be safe).
public struct SharingFilter: Sendable, Hashable {
    /// The rules, checked in order.
    public var rules: [SharingRule]

    /// Creates a filter of `rules`, checked in order.
    public init(rules: [SharingRule]) { self.rules = rules }

    /// What the filter does with one subject, and the rule that says so.
    public struct Decision: Sendable, Hashable {
        /// Whether the subject is kept or removed.
        public var action: SharingRule.Action
        /// The kind of information the subject is.
        public var category: SharingCategory
        /// Why, for people.
        public var reason: String
        /// The pattern of the deciding rule; nil when no rule matched.
        public var pattern: String?
    }

    /// The decision of the first rule that matches `subject`; removal when none does.
    public func decision(for subject: String) -> Decision {
        guard let rule = rules.first(where: { $0.matches(subject) }) else {
            return Decision(action: .remove, category: .unknown,
                            reason: "not known to be safe to share: custom items could hold anything", pattern: nil)
        }
        return Decision(action: rule.action, category: rule.category, reason: rule.reason, pattern: rule.pattern)
    }

    /// The decision for a metadata item's identifier.
    public func decision(for identifier: MetadataIdentifier) -> Decision { decision(for: identifier.description) }

    /// The filter with `target` — a category name (`location`), a subject or a pattern — kept,
    /// ahead of every other rule.
    public func keeping(_ target: String) -> SharingFilter { overriding(target, with: .keep) }

    /// The filter with `target` removed, ahead of every other rule.
    public func removing(_ target: String) -> SharingFilter { overriding(target, with: .remove) }

    private func overriding(_ target: String, with action: SharingRule.Action) -> SharingFilter {
        let verb = action == .keep ? "kept" : "removed"
        let added: [SharingRule]
        if let category = SharingCategory(rawValue: target) {
            added = rules.filter { $0.category == category }.map { rule in
                SharingRule(rule.pattern, action, category, "\(verb) on request (\(target))")
            } + (category == .unknown && action == .keep ? [SharingRule("*", .keep, .unknown, "kept on request (unknown)")] : [])
        } else {
            let category = rules.first { $0.matches(target) || $0.pattern == target }?.category ?? .unknown
            // `box:TYPE` names the type wherever it is: at file level and inside any container.
            let type = target.dropFirst("box:".count)
            let patterns = target.hasPrefix("box:") && !type.contains("/") && !type.hasSuffix("*")
                ? [target, SharingRule.boxInAnyContainer + type] : [target]
            added = patterns.map { SharingRule($0, action, category, "\(verb) on request (\(target))") }
        }
        return SharingFilter(rules: added + rules)
    }
}
