/// Why a batch cannot run at all (its manifest or log cannot be read or written): one `error:`
/// line and exit status 2. A bad job is not this: it is that job's failed result.
struct BatchFailure: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
