// The one error type of PureCBOR: what was wrong with CBOR bytes or a COSE key, where, and what to do.

/// Why CBOR bytes, a value to encode, or a COSE key were refused.
public struct CBORError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        // Well-formedness (RFC 8949 §3, Appendix F)
        /// The input ended inside an item.
        case truncated
        /// A byte or text string, array or map declares more bytes or elements than the input has left
        /// (checked before anything is allocated).
        case lengthExceedsInput(declared: UInt64, available: Int)
        /// Additional information 28, 29 or 30, which RFC 8949 §3 reserves.
        case reservedAdditionalInformation(UInt8)
        /// The two-byte simple value form (0xf8) with a value below 32 (RFC 8949 §3.3).
        case invalidSimpleValue(UInt8)
        /// A "break" byte (0xff) where no indefinite-length item is open.
        case unexpectedBreak
        /// Additional information 31 on an integer or a tag, which has no indefinite form.
        case invalidIndefiniteLength(majorType: UInt8)

        // What a strict WebAuthn/COSE decoder does not accept
        /// An indefinite-length string, array or map (CTAP2 and COSE use definite lengths only).
        case indefiniteLength(majorType: UInt8)
        /// A tagged item (major type 6), with its tag number.
        case tagNotAllowed(UInt64)
        /// A floating-point number (major type 7, additional information 25, 26 or 27).
        case floatingPointNotAllowed
        /// An integer, length or count not written in its shortest form (RFC 8949 §4.2.1).
        case nonShortestForm
        /// A text string whose bytes are not UTF-8 (RFC 8949 §3.1, major type 3).
        case invalidUTF8
        /// The same key twice in one map (RFC 8949 §5.6).
        case duplicateMapKey
        /// Arrays and maps nested deeper than the limit.
        case tooDeep(limit: Int)
        /// Bytes after the one item a whole input must be.
        case trailingBytes(count: Int)
        /// A decoder limit outside what it allows (the limit given).
        case invalidLimit(Int)

        // COSE keys (RFC 9052 §7, RFC 9053, RFC 8230; WebAuthn §5.8.5)
        /// A COSE key that is not a map, lacks a required parameter, or has one of the wrong type or length
        /// (what, in words).
        case invalidCOSEKey(String)
        /// A key type (label 1) other than OKP (1), EC2 (2) and RSA (3).
        case unsupportedCOSEKeyType(Int64)
        /// A curve (label -1) other than P-256, P-384, P-521, secp256k1 (EC2), Ed25519 and Ed448 (OKP), or an OKP
        /// curve on an EC2 key and the reverse.
        case unsupportedCOSECurve(Int64)
        /// An algorithm (label 3) no key here signs with.
        case unsupportedCOSEAlgorithm(Int64)
        /// An algorithm that does not go with the key's type or curve (algorithm, then the key in words).
        case mismatchedCOSEAlgorithm(algorithm: Int64, key: String)
    }

    /// What was wrong.
    public let reason: Reason
    /// The byte offset in the input where it was found (0 for a value being encoded or a COSE key read from
    /// a decoded item).
    public let offset: Int

    /// An error for `reason` at byte `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let at = " (at byte \(offset))"
        switch reason {
        case .truncated:
            return "the CBOR input ends inside an item\(at); it was cut short"
        case .lengthExceedsInput(let declared, let available):
            return "a CBOR item declares \(declared) bytes or elements but only \(available) bytes follow\(at); the input is truncated or hostile"
        case .reservedAdditionalInformation(let value):
            return "additional information \(value) is reserved by RFC 8949\(at); the input is not well-formed CBOR"
        case .invalidSimpleValue(let value):
            return "the two-byte simple value \(value) is not well-formed (values below 32 use one byte)\(at)"
        case .unexpectedBreak:
            return "a CBOR break byte (0xff) outside any indefinite-length item\(at)"
        case .invalidIndefiniteLength(let majorType):
            return "major type \(majorType) has no indefinite-length form\(at); the input is not well-formed CBOR"
        case .indefiniteLength(let majorType):
            return "an indefinite-length item of major type \(majorType)\(at); WebAuthn and COSE use definite lengths only"
        case .tagNotAllowed(let tag):
            return "a CBOR tag (\(tag))\(at); WebAuthn and COSE structures carry no tags"
        case .floatingPointNotAllowed:
            return "a floating-point number\(at); WebAuthn and COSE structures carry none"
        case .nonShortestForm:
            return "an integer, length or count not in its shortest form\(at); WebAuthn requires the canonical encoding"
        case .invalidUTF8:
            return "a text string that is not valid UTF-8\(at)"
        case .duplicateMapKey:
            return "a map holds the same key twice\(at)"
        case .tooDeep(let limit):
            return "arrays and maps nested deeper than \(limit)\(at)"
        case .trailingBytes(let count):
            return "\(count) bytes follow the CBOR item\(at); the input must be exactly one item"
        case .invalidLimit(let limit):
            return "the nesting limit \(limit) is outside 1 ... \(CBORDecoder.largestDepthLimit)"
        case .invalidCOSEKey(let what):
            return "not a usable COSE key: \(what)"
        case .unsupportedCOSEKeyType(let type):
            return "COSE key type \(type) is not supported; keys here are OKP (1), EC2 (2) or RSA (3)"
        case .unsupportedCOSECurve(let curve):
            return "COSE curve \(curve) is not supported; EC2 keys are P-256 (1), P-384 (2), P-521 (3) or secp256k1 (8), OKP keys Ed25519 (6) or Ed448 (7)"
        case .unsupportedCOSEAlgorithm(let algorithm):
            return "COSE algorithm \(algorithm) is not supported; keys sign with ES256 (-7), ES384 (-35), ES512 (-36), EdDSA (-8), Ed25519 (-19), Ed448 (-53), ES256K (-47), RS256/384/512 (-257/-258/-259) or PS256/384/512 (-37/-38/-39)"
        case .mismatchedCOSEAlgorithm(let algorithm, let key):
            return "COSE algorithm \(algorithm) does not go with \(key) (WebAuthn §5.8.5: ES256 with P-256, ES384 with P-384, ES512 with P-521, EdDSA or Ed25519 with Ed25519, EdDSA or Ed448 with Ed448, ES256K with secp256k1, RS and PS with RSA)"
        }
    }
}
