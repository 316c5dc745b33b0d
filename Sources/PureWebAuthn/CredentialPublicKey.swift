// A credential's public key, built from its COSE key (PureCBOR checks the shape, the key modules the point
// or modulus), and WebAuthn's signature check with it (§6.5.6 "Signature Formats for Packed Attestation,
// FIDO U2F Attestation, and Assertion Signatures"): ECDSA signatures are ASN.1 DER, as X.509 writes them,
// not JWS's r ‖ s; EdDSA signatures are RFC 8032's 64 bytes; RSA signatures are k bytes; ML-DSA signatures
// are FIPS 204's σ (RFC 9964 §4), pure ML-DSA with the empty context.

import PureCBOR
import PureCurve25519
import PureCurve448
import PureMLDSA
import PureP256
import PureP384
import PureP521
import PureRSA
import PureSecp256k1
import PureSHA2

/// A credential public key a WebAuthn signature is checked with: one of the keys PureCBOR's `COSEKey` reads, built.
public struct CredentialPublicKey: Sendable {
    let verificationKey: SignatureVerificationKey
    /// The COSE key it was built from.
    public let coseKey: COSEKey

    /// The algorithm the key signs with.
    public var algorithm: COSEAlgorithm { coseKey.algorithm }

    /// Builds the key: the point must be on its curve, the RSA modulus at least 2048 bits with an odd
    /// exponent (PureRSA's key policy).
    public init(_ coseKey: COSEKey) throws(WebAuthnError) {
        self.coseKey = coseKey
        verificationKey = try SignatureVerificationKey(coseKey)
    }

    /// Reads and builds the key from its COSE encoding, as a server stores it.
    public init(coseEncoding bytes: [UInt8]) throws(WebAuthnError) {
        let coseKey: COSEKey
        do { coseKey = try COSEKey(encoded: bytes) } catch { throw WebAuthnError(.invalidCredentialPublicKey("\(error)")) }
        try self.init(coseKey)
    }

    /// Whether `signature` is the key's signature of `message` with the key's algorithm. Variable-time
    /// (public data).
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        verificationKey.isValidSignature(signature, for: message)
    }
}

/// A public key and the COSE algorithm it verifies with: a credential's key, or an attestation
/// certificate's key with the algorithm its statement names (RS1 included, for attestation only).
struct SignatureVerificationKey: Sendable {
    enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case p384(P384.Signing.PublicKey)
        case p521(P521.Signing.PublicKey)
        case secp256k1(Secp256k1.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case ed448(Curve448.Signing.PublicKey)
        case rsa(RSA.Signing.PublicKey)
        case mldsa44(MLDSA44.PublicKey)
        case mldsa65(MLDSA65.PublicKey)
        case mldsa87(MLDSA87.PublicKey)
    }

    let key: Key
    let algorithm: COSEAlgorithm

    init(_ coseKey: COSEKey) throws(WebAuthnError) {
        algorithm = coseKey.algorithm
        do {
            switch coseKey.parameters {
            case .ec2(.p256, let x, let y): key = .p256(try P256.Signing.PublicKey(rawRepresentation: x + y))
            case .ec2(.p384, let x, let y): key = .p384(try P384.Signing.PublicKey(rawRepresentation: x + y))
            case .ec2(.p521, let x, let y): key = .p521(try P521.Signing.PublicKey(rawRepresentation: x + y))
            case .ec2(.secp256k1, let x, let y): key = .secp256k1(try Secp256k1.Signing.PublicKey(rawRepresentation: x + y))
            case .ec2(.ed25519, _, _), .ec2(.ed448, _, _): throw WebAuthnError(.invalidCredentialPublicKey("an EC2 key on an OKP curve"))
            case .okp(.ed448, let x): key = .ed448(try Curve448.Signing.PublicKey(rawRepresentation: x))
            case .okp(_, let x): key = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x))
            case .rsa(let modulus, let exponent): key = .rsa(try RSA.Signing.PublicKey(modulus: modulus, publicExponent: exponent))
            case .akp(let publicKey):
                switch coseKey.algorithm {
                case .mldsa44: key = .mldsa44(try MLDSA44.PublicKey(rawRepresentation: publicKey))
                case .mldsa65: key = .mldsa65(try MLDSA65.PublicKey(rawRepresentation: publicKey))
                default: key = .mldsa87(try MLDSA87.PublicKey(rawRepresentation: publicKey))
                }
            }
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw WebAuthnError(.invalidCredentialPublicKey("\(error)"))
        }
    }

    /// The key of a certificate's SubjectPublicKeyInfo, for `algorithm`: the key's type must be the one the
    /// algorithm uses.
    init(subjectPublicKeyInfo der: [UInt8], algorithm: COSEAlgorithm) throws(WebAuthnError) {
        self.algorithm = algorithm
        do {
            switch algorithm {
            case .es256, .esp256: key = .p256(try P256.Signing.PublicKey(derRepresentation: der))
            case .es384, .esp384: key = .p384(try P384.Signing.PublicKey(derRepresentation: der))
            case .es512, .esp512: key = .p521(try P521.Signing.PublicKey(derRepresentation: der))
            case .es256k: key = .secp256k1(try Secp256k1.Signing.PublicKey(derRepresentation: der))
            case .ed25519: key = .ed25519(try Curve25519.Signing.PublicKey(derRepresentation: der))
            case .ed448: key = .ed448(try Curve448.Signing.PublicKey(derRepresentation: der))
            // EdDSA names no curve: the certificate's key decides (id-Ed25519 or id-Ed448).
            case .edDSA:
                if let ed25519 = try? Curve25519.Signing.PublicKey(derRepresentation: der) { key = .ed25519(ed25519) } else {
                    key = .ed448(try Curve448.Signing.PublicKey(derRepresentation: der))
                }
            case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512, .rs1: key = .rsa(try RSA.Signing.PublicKey(derRepresentation: der))
            case .mldsa44: key = .mldsa44(try MLDSA44.PublicKey(derRepresentation: der))
            case .mldsa65: key = .mldsa65(try MLDSA65.PublicKey(derRepresentation: der))
            case .mldsa87: key = .mldsa87(try MLDSA87.PublicKey(derRepresentation: der))
            default: throw WebAuthnError(.unsupportedAttestationAlgorithm(algorithm.rawValue))
            }
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw WebAuthnError(.invalidAttestationStatement("the attestation certificate's key is not a \(algorithm) key: \(error)"))
        }
    }

    /// Whether `signature` is a JWS signature (RFC 7518 §3.4: ECDSA as r ‖ s) of `message` by this key.
    func isValidJWSSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        let der: [UInt8]?
        switch key {
        case .p256: der = (try? P256.Signing.ECDSASignature(rawRepresentation: signature))?.derRepresentation
        case .p384: der = (try? P384.Signing.ECDSASignature(rawRepresentation: signature))?.derRepresentation
        case .p521: der = (try? P521.Signing.ECDSASignature(rawRepresentation: signature))?.derRepresentation
        case .secp256k1: der = (try? Secp256k1.Signing.ECDSASignature(rawRepresentation: signature))?.derRepresentation
        case .ed25519, .ed448, .rsa, .mldsa44, .mldsa65, .mldsa87: der = signature
        }
        return der.map { isValidSignature($0, for: message) } ?? false
    }

    func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        switch key {
        case .p256(let key):
            guard algorithm == .es256 || algorithm == .esp256,
                  let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: message)
        case .p384(let key):
            guard algorithm == .es384 || algorithm == .esp384,
                  let signature = try? P384.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: message)
        case .p521(let key):
            guard algorithm == .es512 || algorithm == .esp512,
                  let signature = try? P521.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: message)
        case .secp256k1(let key):
            guard algorithm == .es256k,
                  let signature = try? Secp256k1.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: message)
        case .ed25519(let key):
            return algorithm == .edDSA || algorithm == .ed25519 ? key.isValidSignature(signature, for: message) : false
        case .ed448(let key):
            return algorithm == .edDSA || algorithm == .ed448 ? key.isValidSignature(signature, for: message) : false
        // Pure ML-DSA with the empty context over the message itself (RFC 9964 §4), as COSE signs.
        case .mldsa44(let key): return key.isValidSignature(signature, for: message)
        case .mldsa65(let key): return key.isValidSignature(signature, for: message)
        case .mldsa87(let key): return key.isValidSignature(signature, for: message)
        case .rsa(let key):
            let rsaSignature = RSA.Signing.RSASignature(rawRepresentation: signature)
            switch algorithm {
            case .rs256: return key.isValidSignature(rsaSignature, for: SHA256.hash(data: message))
            case .rs384: return key.isValidSignature(rsaSignature, for: SHA384.hash(data: message))
            case .rs512: return key.isValidSignature(rsaSignature, for: SHA512.hash(data: message))
            case .ps256: return key.isValidSignature(rsaSignature, for: SHA256.hash(data: message), padding: .PSS)
            case .ps384: return key.isValidSignature(rsaSignature, for: SHA384.hash(data: message), padding: .PSS)
            case .ps512: return key.isValidSignature(rsaSignature, for: SHA512.hash(data: message), padding: .PSS)
            case .rs1: return key.isValidInsecureSHA1Signature(rsaSignature, for: Insecure.SHA1.hash(data: message))
            default: return false
            }
        }
    }
}
