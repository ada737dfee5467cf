/// The ISO 639 codes that turn a BCP 47 primary language subtag into the ISO 639-2/T code an `mdhd`
/// box holds, tell a real language code from a typo, and name the language in English.
///
/// ISO 639-1, ISO 639-2 and ISO 639-3 come from the generated ``LanguageTables`` (Debian iso-codes,
/// names from CLDR; see Scripts/make-language-tables). The macrolanguage mapping does not come with
/// them: it is the SIL ISO 639-3 macrolanguage mapping
/// (https://iso639-3.sil.org/code_tables/macrolanguage_mappings/data), cut down to the active
/// individual languages that have no ISO 639-2 code of their own but belong to a macrolanguage that
/// has one: QuickTime asks for the closest ISO 639-2/T code, and for `yue` (Cantonese) that is `zho`.
/// CLDR's `languageAlias reason="macrolanguage"` cannot replace it: it lists only the languages CLDR
/// folds into their macrolanguage (`cmn` → `zh`), not `yue` or `arz`.
enum ISO639Table {
    /// One ISO 639-2 or ISO 639-3 language.
    struct Language: Sendable {
        /// The ISO 639-2/T code, or for a language ISO 639-2 lacks, its ISO 639-3 code.
        var code: String
        /// True when ``code`` is an ISO 639-2 code, which `mdhd` can hold.
        var isISO639_2: Bool
        /// The ISO 639-1 code, when the language has one.
        var alpha2: String?
        /// The ISO 639-2/B code, when it differs from the /T code.
        var bibliographic: String?
        /// The English name (CLDR's, else ISO's first; the rule is in Scripts/make-language-tables).
        var englishName: String
    }

    /// The language an ISO 639-1, ISO 639-2 (/T or /B) or ISO 639-3 code stands for, each looked
    /// up in its sorted table (no table is read into memory: see ``CodeTable``).
    static func language(_ code: String) -> Language? {
        let terminology = CodeTable.name(of: code, in: code.utf8.count == 2 ? LanguageTables.iso639_1 : LanguageTables.iso639_2b) ?? code
        if let fields = CodeTable.fields(of: terminology, in: LanguageTables.iso639_2), fields.count == 3 {
            return Language(code: terminology, isISO639_2: true, alpha2: fields[1].isEmpty ? nil : String(fields[1]),
                            bibliographic: fields[0].isEmpty ? nil : String(fields[0]), englishName: String(fields[2]))
        }
        return CodeTable.name(of: code, in: LanguageTables.iso639_3).map {
            Language(code: code, isISO639_2: false, englishName: $0)
        }
    }

    /// The ISO 639-2/T code for an ISO 639-1 code (`de` → `deu`) or an ISO 639-2 code in either form
    /// (`ger` → `deu`, `deu` and the local-use codes `qaa`…`qtz` as they are); nil for anything else.
    static func terminologyCode(for code: String) -> String? {
        if let language = language(code) { return language.isISO639_2 ? language.code : nil }
        return isLocalUse(code) ? code : nil
    }

    /// True for any ISO 639-1, ISO 639-2 or ISO 639-3 code and the local-use range `qaa`…`qtz`:
    /// the primary language subtags BCP 47 allows (RFC 5646 §2.2.1).
    static func isLanguage(_ code: String) -> Bool {
        language(code) != nil || isLocalUse(code)
    }

    /// The ISO 639-2/T code of the macrolanguage an ISO 639-3 individual language belongs to
    /// (`yue` → `zho`, `arz` → `ara`), for languages ISO 639-2 has no code of its own for.
    static func macrolanguage(of code: String) -> String? {
        macrolanguages[code]
    }

    /// ISO 639-2 reserves `qaa`…`qtz` for local use; RFC 5646 §2.2.1 makes them private-use subtags.
    private static func isLocalUse(_ code: String) -> Bool {
        code.count == 3 && ("qaa"..."qtz").contains(code)
    }

    /// ISO 639-3 individual language → ISO 639-2/T macrolanguage, as `macrolanguage: members`.
    static let macrolanguages = memberships("""
        ara: aao abh abv acm acq acw acx acy adf aeb aec afb ajp apc apd arb arq ars ary arz auz avl
             ayh ayl ayn ayp pga shu ssh
        aym: ayc ayr
        aze: azb azj
        bal: bcc bgn bgp
        bik: bcl bln bto cts fbl lbl rbl ubl
        bua: bxm bxr bxu
        chm: mhr mrj
        cre: crj crk crl crm csw cwd
        del: umu unm
        den: scs xsl
        din: dib dik dip diw dks
        doi: dgo xnr
        est: ekk vro
        fas: pes prs
        ful: ffm fub fuc fue fuf fuh fui fuq fuv
        gba: bdt gbp gbq gmm gso gya
        gon: esg gno wsg
        grb: gbo gec grj grv gry
        grn: gnw gug gui gun nhd
        hai: hax hdn
        hmn: cqd hea hma hmc hmd hme hmg hmh hmi hmj hml hmm hmp hmq hms hmw hmy hmz hnj hrm huj mmr
             muq mww sfm
        iku: ike ikt
        ipk: esi esk
        jrb: aju jye yhd yud
        kau: kby knc krt
        kok: gom knn
        kom: koi kpv
        kon: kng kwy ldi
        kpe: gkp xpe
        kur: ckb kmr sdh
        lah: hnd hno jat phr pnb skr xhe
        lav: ltg lvs
        man: emk mku mlq mnk msc mwk
        mlg: bhr bmm bzc msh plt skg tdx tkg txy xmv xmw
        mon: khk mvf
        msa: bjn btj bve bvu coa dup hji jak jax kvb kvr kxd lce lcf liw max meo mfa mfb mqg msi mui
             orn ors pel pse tmw urk vkk vkt xmm zlm zmi zsm
        mwr: dhd mtr mve rwr swv wry
        nep: dty npi
        oji: ciw ojb ojc ojg ojs ojw otw
        ori: ory spv
        orm: gax gaz hae orc
        pus: pbt pbu pst
        que: qub qud quf qug quh quk qul qup qur qus quw qux quy quz qva qvc qve qvh qvi qvj qvl qvm
             qvn qvo qvp qvs qvw qvz qwa qwc qwh qws qxa qxc qxh qxl qxn qxo qxp qxr qxt qxu qxw
        raj: bgq gda gju hoj mup wbr
        rom: rmc rmf rml rmn rmo rmw rmy
        sqi: aae aat aln als
        srd: sdc sdn src sro
        swa: swc swh
        syr: aii cld
        tmh: taq thv thz ttq
        uzb: uzn uzs
        yid: ydd yih
        zap: zaa zab zac zad zae zaf zai zam zao zaq zar zas zat zav zaw zax zca zcd zoo zpa zpb zpc
             zpd zpe zpf zpg zph zpi zpj zpk zpl zpm zpn zpo zpp zpq zpr zps zpt zpu zpv zpw zpx zpy
             zpz zsr zte ztg ztl ztm ztn ztp ztq zts ztt ztu ztx zty
        zha: zch zeh zgb zgm zgn zhd zhn zlj zln zlq zqe zyb zyg zyj zyn zzj
        zho: cdo cjy cmn cnp cpx csp czh czo gan hak hsn lzh mnp nan wuu yue
        zza: diq kiu
        """)

    /// Parses `"group: member member … group: member …"` into member → group.
    private static func memberships(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        var group = ""
        for token in text.split(whereSeparator: \.isWhitespace) {
            if token.hasSuffix(":") { group = String(token.dropLast()) } else { table[String(token)] = group }
        }
        return table
    }
}
