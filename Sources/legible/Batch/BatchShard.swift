import ArgumentParser

/// `--shard I/N`: this runner's share of a manifest, so a job array of N tasks (a Kubernetes
/// Indexed Job, a Slurm array) covers every job exactly once.
struct BatchShard: Sendable, Equatable, ExpressibleByArgument {
    /// I: which share, from 0.
    var index: Int
    /// N: how many shares.
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count > 0, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }
}
