// Canonical DER output for the types the reader accepts: shortest lengths, minimal integers.

/// Builds DER bytes. Constructed elements take a closure that writes their children.
public struct DERWriter: Sendable {
    /// The DER written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Writes an element with `tag` and `content`.
    public mutating func write<Content: Collection>(tag: ASN1Tag, content: Content) where Content.Element == UInt8 {
        bytes.append(contentsOf: tag.encodedIdentifier)
        appendLength(content.count)
        bytes.append(contentsOf: content)
    }

    /// Writes a constructed element (SEQUENCE by default) whose children `body` writes.
    public mutating func writeConstructed(_ tag: ASN1Tag = .sequence, _ body: (inout DERWriter) -> Void) {
        var inner = DERWriter()
        body(&inner)
        write(tag: tag, content: inner.bytes)
    }

    /// Writes a SEQUENCE whose children `body` writes.
    public mutating func writeSequence(_ body: (inout DERWriter) -> Void) {
        writeConstructed(.sequence, body)
    }

    /// Writes a non-negative INTEGER from its big-endian magnitude (leading zeros are dropped; a zero
    /// byte is prepended when the top bit is set, X.690 §8.3).
    public mutating func writeInteger<Magnitude: Collection>(magnitude: Magnitude) where Magnitude.Element == UInt8 {
        var digits = Array(magnitude.drop { $0 == 0 })
        if digits.isEmpty { digits = [0] } else if digits[0] & 0x80 != 0 { digits.insert(0, at: 0) }
        write(tag: .integer, content: digits)
    }

    /// Writes a small non-negative INTEGER.
    public mutating func writeInteger(_ value: Int) {
        precondition(value >= 0, "writeInteger(_:) takes non-negative values")
        writeInteger(magnitude: (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
    }

    /// Writes a BIT STRING of whole bytes.
    public mutating func writeBitString<Bits: Collection>(_ bits: Bits) where Bits.Element == UInt8 {
        write(tag: .bitString, content: [0] + Array(bits))
    }

    /// Writes an OCTET STRING.
    public mutating func writeOctetString<Octets: Collection>(_ octets: Octets) where Octets.Element == UInt8 {
        write(tag: .octetString, content: octets)
    }

    /// Writes an OBJECT IDENTIFIER.
    public mutating func writeObjectIdentifier(_ oid: ASN1ObjectIdentifier) {
        write(tag: .objectIdentifier, content: oid.derContent)
    }

    /// Writes NULL (05 00).
    public mutating func writeNull() {
        write(tag: .null, content: [])
    }

    /// Appends an already-encoded element as it is (e.g. parameters or attributes kept from parsing).
    public mutating func writeEncoded<Encoded: Collection>(_ encoded: Encoded) where Encoded.Element == UInt8 {
        bytes.append(contentsOf: encoded)
    }

    /// X.690 §10.1: the short form below 128, else the fewest length bytes.
    private mutating func appendLength(_ length: Int) {
        if length < 0x80 {
            bytes.append(UInt8(length))
            return
        }
        var octets: [UInt8] = []
        var rest = length
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        bytes.append(0x80 | UInt8(octets.count))
        bytes.append(contentsOf: octets)
    }
}
