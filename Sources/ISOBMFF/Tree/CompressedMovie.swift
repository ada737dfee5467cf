import CZlib

/// A compressed movie resource (`moov/cmov`: `dcom` names the algorithm, `cmvd` holds the
/// uncompressed size and a zlib stream whose content is a complete `moov`).
///
/// QTFF "Compressed movie resources". Chunk offsets inside the inflated `moov` still refer to
/// the original file. The inflated size is capped by ``Limits/maxInMemoryBoxSize`` and must equal
/// the size `cmvd` declares.
public enum CompressedMovie {
    /// Inflates the `cmov` inside `moov` and parses the `moov` it holds.
    public static func inflate(_ cmov: Box, limits: Limits = .standard) throws(BoxError) -> Box {
        let location = cmov.location ?? BoxLocation(path: "moov/cmov", offset: 0)
        guard let dcom = cmov.child("dcom"), let cmvd = cmov.child("cmvd") else {
            throw BoxError(.invalidValue("cmov needs both dcom and cmvd"), at: location)
        }
        var algorithmReader = try dcom.payloadReader()
        let algorithm = try algorithmReader.readFourCC()
        guard algorithm == "zlib" else {
            throw algorithmReader.error(.unsupported("compressed movie algorithm '\(algorithm)' (only zlib is defined)"))
        }
        var reader = try cmvd.payloadReader()
        let declaredSize = UInt64(try reader.readUInt32())
        guard declaredSize <= limits.maxInMemoryBoxSize else {
            throw reader.error(.limitExceeded("inflated movie of \(declaredSize) bytes"))
        }
        let compressed = Array(reader.readRemaining())
        let inflated = try zlibInflate(compressed, expectedSize: Int(declaredSize), at: reader.location)
        let path = "\(cmvd.pathDescription){inflated}"
        let boxes = try BoxTreeParser.parseBoxes(inflated, path: path, limits: limits)
        guard boxes.count == 1, let movie = boxes.first, movie.type == "moov" else {
            throw BoxError(.invalidValue("inflated data is not a single moov box"), at: BoxLocation(path: path, offset: 0))
        }
        return movie
    }

    static func zlibInflate(_ input: [UInt8], expectedSize: Int, at location: BoxLocation) throws(BoxError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: expectedSize)
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw BoxError(.io("zlib could not start"), at: location)
        }
        defer { inflateEnd(&stream) }
        var mutableInput = input
        var status: Int32 = Z_OK
        var produced = 0
        mutableInput.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = outputBuffer.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END, produced == expectedSize else {
            let reason = status == Z_STREAM_END
                ? "inflated to \(produced) bytes, cmvd declares \(expectedSize)"
                : "zlib stream is corrupt or larger than the declared \(expectedSize) bytes (status \(status))"
            throw BoxError(.invalidValue(reason), at: location)
        }
        return output
    }
}
