/// How far a write has got, for a progress bar: bytes written of the bytes the output will
/// have (for an in-place edit, of the bytes appended).
public struct WriteProgress: Sendable, Equatable {
    /// The bytes of ``totalBytes`` written so far.
    public var bytesWritten: UInt64
    /// The bytes the output will have; for an in-place edit, the bytes it appends.
    public var totalBytes: UInt64

    /// Creates a progress of `bytesWritten` out of `totalBytes`.
    public init(bytesWritten: UInt64, totalBytes: UInt64) {
        self.bytesWritten = bytesWritten
        self.totalBytes = totalBytes
    }

    /// 0…1.
    public var fraction: Double { totalBytes == 0 ? 1 : min(1, Double(bytesWritten) / Double(totalBytes)) }
}
