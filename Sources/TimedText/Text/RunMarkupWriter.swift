/// Turns styled runs into tagged text for the writers, opening and closing as few tags as
/// possible: each run is wrapped in exactly its tags, and tags shared with the previous run
/// (a common prefix in the writer's canonical tag order) stay open.
struct RunMarkupWriter<Tag: Equatable> {
    /// The tags a run needs, outermost first, in a fixed canonical order.
    let tags: (StyledRun) -> [Tag]
    let openTag: (Tag) -> String
    let closeTag: (Tag) -> String

    /// The markup for `runs`; `body` gives each run's text (escaped, with any prefix such as an
    /// inner timestamp).
    func markup(_ runs: [StyledRun], body: (StyledRun) -> String) -> String {
        var output = ""
        var open: [Tag] = []
        for run in runs {
            let wanted = tags(run)
            var shared = 0
            while shared < open.count, shared < wanted.count, open[shared] == wanted[shared] { shared += 1 }
            for tag in open[shared...].reversed() { output += closeTag(tag) }
            for tag in wanted[shared...] { output += openTag(tag) }
            open = wanted
            output += body(run)
        }
        for tag in open.reversed() { output += closeTag(tag) }
        return output
    }
}
