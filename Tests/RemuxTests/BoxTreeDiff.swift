import ISOBMFF

/// Where two box trees differ, as paths like `moov/trak[3]/mdia/elng` (children keyed by type
/// and occurrence of that type, so an inserted box does not shift its siblings of other types).
/// A leaf differs when its bytes do; a container when its type or its bytes before and after
/// the children do, and then its children are compared.
enum BoxTreeDiff {
    static func paths(_ old: Box, _ new: Box, ignoring ignored: Set<FourCC> = []) throws -> [String] {
        try paths(old, new, at: old.type.description, ignoring: ignored)
    }

    /// The differences of every top-level box of two files; boxes of a type the files have a
    /// different number of are keyed by occurrence as children are.
    static func paths(_ old: [Box], _ new: [Box], ignoring ignored: Set<FourCC> = []) throws -> [String] {
        try childPaths(old, new, at: "", ignoring: ignored)
    }

    private static func paths(_ old: Box, _ new: Box, at path: String, ignoring ignored: Set<FourCC>) throws -> [String] {
        guard case let .container(before) = old.content, case let .container(after) = new.content else {
            return try old.encoded() == new.encoded() ? [] : [path]
        }
        let own = old.type != new.type || before.prefix != after.prefix || before.trailing != after.trailing ? [path] : []
        return own + (try childPaths(before.children, after.children, at: path + "/", ignoring: ignored))
    }

    private static func childPaths(_ old: [Box], _ new: [Box], at prefix: String, ignoring ignored: Set<FourCC>) throws -> [String] {
        let before = keyed(old, ignoring: ignored), after = keyed(new, ignoring: ignored)
        var result: [String] = []
        for (key, box) in before {
            guard let match = after.first(where: { $0.key == key }) else {
                result.append(prefix + key + " (removed)")
                continue
            }
            result += try paths(box, match.box, at: prefix + key, ignoring: ignored)
        }
        for (key, _) in after where !before.contains(where: { $0.key == key }) {
            result.append(prefix + key + " (added)")
        }
        return result
    }

    /// `type` for the first child of a type, `type[n]` (0-based) for later ones.
    private static func keyed(_ boxes: [Box], ignoring ignored: Set<FourCC>) -> [(key: String, box: Box)] {
        var seen: [FourCC: Int] = [:]
        return boxes.compactMap { box in
            guard !ignored.contains(box.type) else { return nil }
            let index = seen[box.type, default: 0]
            seen[box.type] = index + 1
            return (index == 0 ? box.type.description : "\(box.type)[\(index)]", box)
        }
    }
}

extension Box {
    /// The box without its children of `types`, at any depth.
    func removing(_ types: Set<FourCC>) -> Box {
        guard case .container = content else { return self }
        var copy = self
        copy.setChildren(children.filter { !types.contains($0.type) }.map { $0.removing(types) })
        return copy
    }
}
