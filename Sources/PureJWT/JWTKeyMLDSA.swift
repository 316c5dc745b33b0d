// ML-DSA keys for JWS (RFC 9964): "ML-DSA-44", "ML-DSA-65" and "ML-DSA-87", pure ML-DSA over the JWS signing
// input with the empty context (RFC 9964 §3), hedged signatures. The parameter set decides the algorithm.
//
// The three sizes are one generic key type in PureMLDSA; a JWTKey holds either size behind the two small
// type-erased values below, so the rest of PureJWT switches over two cases, not six.

import PureMLDSA

/// An ML-DSA public key of any size, as a JWTKey holds it.
struct MLDSAVerifyingKey: Sendable {
    let algorithm: JWTAlgorithm
    /// pk (FIPS 204), the JWK's "pub".
    let rawRepresentation: [UInt8]
    let signatureLength: Int
    let pemRepresentation: String
    let isValid: @Sendable ([UInt8], ArraySlice<UInt8>) -> Bool

    init<Set: MLDSAParameterSet>(_ key: MLDSAPublicKey<Set>) {
        algorithm = JWTAlgorithm(mldsa: Set.algorithm)
        rawRepresentation = key.rawRepresentation
        signatureLength = Set.algorithm.signatureByteCount
        pemRepresentation = key.pemRepresentation
        isValid = { signature, input in key.isValidSignature(signature, for: input, context: [UInt8]()) }
    }
}

/// An ML-DSA private key of any size, as a JWTKey holds it.
struct MLDSASigningKey: Sendable {
    let publicKey: MLDSAVerifyingKey
    /// ξ, the JWK's "priv"; nil for a key read from its expanded form alone.
    let seed: [UInt8]?
    let pemRepresentation: String
    let sign: @Sendable ([UInt8]) throws(MLDSAError) -> [UInt8]

    init<Set: MLDSAParameterSet>(_ key: MLDSAPrivateKey<Set>) {
        publicKey = MLDSAVerifyingKey(key.publicKey)
        seed = key.seedRepresentation
        pemRepresentation = key.pemRepresentation
        sign = { (input) throws(MLDSAError) in try key.signature(for: input, context: [UInt8]()) }
    }
}

extension JWTAlgorithm {
    /// ML-DSA-44 (FIPS 204; RFC 9964): an AKP key with "alg" "ML-DSA-44".
    public static let mldsa44 = JWTAlgorithm(mldsa: .mldsa44)
    /// ML-DSA-65 (FIPS 204; RFC 9964).
    public static let mldsa65 = JWTAlgorithm(mldsa: .mldsa65)
    /// ML-DSA-87 (FIPS 204; RFC 9964).
    public static let mldsa87 = JWTAlgorithm(mldsa: .mldsa87)

    /// The three ML-DSA algorithms.
    public static let mldsaAlgorithms: [JWTAlgorithm] = [.mldsa44, .mldsa65, .mldsa87]

    init(mldsa algorithm: MLDSAAlgorithm) { self.init(registeredName: algorithm.rawValue) }

    /// The ML-DSA parameter set this algorithm names, if it is one.
    var mldsaAlgorithm: MLDSAAlgorithm? { MLDSAAlgorithm(rawValue: rawValue) }
}

extension JWTKey {
    /// An ML-DSA public key (RFC 9964): verifies tokens of its parameter set's algorithm.
    public static func mldsa<Set: MLDSAParameterSet>(_ key: MLDSAPublicKey<Set>, keyID: String? = nil) -> JWTKey {
        let verifier = MLDSAVerifyingKey(key)
        return JWTKey(material: .mldsaPublic(verifier), keyID: keyID, algorithms: [verifier.algorithm])
    }

    /// An ML-DSA private key (RFC 9964): signs hedged, in constant time, with the empty context, and
    /// verifies.
    public static func mldsa<Set: MLDSAParameterSet>(_ key: MLDSAPrivateKey<Set>, keyID: String? = nil) -> JWTKey {
        let signer = MLDSASigningKey(key)
        return JWTKey(material: .mldsaPrivate(signer), keyID: keyID, algorithms: [signer.publicKey.algorithm])
    }

    /// The ML-DSA private key of a 32-byte seed for `algorithm` (one of ``JWTAlgorithm/mldsaAlgorithms``).
    static func mldsa(seed: [UInt8], algorithm: MLDSAAlgorithm, keyID: String?) throws(MLDSAError) -> JWTKey {
        switch algorithm {
        case .mldsa44: return .mldsa(try MLDSA44.PrivateKey(seedRepresentation: seed), keyID: keyID)
        case .mldsa65: return .mldsa(try MLDSA65.PrivateKey(seedRepresentation: seed), keyID: keyID)
        case .mldsa87: return .mldsa(try MLDSA87.PrivateKey(seedRepresentation: seed), keyID: keyID)
        }
    }

    /// The ML-DSA public key of an encoding pk for `algorithm`.
    static func mldsa(publicKey: [UInt8], algorithm: MLDSAAlgorithm, keyID: String?) throws(MLDSAError) -> JWTKey {
        switch algorithm {
        case .mldsa44: return .mldsa(try MLDSA44.PublicKey(rawRepresentation: publicKey), keyID: keyID)
        case .mldsa65: return .mldsa(try MLDSA65.PublicKey(rawRepresentation: publicKey), keyID: keyID)
        case .mldsa87: return .mldsa(try MLDSA87.PublicKey(rawRepresentation: publicKey), keyID: keyID)
        }
    }

    /// The ML-DSA private key of a PKCS#8 structure (seed, expanded or both; RFC 9881) for `algorithm`.
    static func mldsa(der: [UInt8], privateAlgorithm algorithm: MLDSAAlgorithm, keyID: String?) throws(MLDSAError) -> JWTKey {
        switch algorithm {
        case .mldsa44: return .mldsa(try MLDSA44.PrivateKey(derRepresentation: der), keyID: keyID)
        case .mldsa65: return .mldsa(try MLDSA65.PrivateKey(derRepresentation: der), keyID: keyID)
        case .mldsa87: return .mldsa(try MLDSA87.PrivateKey(derRepresentation: der), keyID: keyID)
        }
    }

    /// The ML-DSA public key of a SubjectPublicKeyInfo for `algorithm`.
    static func mldsa(der: [UInt8], publicAlgorithm algorithm: MLDSAAlgorithm, keyID: String?) throws(MLDSAError) -> JWTKey {
        switch algorithm {
        case .mldsa44: return .mldsa(try MLDSA44.PublicKey(derRepresentation: der), keyID: keyID)
        case .mldsa65: return .mldsa(try MLDSA65.PublicKey(derRepresentation: der), keyID: keyID)
        case .mldsa87: return .mldsa(try MLDSA87.PublicKey(derRepresentation: der), keyID: keyID)
        }
    }
}
