/// A point in the ISO 6709 string form QuickTime uses for locations (`©xyz`,
/// `com.apple.quicktime.location.ISO6709`): signed decimal degrees of latitude then longitude,
/// an optional signed altitude in metres, a closing `/` — e.g. `+48.8584+002.2945+035.000/`.
public struct ISO6709Point: Hashable, Sendable, CustomStringConvertible {
    /// Signed decimal degrees, north positive, −90…90.
    public var latitude: Double
    /// Signed decimal degrees, east positive, −180…180.
    public var longitude: Double
    /// Metres; nil when the string has none.
    public var altitude: Double?

    /// Creates a point from degrees of latitude and longitude and an optional altitude in metres.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// Parses the decimal-degree form; nil for anything else (ISO 6709 also allows degrees and
    /// minutes, which no QuickTime writer is known to use).
    public init?(parsing text: String) {
        var body = Substring(text.trimmingSpaces)
        if body.hasSuffix("/") { body = body.dropLast() }
        // A coordinate reference system may follow: "+27.5916+086.5640+8850CRSWGS_84/".
        if let crs = body.firstRange(of: "CRS") { body = body[..<crs.lowerBound] }
        var numbers: [Double] = []
        var current = ""
        for character in body {
            if character == "+" || character == "-" {
                if !current.isEmpty {
                    guard let value = Double(current) else { return nil }
                    numbers.append(value)
                }
                current = String(character)
            } else if character.isNumber || character == "." {
                guard !current.isEmpty else { return nil }
                current.append(character)
            } else {
                return nil
            }
        }
        if !current.isEmpty {
            guard let value = Double(current) else { return nil }
            numbers.append(value)
        }
        guard numbers.count == 2 || numbers.count == 3,
              (-90...90).contains(numbers[0]), (-180...180).contains(numbers[1]) else { return nil }
        self.init(latitude: numbers[0], longitude: numbers[1], altitude: numbers.count == 3 ? numbers[2] : nil)
    }

    /// `±DD.DDDD±DDD.DDDD[±A.AAA]/`, as Apple and ffmpeg write it.
    public var description: String {
        var text = Self.signed(latitude, integerDigits: 2, fraction: 4) + Self.signed(longitude, integerDigits: 3, fraction: 4)
        if let altitude { text += Self.signed(altitude, integerDigits: 3, fraction: 3) }
        return text + "/"
    }

    private static func signed(_ value: Double, integerDigits: Int, fraction: Int) -> String {
        let scale = (0..<fraction).reduce(1.0) { value, _ in value * 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        let part = Int64(scaled) - whole * Int64(scale)
        let wholeText = String(whole)
        let partText = String(part)
        return (value < 0 && scaled != 0 ? "-" : "+")
            + String(repeating: "0", count: max(0, integerDigits - wholeText.count)) + wholeText
            + "." + String(repeating: "0", count: max(0, fraction - partText.count)) + partText
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let trimmed = drop { $0 == " " }
        return trimmed.dropLast(trimmed.reversed().prefix { $0 == " " }.count)
    }
}
