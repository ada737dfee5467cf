/// The TTML namespaces, including the 2006 drafts (DFXP) that older files still declare.
enum TTMLNamespace {
    case content, styling, parameter, imscStyling, xml, other

    init(_ uri: String) {
        switch uri {
        case "http://www.w3.org/ns/ttml", "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1":
            self = .content
        case "http://www.w3.org/ns/ttml#styling", "http://www.w3.org/2006/10/ttaf1#styling",
             "http://www.w3.org/2006/10/ttaf1#style", "http://www.w3.org/2006/04/ttaf1#styling":
            self = .styling
        case "http://www.w3.org/ns/ttml#parameter", "http://www.w3.org/2006/10/ttaf1#parameter",
             "http://www.w3.org/2006/04/ttaf1#parameter":
            self = .parameter
        case "http://www.w3.org/ns/ttml/profile/imsc1#styling":
            self = .imscStyling
        case XMLElement.xmlNamespace:
            self = .xml
        default:
            self = .other
        }
    }
}

extension XMLElement {
    /// Whether this is the TTML content element `local` (`tt`, `p`, `span`, …).
    func isTTML(_ local: String) -> Bool {
        name.local == local && TTMLNamespace(name.namespace) == .content
    }

    /// The value of an attribute in one of the TTML namespaces (`.xml` for `xml:id` and
    /// `xml:lang`); unprefixed attributes such as `begin` use `nil`.
    func attribute(_ local: String, in namespace: TTMLNamespace?) -> String? {
        for (name, value) in attributes where name.local == local {
            if let namespace {
                if TTMLNamespace(name.namespace) == namespace { return value }
            } else if name.namespace.isEmpty {
                return value
            }
        }
        return nil
    }
}
