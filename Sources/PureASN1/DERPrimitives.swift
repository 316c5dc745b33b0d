// The primitive types the key containers use, each decoded strictly (X.690 §8 with the DER rules of §10–11).

extension DERNode {
    /// A non-negative INTEGER's magnitude, big-endian, without the sign byte DER adds when the top bit is
    /// set (X.690 §8.3). Rejects empty and non-minimal encodings and negative values. Zero is `[0]`.
    public func integerMagnitude() throws(ASN1Error) -> ArraySlice<UInt8> {
        try require(.integer)
        try checkMinimalInteger()
        guard let first = content.first, first & 0x80 == 0 else { throw ASN1Error(.negativeInteger, at: offset) }
        if first == 0 && content.count > 1 { return content.dropFirst() }
        return content
    }

    /// Any INTEGER: its sign and its minimal two's-complement content octets, big-endian (X.690 §8.3).
    public func integer() throws(ASN1Error) -> (isNegative: Bool, twosComplement: ArraySlice<UInt8>) {
        try require(.integer)
        try checkMinimalInteger()
        return (content[content.startIndex] & 0x80 != 0, content)
    }

    /// A small non-negative INTEGER (e.g. a version number), at most `Int.max`.
    public func smallInteger() throws(ASN1Error) -> Int {
        let magnitude = try integerMagnitude()
        guard magnitude.count <= 7 else { throw ASN1Error(.integerTooLarge, at: offset) }
        return magnitude.reduce(0) { $0 << 8 | Int($1) }
    }

    /// X.690 §8.3.2: at least one byte, and the first nine bits not all equal.
    private func checkMinimalInteger() throws(ASN1Error) {
        guard let first = content.first else { throw ASN1Error(.nonMinimalInteger, at: offset) }
        if content.count > 1 {
            let second = content[content.startIndex + 1]
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw ASN1Error(.nonMinimalInteger, at: offset)
            }
        }
    }

    /// The bytes of a BIT STRING that holds whole bytes (the unused-bits byte is 0), as keys do.
    /// X.690 §8.6.2: the first content byte counts the unused bits (0…7); an empty string has it 0.
    public func bitStringBytes() throws(ASN1Error) -> ArraySlice<UInt8> {
        try require(.bitString)
        guard let unused = content.first, unused == 0 else { throw ASN1Error(.invalidBitString, at: offset) }
        return content.dropFirst()
    }

    /// The content of an OCTET STRING (primitive only: DER forbids the constructed form, §10.2).
    public func octetString() throws(ASN1Error) -> ArraySlice<UInt8> {
        try require(.octetString)
        return content
    }

    /// Checks a NULL (no content, §8.8).
    public func null() throws(ASN1Error) {
        try require(.null)
        guard content.isEmpty else { throw ASN1Error(.invalidEncoding("NULL with content"), at: offset) }
    }

    /// An OBJECT IDENTIFIER, validated (§8.19).
    public func objectIdentifier() throws(ASN1Error) -> ASN1ObjectIdentifier {
        try require(.objectIdentifier)
        guard let oid = ASN1ObjectIdentifier(derContent: content) else {
            throw ASN1Error(.invalidObjectIdentifier, at: offset)
        }
        return oid
    }
}
