// The one error type of PureASN1: what was wrong, where (a byte offset into the DER or PEM text), and
// what to do about it.

/// Why DER, PEM or a key container was rejected.
public struct ASN1Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        // DER structure (X.690 §8, §10)
        /// The input ended inside an element.
        case truncated
        /// Bytes follow the last element where none may.
        case trailingBytes
        /// Indefinite length (0x80), which DER forbids (X.690 §10.1).
        case indefiniteLength
        /// A length not in its shortest form (X.690 §10.1).
        case nonMinimalLength
        /// A length over 2^32 or a reserved length byte.
        case unsupportedLength
        /// A high-tag-number identifier (X.690 §8.1.2.4) that is not DER (a leading 0x80 digit, or a number
        /// below 31) or whose number is 2^28 or more; or, in BER, any tag number of 31 or more.
        case unsupportedTagNumber
        /// A different element than the structure requires.
        case unexpectedTag(expected: ASN1Tag, found: ASN1Tag)
        /// A SEQUENCE ended before a required element.
        case missingElement(String)
        /// Elements left over in a SEQUENCE after everything the structure defines.
        case unconsumedElements
        /// Nesting deeper than `DER.maximumDepth`.
        case tooDeep
        /// An INTEGER with redundant leading bytes, or empty (X.690 §8.3.2).
        case nonMinimalInteger
        /// A negative INTEGER where only non-negative values are allowed.
        case negativeInteger
        /// An INTEGER too large for where it is used (e.g. a version).
        case integerTooLarge
        /// A malformed OBJECT IDENTIFIER (X.690 §8.19).
        case invalidObjectIdentifier
        /// A malformed BIT STRING, or one with unused bits where whole bytes are required.
        case invalidBitString
        /// NULL with content, or a primitive/constructed form DER forbids.
        case invalidEncoding(String)
        /// A value the structure does not allow (e.g. an unknown version).
        case invalidValue(String)

        // PEM (RFC 7468)
        /// No "-----BEGIN ...-----" line.
        case noPEMBlock
        /// BEGIN and END labels differ.
        case mismatchedPEMLabels(begin: String, end: String)
        /// No END line for a BEGIN line.
        case missingPEMEnd(String)
        /// Bytes inside a PEM block that are not base64 or whitespace.
        case invalidPEMBody(String)
        /// Several PEM blocks where exactly one is expected.
        case multiplePEMBlocks(Int)

        // Key containers
        /// An encrypted private key (PKCS#8 EncryptedPrivateKeyInfo or a legacy PEM with Proc-Type).
        case encryptedKey
        /// A certificate where a key is expected.
        case certificateNotKey
        /// A key or container of a different kind than expected (both described in words).
        case wrongKeyType(expected: String, found: String)
        /// An EC key on another curve (the curve's OID is given).
        case unsupportedCurve(ASN1ObjectIdentifier)
    }

    /// What was wrong.
    public let reason: Reason
    /// Byte offset into the DER (or the PEM text for PEM errors) where the problem was found.
    public let offset: Int

    /// An error for `reason` found at byte `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let at = "at offset \(offset)"
        switch reason {
        case .truncated:
            return "DER is truncated \(at): an element declares more bytes than remain; the file was probably cut short"
        case .trailingBytes:
            return "unexpected bytes after the DER element \(at); the input holds more than one element or is corrupted"
        case .indefiniteLength:
            return "indefinite length \(at) is BER, not DER; re-encode the key as DER (e.g. with openssl pkey)"
        case .nonMinimalLength:
            return "length \(at) is not in its shortest form, which DER requires"
        case .unsupportedLength:
            return "length \(at) is too large or uses a reserved form"
        case .unsupportedTagNumber:
            return "tag \(at) uses the high-tag-number form in a way this reader does not accept (not in DER's shortest form, a number of 2^28 or more, or in BER)"
        case .unexpectedTag(let expected, let found):
            return "expected \(expected) \(at) but found \(found)"
        case .missingElement(let what):
            return "the SEQUENCE ends \(at) before its \(what)"
        case .unconsumedElements:
            return "unexpected extra elements \(at) at the end of a SEQUENCE"
        case .tooDeep:
            return "DER nesting \(at) is deeper than \(DER.maximumDepth) levels"
        case .nonMinimalInteger:
            return "INTEGER \(at) is empty or has redundant leading bytes, which DER forbids"
        case .negativeInteger:
            return "INTEGER \(at) is negative where only non-negative values are allowed"
        case .integerTooLarge:
            return "INTEGER \(at) is too large for this field"
        case .invalidObjectIdentifier:
            return "OBJECT IDENTIFIER \(at) is malformed"
        case .invalidBitString:
            return "BIT STRING \(at) is malformed or does not hold whole bytes"
        case .invalidEncoding(let what):
            return "invalid DER \(at): \(what)"
        case .invalidValue(let what):
            return "invalid value \(at): \(what)"
        case .noPEMBlock:
            return "no PEM block found: expected a '-----BEGIN ...-----' line (such as BEGIN CERTIFICATE or BEGIN PRIVATE KEY)"
        case .mismatchedPEMLabels(let begin, let end):
            return "PEM block \(at) begins with '\(begin)' but ends with '\(end)'"
        case .missingPEMEnd(let label):
            return "PEM block '\(label)' \(at) has no '-----END \(label)-----' line; the text was probably cut short"
        case .invalidPEMBody(let what):
            return "PEM body \(at): \(what)"
        case .multiplePEMBlocks(let count):
            return "expected one PEM block but found \(count); pass the key on its own"
        case .encryptedKey:
            return "the key is encrypted, which is not supported; export it without a passphrase (e.g. openssl pkcs8 -topk8 -nocrypt)"
        case .certificateNotKey:
            return "this is a certificate, not a key; extract the public key (openssl x509 -pubkey -noout) or use the private key file"
        case .wrongKeyType(let expected, let found):
            return "expected \(expected) but found \(found)"
        case .unsupportedCurve(let oid):
            return "the EC key is on curve \(oid.nameAndDottedForm), not the one required here (P-256, prime256v1 1.2.840.10045.3.1.7, for ES256 and Apple's .p8 keys; P-384, secp384r1 1.3.132.0.34, for ES384)"
        }
    }
}
