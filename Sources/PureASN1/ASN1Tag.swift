// ASN.1 tags in their one-byte (low-tag-number) form, X.690 §8.1.2.

/// An ASN.1 tag: class, primitive or constructed, and a number below 31.
public struct ASN1Tag: Hashable, Sendable, CustomStringConvertible {
    /// The class bits of an identifier octet (X.690 §8.1.2.2).
    public enum TagClass: UInt8, Sendable {
        /// Universal, application, context-specific and private classes, in encoding order.
        case universal = 0, application = 1, contextSpecific = 2, `private` = 3
    }

    /// The tag's class.
    public let tagClass: TagClass
    /// Whether the element holds other elements (X.690 §8.1.2.5).
    public let isConstructed: Bool
    /// 0…30.
    public let number: UInt8

    /// The identifier octet.
    public var identifier: UInt8 { tagClass.rawValue << 6 | (isConstructed ? 0x20 : 0) | number }

    init(identifier: UInt8) {
        tagClass = TagClass(rawValue: identifier >> 6) ?? .universal
        isConstructed = identifier & 0x20 != 0
        number = identifier & 0x1F
    }

    init(_ tagClass: TagClass, constructed: Bool, number: UInt8) {
        self.tagClass = tagClass
        self.isConstructed = constructed
        self.number = number & 0x1F
    }

    /// BOOLEAN, universal 1.
    public static let boolean = ASN1Tag(.universal, constructed: false, number: 1)
    /// INTEGER, universal 2.
    public static let integer = ASN1Tag(.universal, constructed: false, number: 2)
    /// BIT STRING, universal 3 (primitive: DER forbids the constructed form).
    public static let bitString = ASN1Tag(.universal, constructed: false, number: 3)
    /// OCTET STRING, universal 4 (primitive).
    public static let octetString = ASN1Tag(.universal, constructed: false, number: 4)
    /// NULL, universal 5.
    public static let null = ASN1Tag(.universal, constructed: false, number: 5)
    /// OBJECT IDENTIFIER, universal 6.
    public static let objectIdentifier = ASN1Tag(.universal, constructed: false, number: 6)
    /// SEQUENCE, universal 16, constructed.
    public static let sequence = ASN1Tag(.universal, constructed: true, number: 16)
    /// SET, universal 17, constructed.
    public static let set = ASN1Tag(.universal, constructed: true, number: 17)

    /// A context-specific tag `[number]`; constructed for EXPLICIT tagging and for IMPLICIT tagging of a
    /// constructed type.
    public static func contextSpecific(_ number: UInt8, constructed: Bool) -> ASN1Tag {
        ASN1Tag(.contextSpecific, constructed: constructed, number: number)
    }

    public var description: String {
        switch (tagClass, number) {
        case (.universal, 1): return "BOOLEAN"
        case (.universal, 2): return "INTEGER"
        case (.universal, 3): return "BIT STRING"
        case (.universal, 4): return "OCTET STRING"
        case (.universal, 5): return "NULL"
        case (.universal, 6): return "OBJECT IDENTIFIER"
        case (.universal, 16): return "SEQUENCE"
        case (.universal, 17): return "SET"
        case (.contextSpecific, let n): return "[\(n)]" + (isConstructed ? " (constructed)" : " (primitive)")
        default: return "tag 0x" + String(identifier, radix: 16)
        }
    }
}
