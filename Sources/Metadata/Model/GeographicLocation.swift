import ISOBMFF

/// A 3GPP location item (`loci`, 3GPP TS 26.244 §8.12): a named place with coordinates.
public struct GeographicLocation: Hashable, Sendable, CustomStringConvertible {
    /// Degrees; east and north positive.
    public var longitude: Double
    /// Degrees; north positive.
    public var latitude: Double
    /// Metres.
    public var altitude: Double
    /// The place's name.
    public var name: String
    /// 0 shooting location, 1 real location, 2 fictional location.
    public var role: UInt8
    /// The astronomical body the coordinates are on (`earth`).
    public var body: String
    /// Free text about the place.
    public var notes: String
    /// The packed ISO 639-2/T language of the texts.
    public var language: MediaLanguage

    /// Creates a location from its coordinates (degrees, metres) and texts.
    public init(longitude: Double, latitude: Double, altitude: Double, name: String = "", role: UInt8 = 0,
                body: String = "earth", notes: String = "", language: MediaLanguage = .undetermined) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
        self.name = name
        self.role = role
        self.body = body
        self.notes = notes
        self.language = language
    }

    /// Decodes a `loci` payload (after version and flags).
    public init(parsing reader: inout ByteReader) throws(BoxError) {
        language = MediaLanguage(rawValue: try reader.readUInt16() & 0x7FFF)
        name = reader.readNullTerminatedString()
        role = try reader.readUInt8()
        longitude = Double(try reader.readInt32()) / 65536
        latitude = Double(try reader.readInt32()) / 65536
        altitude = Double(try reader.readInt32()) / 65536
        body = reader.readNullTerminatedString()
        notes = reader.readNullTerminatedString()
    }

    /// The `loci` payload after version and flags.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(language.rawValue & 0x7FFF)
        writer.writeNullTerminated(name)
        writer.write(role)
        writer.write(Int32(clamping: Int64((longitude * 65536).rounded())))
        writer.write(Int32(clamping: Int64((latitude * 65536).rounded())))
        writer.write(Int32(clamping: Int64((altitude * 65536).rounded())))
        writer.writeNullTerminated(body)
        writer.writeNullTerminated(notes)
        return writer.bytes
    }

    /// ISO 6709 form (`+48.8584+002.2945+035.000/`) followed by the name, if any.
    public var description: String {
        let point = ISO6709Point(latitude: latitude, longitude: longitude, altitude: altitude).description
        return name.isEmpty ? point : "\(point) \(name)"
    }
}
