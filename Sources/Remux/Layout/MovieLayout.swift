import ISOBMFF

/// The output of a full rewrite, every offset known before a byte is written: a regular movie
/// (``FullRewriteLayout``) or one that stays fragmented (``FragmentedLayout``).
protocol MovieLayout {
    /// The output's size in bytes.
    var totalSize: UInt64 { get }
    /// Output ranges written as zeros in place of what ``write(to:)`` writes there (samples of
    /// removed tracks, what lies between `mdat`s made one): the writer passes the output through
    /// an ``ErasingSink``.
    var erasures: [Range<UInt64>] { get }
    /// What the edit left out of the source unasked, for the report.
    var warnings: [String] { get }
    /// Writes the output, from its first byte.
    func write(to sink: inout some ByteSink) throws(BoxError)
}
