/// The ISO 639 code tables that turn a BCP 47 primary language subtag into the ISO 639-2/T code
/// an `mdhd` box holds, and that tell a real language code from a typo.
///
/// The first three tables are the Library of Congress ISO 639-2 code list
/// (https://www.loc.gov/standards/iso639-2/php/code_list.php, file ISO-639-2_utf-8.txt), which is
/// also the source of ISO 639-1. The last is the SIL ISO 639-3 macrolanguage mapping
/// (https://iso639-3.sil.org/code_tables/macrolanguage_mappings/data), cut down to the active
/// individual languages that have no ISO 639-2 code of their own but belong to a macrolanguage that
/// has one: QuickTime asks for the closest ISO 639-2/T code, and for `yue` (Cantonese) that is `zho`.
/// The tables are kept as text so they read like the lists they were copied from; each is parsed once.
enum ISO639Table {
    /// The ISO 639-2/T code for an ISO 639-1 code (`de` → `deu`) or an ISO 639-2 code in either form
    /// (`ger` → `deu`, `deu` and the local-use codes `qaa`…`qtz` as they are); nil for anything else.
    static func terminologyCode(for code: String) -> String? {
        if let terminology = alpha2[code] ?? bibliographic[code] { return terminology }
        return alpha3.contains(code) || (code.count == 3 && ("qaa"..."qtz").contains(code)) ? code : nil
    }

    /// The ISO 639-2/T code of the macrolanguage an ISO 639-3 individual language belongs to
    /// (`yue` → `zho`, `arz` → `ara`), for languages ISO 639-2 has no code of its own for.
    static func macrolanguage(of code: String) -> String? {
        macrolanguages[code]
    }

    /// ISO 639-1 → ISO 639-2/T, all 184 codes.
    static let alpha2 = pairs("""
        aa:aar ab:abk ae:ave af:afr ak:aka am:amh an:arg ar:ara as:asm av:ava ay:aym az:aze ba:bak
        be:bel bg:bul bh:bih bi:bis bm:bam bn:ben bo:bod br:bre bs:bos ca:cat ce:che ch:cha co:cos
        cr:cre cs:ces cu:chu cv:chv cy:cym da:dan de:deu dv:div dz:dzo ee:ewe el:ell en:eng eo:epo
        es:spa et:est eu:eus fa:fas ff:ful fi:fin fj:fij fo:fao fr:fra fy:fry ga:gle gd:gla gl:glg
        gn:grn gu:guj gv:glv ha:hau he:heb hi:hin ho:hmo hr:hrv ht:hat hu:hun hy:hye hz:her ia:ina
        id:ind ie:ile ig:ibo ii:iii ik:ipk io:ido is:isl it:ita iu:iku ja:jpn jv:jav ka:kat kg:kon
        ki:kik kj:kua kk:kaz kl:kal km:khm kn:kan ko:kor kr:kau ks:kas ku:kur kv:kom kw:cor ky:kir
        la:lat lb:ltz lg:lug li:lim ln:lin lo:lao lt:lit lu:lub lv:lav mg:mlg mh:mah mi:mri mk:mkd
        ml:mal mn:mon mr:mar ms:msa mt:mlt my:mya na:nau nb:nob nd:nde ne:nep ng:ndo nl:nld nn:nno
        no:nor nr:nbl nv:nav ny:nya oc:oci oj:oji om:orm or:ori os:oss pa:pan pi:pli pl:pol ps:pus
        pt:por qu:que rm:roh rn:run ro:ron ru:rus rw:kin sa:san sc:srd sd:snd se:sme sg:sag si:sin
        sk:slk sl:slv sm:smo sn:sna so:som sq:sqi sr:srp ss:ssw st:sot su:sun sv:swe sw:swa ta:tam
        te:tel tg:tgk th:tha ti:tir tk:tuk tl:tgl tn:tsn to:ton tr:tur ts:tso tt:tat tw:twi ty:tah
        ug:uig uk:ukr ur:urd uz:uzb ve:ven vi:vie vo:vol wa:wln wo:wol xh:xho yi:yid yo:yor za:zha
        zh:zho zu:zul
        """)

    /// ISO 639-2/B → ISO 639-2/T, for the 20 languages whose two forms differ.
    static let bibliographic = pairs("""
        alb:sqi arm:hye baq:eus bur:mya chi:zho cze:ces dut:nld fre:fra geo:kat ger:deu gre:ell ice:isl
        mac:mkd mao:mri may:msa per:fas rum:ron slo:slk tib:bod wel:cym
        """)

    /// Every ISO 639-2 code, in its /T form where the two forms differ (486 codes, not
    /// counting the local-use range `qaa`…`qtz`).
    static let alpha3 = Set("""
        aar abk ace ach ada ady afa afh afr ain aka akk ale alg alt amh ang anp apa ara arc arg arn arp
        art arw asm ast ath aus ava ave awa aym aze bad bai bak bal bam ban bas bat bej bel bem ben ber
        bho bih bik bin bis bla bnt bod bos bra bre btk bua bug bul byn cad cai car cat cau ceb cel ces
        cha chb che chg chk chm chn cho chp chr chu chv chy cmc cnr cop cor cos cpe cpf cpp cre crh crp
        csb cus cym dak dan dar day del den deu dgr din div doi dra dsb dua dum dyu dzo efi egy eka ell
        elx eng enm epo est eus ewe ewo fan fao fas fat fij fil fin fiu fon fra frm fro frr frs fry ful
        fur gaa gay gba gem gez gil gla gle glg glv gmh goh gon gor got grb grc grn gsw guj gwi hai hat
        hau haw heb her hil him hin hit hmn hmo hrv hsb hun hup hye iba ibo ido iii ijo iku ile ilo ina
        inc ind ine inh ipk ira iro isl ita jav jbo jpn jpr jrb kaa kab kac kal kam kan kar kas kat kau
        kaw kaz kbd kha khi khm kho kik kin kir kmb kok kom kon kor kos kpe krc krl kro kru kua kum kur
        kut lad lah lam lao lat lav lez lim lin lit lol loz ltz lua lub lug lui lun luo lus mad mag mah
        mai mak mal man map mar mas mdf mdr men mga mic min mis mkd mkh mlg mlt mnc mni mno moh mon mos
        mri msa mul mun mus mwl mwr mya myn myv nah nai nap nau nav nbl nde ndo nds nep new nia nic niu
        nld nno nob nog non nor nqo nso nub nwc nya nym nyn nyo nzi oci oji ori orm osa oss ota oto paa
        pag pal pam pan pap pau peo phi phn pli pol pon por pra pro pus que raj rap rar roa roh rom ron
        run rup rus sad sag sah sai sal sam san sas sat scn sco sel sem sga sgn shn sid sin sio sit sla
        slk slv sma sme smi smj smn smo sms sna snd snk sog som son sot spa sqi srd srn srp srr ssa ssw
        suk sun sus sux swa swe syc syr tah tai tam tat tel tem ter tet tgk tgl tha tig tir tiv tkl tlh
        tli tmh tog ton tpi tsi tsn tso tuk tum tup tur tut tvl twi tyv udm uga uig ukr umb und urd uzb
        vai ven vie vol vot wak wal war was wen wln wol xal xho yao yap yid yor ypk zap zbl zen zgh zha
        zho znd zul zun zxx zza
        """.split(whereSeparator: \.isWhitespace).map(String.init))

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

    /// Parses `"from:to from:to …"`.
    private static func pairs(_ text: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: text.split(whereSeparator: \.isWhitespace).map { pair in
            let parts = pair.split(separator: ":")
            return (String(parts[0]), String(parts[1]))
        })
    }
}
