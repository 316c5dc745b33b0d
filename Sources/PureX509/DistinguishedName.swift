// Names (RFC 5280 §4.1.2.4): Name ::= SEQUENCE OF RelativeDistinguishedName, an RDN being a non-empty
// SET OF AttributeTypeAndValue { type OBJECT IDENTIFIER, value ANY }.
//
// Name chaining compares the DER encodings byte for byte. RFC 5280 §7.1 allows more lenient matching
// (case folding of some string types); binary equality is the subset every conforming CA produces for a
// subject and the issuer field that copies it, and the one Apple's chains and swift-certificates' default
// use. A chain whose CA re-encoded its name would be refused here with `issuerMismatch`.

import PureASN1

/// A distinguished name: its encoding, and its attributes in order for reading.
public struct DistinguishedName: Hashable, Sendable, CustomStringConvertible {
    /// One attribute: its type and its value's text (for the string types; hex otherwise).
    public struct Attribute: Hashable, Sendable {
        /// The attribute type, e.g. 2.5.4.3 (commonName).
        public let type: ASN1ObjectIdentifier
        /// The value as text.
        public let value: String
    }

    /// The DER of the Name, the basis of equality.
    public let derRepresentation: [UInt8]
    /// The attributes in order (each RDN's in its SET's order).
    public let attributes: [Attribute]

    package init(node: DERNode) throws(ASN1Error) {
        derRepresentation = Array(node.encoded)
        var attributes: [Attribute] = []
        attributes.reserveCapacity(8)   // one allocation for the usual names, not one per doubling
        try node.sequence { (rdns) throws(ASN1Error) in
            while !rdns.isEmpty {
                try rdns.next("RelativeDistinguishedName").constructed(.set) { (set) throws(ASN1Error) in
                    guard !set.isEmpty else { throw ASN1Error(.invalidValue("an empty RelativeDistinguishedName"), at: set.offset) }
                    while !set.isEmpty {
                        try set.next("AttributeTypeAndValue").sequence { (pair) throws(ASN1Error) in
                            let type = try pair.next("attribute type").objectIdentifier()
                            let value = try pair.next("attribute value")
                            attributes.append(Attribute(type: type, value: Self.text(value)))
                        }
                    }
                }
            }
        }
        self.attributes = attributes
    }

    /// The first common name (2.5.4.3), if any.
    public var commonName: String? { attributes.first { $0.type == Self.commonNameOID }?.value }

    /// "CN=…, OU=…, O=…, C=…" in the encoded order.
    public var description: String {
        attributes.map { "\(Self.shortNames[$0.type] ?? $0.type.description)=\($0.value)" }.joined(separator: ", ")
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derRepresentation == rhs.derRepresentation }
    public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }

    static let commonNameOID = ASN1ObjectIdentifier(arcs: [2, 5, 4, 3])
    static let shortNames: [ASN1ObjectIdentifier: String] = [
        commonNameOID: "CN", ASN1ObjectIdentifier(arcs: [2, 5, 4, 6]): "C", ASN1ObjectIdentifier(arcs: [2, 5, 4, 7]): "L",
        ASN1ObjectIdentifier(arcs: [2, 5, 4, 8]): "ST", ASN1ObjectIdentifier(arcs: [2, 5, 4, 10]): "O",
        ASN1ObjectIdentifier(arcs: [2, 5, 4, 11]): "OU", ASN1ObjectIdentifier(arcs: [2, 5, 4, 5]): "serialNumber",
    ]

    /// UTF8String, PrintableString, IA5String and TeletexString as UTF-8 text (the last is Latin-1 in
    /// practice; its bytes are read as UTF-8 here, for display only), BMPString as UTF-16BE; other types
    /// as hex.
    private static func text(_ node: DERNode) -> String {
        guard node.tag.tagClass == .universal && !node.tag.isConstructed else { return hex(node.encoded) }
        switch node.tag.number {
        case 12, 19, 22, 20: return String(decoding: node.content, as: UTF8.self)
        case 30:
            let bytes = Array(node.content)
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default: return hex(node.encoded)
        }
    }

    /// "#" and the element's DER in hex, as RFC 4514 §2.4 writes values of other types.
    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
