// ASN.1 tags, X.690 §8.1.2: the one-byte (low-tag-number) form for numbers 0…30, and the high-tag-number form
// for larger ones, which X.509 never uses but Android's key attestation does (its AuthorizationList has
// fields [600] to [724]):
//   identifier  class (2 bits) | constructed (1 bit) | 0b11111
//   number      base-128 digits, most significant first, bit 8 set on every byte but the last; DER wants
//               the fewest digits (no leading 0x80) and the form used only for numbers of 31 and more.
//               The reader takes at most four digits (numbers below 2^28).

/// An ASN.1 tag: class, primitive or constructed, and a number.
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
    /// The tag number, whatever its size.
    public let tagNumber: UInt32

    /// The tag number when it is below 31 (the one-byte form); 31 for a larger number, which ``tagNumber``
    /// holds.
    public var number: UInt8 { tagNumber < 31 ? UInt8(tagNumber) : 31 }

    /// The first identifier octet (for a number of 31 or more, the digits of ``encodedIdentifier`` follow it).
    public var identifier: UInt8 { tagClass.rawValue << 6 | (isConstructed ? 0x20 : 0) | number }

    /// Every identifier octet: one below 31, else the first octet and the number's base-128 digits.
    public var encodedIdentifier: [UInt8] {
        guard tagNumber >= 31 else { return [identifier] }
        var digits: [UInt8] = [UInt8(tagNumber & 0x7F)]
        var rest = tagNumber >> 7
        while rest != 0 {
            digits.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return [identifier] + digits
    }

    init(identifier: UInt8) {
        tagClass = TagClass(rawValue: identifier >> 6) ?? .universal
        isConstructed = identifier & 0x20 != 0
        tagNumber = UInt32(identifier & 0x1F)
    }

    init(_ tagClass: TagClass, constructed: Bool, number: UInt8) {
        self.tagClass = tagClass
        self.isConstructed = constructed
        self.tagNumber = UInt32(number & 0x1F)
    }

    /// A tag of any number (the high-tag-number form from 31 on).
    public init(_ tagClass: TagClass, constructed: Bool, tagNumber: UInt32) {
        self.tagClass = tagClass
        self.isConstructed = constructed
        self.tagNumber = tagNumber
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
        case (.contextSpecific, _): return "[\(tagNumber)]" + (isConstructed ? " (constructed)" : " (primitive)")
        default: return tagNumber >= 31 ? "tag \(tagClass) \(tagNumber)" : "tag 0x" + String(identifier, radix: 16)
        }
    }
}
