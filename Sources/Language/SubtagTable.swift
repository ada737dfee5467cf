/// The script and region subtags a BCP 47 tag may hold, with their English names, from the generated
/// ``LanguageTables`` (ISO 15924, ISO 3166-1 and UN M.49 via Debian iso-codes and CLDR).
enum SubtagTable {
    /// The English name of an ISO 15924 code, titlecased (`Hant` → `Traditional`).
    static func scriptName(_ code: String) -> String? { CodeTable.name(of: code, in: LanguageTables.scripts) }
    /// The English name of an ISO 3166-1 alpha-2 code (`BR`) or UN M.49 area code (`419`).
    static func regionName(_ code: String) -> String? { CodeTable.name(of: code, in: LanguageTables.regions) }

    /// True for an ISO 15924 code or the private-use range `Qaaa`…`Qabx` (RFC 5646 §2.2.3), titlecased.
    static func isScript(_ code: String) -> Bool {
        scriptName(code) != nil || (code.count == 4 && ("Qaaa"..."Qabx").contains(code))
    }

    /// True for an ISO 3166-1 alpha-2 code, a UN M.49 area code, or a private-use code (`AA`, `QM`…`QZ`,
    /// `XA`…`XZ`, `ZZ`: RFC 5646 §2.2.4), uppercased. RFC 5646 allows M.49 only for areas ISO 3166-1
    /// has no code for, so a country's number (`840`) is refused: its alpha-2 code (`US`) is the subtag.
    static func isRegion(_ code: String) -> Bool {
        regionName(code) != nil
            || (code.count == 2 && (code == "AA" || code == "ZZ" || ("QM"..."QZ").contains(code) || ("XA"..."XZ").contains(code)))
    }
}
