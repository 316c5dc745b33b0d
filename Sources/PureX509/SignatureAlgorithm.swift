// The signature algorithms a certificate may be signed with here (RFC 5758 §3.2 for ECDSA, RFC 4055 §5
// and RFC 8017 A.2.4 for RSA PKCS#1 v1.5, RFC 3279 §2.2.1 for SHA-1 with RSA), and their
// AlgorithmIdentifier encodings: ECDSA takes no parameters (the field is absent, RFC 5758 §3.2); RSA takes
// NULL (RFC 4055 §5: "MUST" be present; RFC 3279 §2.2.1: "SHALL"). A certificate signed with SHA-1 is
// read, but its signature is checked only under a policy that accepts SHA-1 (`X509Policy
// .acceptsSHA1Signatures`, for App Store receipts): everywhere else validation refuses it.

import PureASN1

/// A certificate signature algorithm.
public enum CertificateSignatureAlgorithm: Hashable, Sendable, CustomStringConvertible {
    /// ecdsa-with-SHA256, 1.2.840.10045.4.3.2.
    case ecdsaWithSHA256
    /// ecdsa-with-SHA384, 1.2.840.10045.4.3.3.
    case ecdsaWithSHA384
    /// sha256WithRSAEncryption, 1.2.840.113549.1.1.11.
    case sha256WithRSAEncryption
    /// sha384WithRSAEncryption, 1.2.840.113549.1.1.12.
    case sha384WithRSAEncryption
    /// sha512WithRSAEncryption, 1.2.840.113549.1.1.13.
    case sha512WithRSAEncryption
    /// sha1WithRSAEncryption, 1.2.840.113549.1.1.5: read, and verified only under a policy that accepts
    /// SHA-1 (App Store receipts signed until 2023 and their certificates).
    case sha1WithRSAEncryption

    static let ecdsaWithSHA256OID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 10045, 4, 3, 2])
    static let ecdsaWithSHA384OID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 10045, 4, 3, 3])
    static let sha256WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113549, 1, 1, 11])
    static let sha384WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113549, 1, 1, 12])
    static let sha512WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113549, 1, 1, 13])
    static let sha1WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113549, 1, 1, 5])

    /// From an AlgorithmIdentifier, with the parameters the RFCs require.
    init(_ algorithm: AlgorithmIdentifier, at offset: Int) throws(X509Error) {
        switch algorithm.algorithm {
        case Self.ecdsaWithSHA256OID: self = .ecdsaWithSHA256
        case Self.ecdsaWithSHA384OID: self = .ecdsaWithSHA384
        case Self.sha256WithRSAOID: self = .sha256WithRSAEncryption
        case Self.sha384WithRSAOID: self = .sha384WithRSAEncryption
        case Self.sha512WithRSAOID: self = .sha512WithRSAEncryption
        case Self.sha1WithRSAOID: self = .sha1WithRSAEncryption
        default: throw X509Error(.unsupportedSignatureAlgorithm(algorithm.algorithm.nameAndDottedForm))
        }
        if isECDSA {
            guard algorithm.parameters == nil else {
                throw X509Error(.malformed("ECDSA signature algorithm at offset \(offset) has parameters; RFC 5758 §3.2 requires them absent"))
            }
        } else {
            guard algorithm.parameters == [0x05, 0x00] else {
                throw X509Error(.malformed("RSA signature algorithm at offset \(offset) lacks NULL parameters (RFC 4055 §5)"))
            }
        }
    }

    var isECDSA: Bool { self == .ecdsaWithSHA256 || self == .ecdsaWithSHA384 }

    public var description: String {
        switch self {
        case .ecdsaWithSHA256: return "ecdsa-with-SHA256"
        case .ecdsaWithSHA384: return "ecdsa-with-SHA384"
        case .sha256WithRSAEncryption: return "sha256WithRSAEncryption"
        case .sha384WithRSAEncryption: return "sha384WithRSAEncryption"
        case .sha512WithRSAEncryption: return "sha512WithRSAEncryption"
        case .sha1WithRSAEncryption: return "sha1WithRSAEncryption"
        }
    }
}
