/// The one table of what Legible knows about box types: rows (``BoxRule``) that each library
/// target contributes and that a program composes.
///
/// ISOBMFF contributes ``isobmff``: every layout the tree parser uses, the file-level reading
/// rules and the codecs of the boxes it models. Targets above it contribute codecs for the
/// boxes they model (`tx3g` and `wvtt` sample entries, `keys`, `data`, `chpl`, …), and a
/// program composes the parts it links with ``init(composing:)``, so that a dump shows the
/// fields of every box any of them understands.
///
/// Each question is answered by the most specific row that answers it: a row for the box's
/// type in its parent, then one for `©xxx` items in its parent, then one for any type in its
/// parent, then the same three for the parent's parent (``BoxPlacement/insideItemOf(_:)``),
/// then rows for the type at file level or anywhere. One exception keeps the structure of a
/// movie whole: a box whose row makes it a ``BoxLayout/structure`` (`moov`, `trak`, `stbl`) is
/// one wherever it is.
public struct BoxRegistry: Sendable {
    /// The rows, in the order they were given.
    public var rules: [BoxRule] { index.rules }
    /// Rows that state a fact another row already states for the same boxes in the same place;
    /// the earlier row is used. Empty in a well-formed registry.
    public var conflicts: [String] { index.conflicts }
    /// The rows and what indexes them, behind one reference: a registry is copied where it is
    /// used (into a parser, for a call on ``isobmff``), and each table in it was retained.
    private let index: Index

    private final class Index: Sendable {
        let rules: [BoxRule]
        let conflicts: [String]
        let layouts: RuleIndex<BoxLayout>
        /// The position in ``rules`` of the row whose codec decodes a box.
        let codecs: RuleIndex<Int>
        let fileLevelReadings: FourCCTable<FileLevelReading>
        let roles: RuleIndex<BoxRole>

        init(rules: [BoxRule], conflicts: [String], layouts: RuleIndex<BoxLayout>, codecs: RuleIndex<Int>,
             fileLevelReadings: FourCCTable<FileLevelReading>, roles: RuleIndex<BoxRole>) {
            self.rules = rules
            self.conflicts = conflicts
            self.layouts = layouts
            self.codecs = codecs
            self.fileLevelReadings = fileLevelReadings
            self.roles = roles
        }
    }

    /// A registry of `rules`; a row that repeats a fact of an earlier one is listed in
    /// ``conflicts`` and not used for that fact.
    public init(_ rules: [BoxRule]) {
        var conflicts: [String] = []
        var layouts = RuleIndex<BoxLayout>()
        var codecs = RuleIndex<Int>()
        var fileLevelReadings = FourCCTable<FileLevelReading>()
        var roles = RuleIndex<BoxRole>()
        for (position, rule) in rules.enumerated() {
            if let role = rule.role, !roles.insert(role, for: rule) {
                conflicts.append("\(rule.type) \(rule.placement): a second role (\(rule.specification))")
            }
            if let layout = rule.layout, !layouts.insert(layout, for: rule) {
                conflicts.append("\(rule.type) \(rule.placement): a second layout (\(rule.specification))")
            }
            if rule.codec != nil, !codecs.insert(position, for: rule) {
                conflicts.append("\(rule.type) \(rule.placement): a second codec (\(rule.specification))")
            }
            if let reading = rule.fileLevelReading {
                guard case let .type(type) = rule.type, rule.placement == .fileLevel, fileLevelReadings[type] == nil else {
                    conflicts.append("\(rule.type) \(rule.placement): a file-level reading needs one type at file level, once")
                    continue
                }
                fileLevelReadings[type] = reading
            }
        }
        index = Index(rules: rules, conflicts: conflicts, layouts: layouts, codecs: codecs, fileLevelReadings: fileLevelReadings,
                      roles: roles)
    }

    /// The rows of every part, in order: the first part's rows win a conflict.
    public init(composing parts: [BoxRegistry]) {
        self.init(parts.flatMap(\.rules))
    }

    /// The layout of a box of `type` in `parent` (nil at file level) in a track of `handler`,
    /// whose payload starts with `payloadStart`; nil for a leaf.
    public func layout(of type: FourCC, parent: FourCC?, handler: FourCC?,
                       payloadStart: ArraySlice<UInt8>) -> ContainerLayout? {
        if let anywhere = index.layouts.anywhere.value(for: type), anywhere.isStructure {
            return anywhere.resolved(payloadStart: payloadStart, handler: handler)
        }
        return index.layouts.value(for: type, in: BoxContext(parent: parent, handler: handler))?
            .resolved(payloadStart: payloadStart, handler: handler)
    }

    /// How the parser reads a box of `type` at file level; nil for the default (read whole
    /// when small).
    public func fileLevelReading(of type: FourCC) -> FileLevelReading? {
        index.fileLevelReadings[type]
    }

    /// What a box of `type` in `context` is for, when a row names it as a part players need;
    /// nil for a box no row places there (which a player skips, ISO/IEC 14496-12 §4.2).
    public func role(of type: FourCC, in context: BoxContext) -> BoxRole? {
        index.roles.value(for: type, in: context)
    }

    /// The row whose codec decodes a box of `type` in `context`, found without reading the box.
    public func rule(decoding type: FourCC, in context: BoxContext) -> BoxRule? {
        index.codecs.value(for: type, in: context).map { rules[$0] }
    }

    /// The decoded box, nil when no row decodes it in `context` (or it is not in the form its
    /// codec reads); a decoding failure, or a version the codec does not read, is returned as
    /// an error so that a dump can show it beside the box. A box the parser left in the file is
    /// read for the occasion, within `limits`.
    public func decode(_ box: Box, in context: BoxContext, limits: Limits = .standard) -> Result<any BoxModel, BoxError>? {
        guard let rule = rule(decoding: box.type, in: context), let codec = rule.codec else { return nil }
        do throws(BoxError) {
            let box = try box.loaded(limits: limits)
            if let versions = rule.versions, let version = box.data?.first, !versions.contains(version) {
                throw try box.payloadReader().error(.unsupportedVersion(box: box.type, version: version, reads: versions))
            }
            guard let model = try codec.decode(box, context) else { return nil }
            return .success(model)
        } catch {
            return .failure(error)
        }
    }

    /// The decoded fields of `box` (see ``decode(_:in:limits:)``).
    public func fields(of box: Box, in context: BoxContext, limits: Limits = .standard) -> Result<[BoxField], BoxError>? {
        decode(box, in: context, limits: limits).map { $0.map(\.fields) }
    }
}

/// Rows' values of one kind (layouts, codecs) indexed by where they apply.
private struct RuleIndex<Value: Sendable>: Sendable {
    /// The values for one place, by the boxes they match.
    struct Place: Sendable {
        var byType = FourCCTable<Value>()
        var copyrightSymbolItems: Value?
        var anyType: Value?

        /// The most specific value for `type`.
        func value(for type: FourCC) -> Value? {
            if let value = byType[type] { return value }
            if type.isCopyrightSymbolItem, let copyrightSymbolItems { return copyrightSymbolItems }
            return anyType
        }

        /// Stores `value` for `match`; false when a value was already there.
        mutating func insert(_ value: Value, for match: BoxTypeMatch) -> Bool {
            switch match {
            case let .type(type):
                guard byType[type] == nil else { return false }
                byType[type] = value
            case .copyrightSymbolItems:
                guard copyrightSymbolItems == nil else { return false }
                copyrightSymbolItems = value
            case .anyType:
                guard anyType == nil else { return false }
                anyType = value
            }
            return true
        }
    }

    var fileLevel = Place()
    var anywhere = Place()
    /// Places by parent type (`inParent`) and by grandparent (`inItemOf`), as positions in
    /// `places`: a lookup reads the place where it is rather than copying it out of a table.
    var inParent = FourCCTable<Int>()
    var inItemOf = FourCCTable<Int>()
    var places: [Place] = []

    /// Stores `value` where `rule` applies; false when one of its places already had one.
    mutating func insert(_ value: Value, for rule: BoxRule) -> Bool {
        switch rule.placement {
        case .fileLevel:
            return fileLevel.insert(value, for: rule.type)
        case .anywhere:
            return anywhere.insert(value, for: rule.type)
        case let .inside(parents):
            var inserted = true
            for parent in parents.sorted() {
                let position = placePosition(parent, itemOf: false)
                inserted = places[position].insert(value, for: rule.type) && inserted
            }
            return inserted
        case let .insideItemOf(grandparent):
            let position = placePosition(grandparent, itemOf: true)
            return places[position].insert(value, for: rule.type)
        }
    }

    /// The position in `places` of the place for boxes in `type` (`itemOf`: in items of
    /// `type`), made empty if there is none yet.
    private mutating func placePosition(_ type: FourCC, itemOf: Bool) -> Int {
        if let position = itemOf ? inItemOf[type] : inParent[type] { return position }
        places.append(Place())
        if itemOf { inItemOf[type] = places.count - 1 } else { inParent[type] = places.count - 1 }
        return places.count - 1
    }

    /// The value of the most specific row for a box of `type` in `context`.
    func value(for type: FourCC, in context: BoxContext) -> Value? {
        if let parent = context.parent {
            if let position = inParent[parent], let value = places[position].value(for: type) { return value }
            if let grandparent = context.grandparent, let position = inItemOf[grandparent],
               let value = places[position].value(for: type) { return value }
        } else if let value = fileLevel.value(for: type) {
            return value
        }
        return anywhere.value(for: type)
    }
}
