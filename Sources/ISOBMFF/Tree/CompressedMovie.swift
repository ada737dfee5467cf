import CZlib

/// A compressed movie resource (`moov/cmov`: `dcom` names the algorithm, `cmvd` holds the
/// uncompressed size and a zlib stream whose content is a complete `moov`).
///
/// QTFF "Compressed movie resources". Chunk offsets inside the inflated `moov` still refer to
/// the original file. The stream is inflated in steps into memory that grows only with what it
/// really produces, capped by ``Limits/maxLoadedBytes``; the result must equal the size `cmvd`
/// declares, and a declared size is never allocated on trust.
public enum CompressedMovie {
    /// Output is produced in steps of this many bytes.
    static let inflateStep = 64 << 10

    /// Inflates the `cmov` inside `moov` and parses the `moov` it holds; `source` supplies a
    /// `cmvd` payload the parser left in the file. The boxes it may hold are bounded by the
    /// compressed bytes, as a box index of them is (`Limits.maxIndexRecords(forInputSize:)`):
    /// a few kilobytes that inflate to a flood of tiny boxes stop at thousands, not at the
    /// limit a file of the inflated size would have.
    public static func inflate(_ cmov: Box, limits: Limits = .standard) throws(BoxError) -> Box {
        let stream = try inflatedStream(cmov, limits: limits)
        var bounded = limits
        bounded.maxBoxCount = min(limits.maxBoxCount, limits.maxIndexRecords(forInputSize: stream.compressedSize))
        let boxes = try BoxTreeParser.parseBoxes(stream.bytes, path: stream.path, limits: bounded)
        guard boxes.count == 1, let movie = boxes.first, movie.type == "moov" else { throw notAMovie(at: stream.path) }
        return movie
    }

    /// The bytes the `cmov` inside `moov` inflates to, the path their boxes' paths start with,
    /// and the size of the compressed stream they came from.
    static func inflatedStream(_ cmov: Box, limits: Limits) throws(BoxError) -> (bytes: [UInt8], path: String, compressedSize: UInt64) {
        let location = cmov.location ?? BoxLocation(path: "moov/cmov", offset: 0)
        guard let dcom = cmov.child("dcom"), let cmvd = cmov.child("cmvd") else {
            throw BoxError(.missingBox("cmov needs both dcom and cmvd"), at: location)
        }
        var algorithmReader = try dcom.loaded(limits: limits).payloadReader()
        let algorithm = try algorithmReader.readFourCC()
        guard algorithm == "zlib" else {
            throw algorithmReader.error(.unsupported("compressed movie algorithm '\(algorithm)' (only zlib is defined)"))
        }
        var reader = try cmvd.loaded(limits: limits).payloadReader()
        let declaredSize = UInt64(try reader.readUInt32())
        guard declaredSize <= limits.maxLoadedBytes else {
            throw reader.error(.limitExceeded("inflated movie of \(declaredSize) bytes (at most \(limits.maxLoadedBytes))"))
        }
        let streamLocation = reader.location
        let compressed = reader.readRemaining()
        let inflated = try zlibInflate(compressed, expectedSize: Int(declaredSize), at: streamLocation)
        return (inflated, "\(cmvd.pathDescription){inflated}", UInt64(compressed.count))
    }

    /// The error for inflated bytes that are not one `moov`.
    static func notAMovie(at path: String) -> BoxError {
        BoxError(.invalidValue("inflated data is not a single moov box"), at: BoxLocation(path: path, offset: 0))
    }

    /// Inflates `input`, which must produce exactly `expectedSize` bytes; stops as soon as it
    /// produces more.
    static func zlibInflate(_ input: ArraySlice<UInt8>, expectedSize: Int, at location: BoxLocation) throws(BoxError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw BoxError(.io("zlib could not start"), at: location)
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        // Room for what the header declares (at most `maxLoadedBytes`), so a growing buffer is
        // not copied into one twice its size; pages nothing is written to cost nothing.
        output.reserveCapacity(expectedSize)
        var step = [UInt8](repeating: 0, count: inflateStep)
        var status: Int32 = Z_OK
        var input = Array(input)
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while status == Z_OK && output.count <= expectedSize {
                let produced = step.withUnsafeMutableBufferPointer { stepBuffer in
                    stream.next_out = stepBuffer.baseAddress
                    stream.avail_out = uInt(stepBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return stepBuffer.count - Int(stream.avail_out)
                }
                output.append(contentsOf: step[..<produced])
                if status == Z_BUF_ERROR && produced > 0 { status = Z_OK }
            }
        }
        guard status == Z_STREAM_END, output.count == expectedSize else {
            let reason: String
            if output.count > expectedSize {
                reason = "zlib stream inflates past the \(expectedSize) bytes cmvd declares"
            } else if status == Z_STREAM_END {
                reason = "inflated to \(output.count) bytes, cmvd declares \(expectedSize)"
            } else {
                reason = "zlib stream is corrupt or cut short after \(output.count) bytes (status \(status))"
            }
            throw BoxError(.invalidValue(reason), at: location)
        }
        return output
    }
}
