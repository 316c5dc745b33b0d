// The public API, named as in swift-crypto and CryptoKit: MLDSA44, MLDSA65 and MLDSA87, each with a
// PrivateKey (from a 32-byte seed, or FIPS 204's expanded encoding) and a PublicKey. One generic
// implementation serves the three sizes; the names are typealiases of it.

/// The three ML-DSA parameter sets of FIPS 204.
public enum MLDSAAlgorithm: String, Hashable, Sendable, CaseIterable {
    /// ML-DSA-44: k = ℓ = 4, η = 2 (NIST category 2).
    case mldsa44 = "ML-DSA-44"
    /// ML-DSA-65: k = 6, ℓ = 5, η = 4 (category 3).
    case mldsa65 = "ML-DSA-65"
    /// ML-DSA-87: k = 8, ℓ = 7, η = 2 (category 5).
    case mldsa87 = "ML-DSA-87"

    @usableFromInline
    var parameters: MLDSAParameters {
        switch self {
        case .mldsa44: return .mldsa44
        case .mldsa65: return .mldsa65
        case .mldsa87: return .mldsa87
        }
    }

    /// The length of a public key (pk) in bytes: 1312, 1952 or 2592.
    public var publicKeyByteCount: Int { parameters.publicKeyByteCount }
    /// The length of an expanded private key (sk) in bytes: 2560, 4032 or 4896.
    public var expandedPrivateKeyByteCount: Int { parameters.expandedKeyByteCount }
    /// The length of a signature in bytes: 2420, 3309 or 4627.
    public var signatureByteCount: Int { parameters.signatureByteCount }
}

/// A type that names one ML-DSA parameter set: ``MLDSA44``, ``MLDSA65`` or ``MLDSA87``.
public protocol MLDSAParameterSet: Sendable {
    /// The parameter set this type names.
    static var algorithm: MLDSAAlgorithm { get }
}

/// ML-DSA-44 (FIPS 204, NIST security category 2).
public enum MLDSA44: MLDSAParameterSet {
    public static var algorithm: MLDSAAlgorithm { .mldsa44 }
    /// An ML-DSA-44 private key.
    public typealias PrivateKey = MLDSAPrivateKey<MLDSA44>
    /// An ML-DSA-44 public key.
    public typealias PublicKey = MLDSAPublicKey<MLDSA44>
}

/// ML-DSA-65 (FIPS 204, NIST security category 3).
public enum MLDSA65: MLDSAParameterSet {
    public static var algorithm: MLDSAAlgorithm { .mldsa65 }
    /// An ML-DSA-65 private key.
    public typealias PrivateKey = MLDSAPrivateKey<MLDSA65>
    /// An ML-DSA-65 public key.
    public typealias PublicKey = MLDSAPublicKey<MLDSA65>
}

/// ML-DSA-87 (FIPS 204, NIST security category 5).
public enum MLDSA87: MLDSAParameterSet {
    public static var algorithm: MLDSAAlgorithm { .mldsa87 }
    /// An ML-DSA-87 private key.
    public typealias PrivateKey = MLDSAPrivateKey<MLDSA87>
    /// An ML-DSA-87 public key.
    public typealias PublicKey = MLDSAPublicKey<MLDSA87>
}

/// An ML-DSA private key: signs, hedged by default (FIPS 204 §3.4), in constant time.
///
/// The key keeps the matrix Â and its secret vectors in the NTT domain (about 60 KB for ML-DSA-65), so a
/// signature does not expand them again. Never printed: its description is redacted.
public struct MLDSAPrivateKey<ParameterSet: MLDSAParameterSet>: Sendable {
    @usableFromInline let key: ExpandedPrivateKey

    /// The key's public key.
    public let publicKey: MLDSAPublicKey<ParameterSet>

    init(key: ExpandedPrivateKey) {
        self.key = key
        publicKey = MLDSAPublicKey(key: key.publicKey)
    }

    /// A new random key: a seed from `SystemRandomNumberGenerator` (the operating system's CSPRNG).
    public init() {
        var generator = SystemRandomNumberGenerator()
        let seed = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.init(key: ExpandedPrivateKey(seed: seed, parameters: ParameterSet.algorithm.parameters))
    }

    /// The key of a 32-byte seed ξ (ML-DSA.KeyGen_internal, FIPS 204 Algorithm 6). When `publicKey` is
    /// given, it must be the seed's.
    public init<Bytes: Collection>(seedRepresentation: Bytes, publicKey: MLDSAPublicKey<ParameterSet>? = nil) throws(MLDSAError)
    where Bytes.Element == UInt8 {
        let seed = Array(seedRepresentation)
        guard seed.count == 32 else { throw MLDSAError(.invalidSeedLength(found: seed.count)) }
        self.init(key: ExpandedPrivateKey(seed: seed, parameters: ParameterSet.algorithm.parameters))
        if let publicKey, publicKey != self.publicKey { throw MLDSAError(.inconsistentKey) }
    }

    /// The key of an expanded encoding sk (FIPS 204 Algorithm 24), checked: s₁ and s₂ in range, t₀ and tr
    /// recomputed from ρ, s₁ and s₂ and compared. Such a key has no ``seedRepresentation``.
    public init<Bytes: Collection>(expandedRepresentation: Bytes) throws(MLDSAError) where Bytes.Element == UInt8 {
        let encoded = Array(expandedRepresentation)
        let parameters = ParameterSet.algorithm.parameters
        guard encoded.count == parameters.expandedKeyByteCount else {
            throw MLDSAError(.invalidLength(what: "\(parameters.name) expanded private key", expected: parameters.expandedKeyByteCount, found: encoded.count))
        }
        guard let key = ExpandedPrivateKey(expandedEncoding: encoded, parameters: parameters) else {
            throw MLDSAError(.invalidExpandedKey)
        }
        self.init(key: key)
    }

    /// The 32-byte seed ξ, or nil for a key read from its expanded form alone. A secret.
    public var seedRepresentation: [UInt8]? { key.seed }

    /// The expanded encoding sk (FIPS 204 Algorithm 24). A secret.
    public var expandedRepresentation: [UInt8] { key.encoded }

    /// A hedged signature of `message` with `context` (at most 255 bytes; empty for JOSE and COSE):
    /// ML-DSA.Sign, FIPS 204 Algorithm 2, with 32 fresh random bytes from the system.
    public func signature<Message: Sequence, Context: Collection>(for message: Message, context: Context) throws(MLDSAError) -> [UInt8]
    where Message.Element == UInt8, Context.Element == UInt8 {
        var randomness = freshRandomness()
        defer { randomness = (0, 0, 0, 0) }
        return try withUnsafeBytes(of: randomness) { (bytes) throws(MLDSAError) in try signature(for: message, context: context, randomness: bytes) }
    }

    /// A hedged signature of `message` with the empty context.
    public func signature<Message: Sequence>(for message: Message) throws(MLDSAError) -> [UInt8] where Message.Element == UInt8 {
        try signature(for: message, context: [UInt8]())
    }

    /// The deterministic signature (FIPS 204 §3.4: rnd = 32 zero bytes), as known-answer tests and
    /// RFC 9964's examples use it. Prefer the hedged ``signature(for:context:)``: a deterministic signer
    /// is more exposed to fault and side-channel attacks.
    public func deterministicSignature<Message: Sequence, Context: Collection>(for message: Message, context: Context) throws(MLDSAError) -> [UInt8]
    where Message.Element == UInt8, Context.Element == UInt8 {
        try withUnsafeBytes(of: (UInt64(0), UInt64(0), UInt64(0), UInt64(0))) { (bytes) throws(MLDSAError) in
            try signature(for: message, context: context, randomness: bytes)
        }
    }

    /// Signing with the given 32 bytes of randomness (Wycheproof's and the test vectors' `rnd`).
    package func signature<Message: Sequence, Context: Collection>(for message: Message, context: Context, randomness: [UInt8]) throws(MLDSAError) -> [UInt8]
    where Message.Element == UInt8, Context.Element == UInt8 {
        precondition(randomness.count == 32, "ML-DSA signing randomness is 32 bytes")
        let result: Result<[UInt8], MLDSAError> = randomness.withUnsafeBytes { bytes in
            Result { () throws(MLDSAError) in try signature(for: message, context: context, randomness: bytes) }
        }
        return try result.get()
    }

    /// μ computed into a stack buffer and signed: no copy of a contiguous message, no array for μ.
    func signature<Message: Sequence, Context: Collection>(for message: Message, context: Context,
                                                           randomness: UnsafeRawBufferPointer) throws(MLDSAError) -> [UInt8]
    where Message.Element == UInt8, Context.Element == UInt8 {
        let context = Array(context)
        guard context.count <= 255 else { throw MLDSAError(.contextTooLong(found: context.count)) }
        let signature: [UInt8]? = withContiguousBytes(of: message) { messageBytes in
            context.withUnsafeBytes { contextBytes in
                withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) { mu in
                    key.publicKey.messageRepresentative(message: messageBytes, context: contextBytes, into: mu)
                    return key.sign(mu: UnsafeRawBufferPointer(mu), randomness: randomness)
                }
            }
        }
        guard let signature else { throw MLDSAError(.signingFailed) }
        return signature
    }

    /// A hedged signature of a message representative μ computed elsewhere (FIPS 204 §6.2's external μ):
    /// μ = H(tr ‖ M′, 64), as ``MLDSAPublicKey/messageRepresentative(for:context:)`` computes it.
    public func signature<Mu: Collection>(forMessageRepresentative mu: Mu) throws(MLDSAError) -> [UInt8] where Mu.Element == UInt8 {
        var randomness = freshRandomness()
        defer { randomness = (0, 0, 0, 0) }
        let bytes = withUnsafeBytes(of: randomness) { Array($0) }
        return try signature(forMessageRepresentative: Array(mu), randomness: bytes)
    }

    package func signature(forMessageRepresentative mu: [UInt8], randomness: [UInt8]) throws(MLDSAError) -> [UInt8] {
        guard mu.count == 64 else { throw MLDSAError(.invalidMessageRepresentative(found: mu.count)) }
        precondition(randomness.count == 32, "ML-DSA signing randomness is 32 bytes")
        let signature = mu.withUnsafeBytes { muBytes in
            randomness.withUnsafeBytes { key.sign(mu: muBytes, randomness: $0) }
        }
        guard let signature else { throw MLDSAError(.signingFailed) }
        return signature
    }
}

/// 32 bytes from `SystemRandomNumberGenerator` (the operating system's CSPRNG), kept on the stack.
private func freshRandomness() -> (UInt64, UInt64, UInt64, UInt64) {
    var generator = SystemRandomNumberGenerator()
    return (generator.next(), generator.next(), generator.next(), generator.next())
}

/// `body` over the bytes of `sequence`: in place when it is contiguous (an array, a slice), else copied.
private func withContiguousBytes<Bytes: Sequence, Result>(of sequence: Bytes, _ body: (UnsafeRawBufferPointer) -> Result) -> Result
where Bytes.Element == UInt8 {
    if let result = sequence.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
    return Array(sequence).withUnsafeBytes(body)
}

/// An ML-DSA public key: verifies signatures.
///
/// Keeps Â and NTT(t₁ · 2ᵈ) (about 40 KB for ML-DSA-65): a key that verifies many signatures expands them once.
public struct MLDSAPublicKey<ParameterSet: MLDSAParameterSet>: Sendable, Hashable {
    @usableFromInline let key: ExpandedPublicKey

    init(key: ExpandedPublicKey) { self.key = key }

    /// The key of an encoding pk (FIPS 204 Algorithm 23) of exactly the parameter set's length. Every
    /// encoding of that length is a key, an all-zero t₁ included.
    public init<Bytes: Collection>(rawRepresentation: Bytes) throws(MLDSAError) where Bytes.Element == UInt8 {
        let encoded = Array(rawRepresentation)
        let parameters = ParameterSet.algorithm.parameters
        guard let key = ExpandedPublicKey(encoding: encoded, parameters: parameters) else {
            throw MLDSAError(.invalidLength(what: "\(parameters.name) public key", expected: parameters.publicKeyByteCount, found: encoded.count))
        }
        self.key = key
    }

    /// The encoding pk = ρ ‖ t₁.
    public var rawRepresentation: [UInt8] { key.encoded }

    /// Whether `signature` is a valid signature of `message` with `context` (ML-DSA.Verify, FIPS 204
    /// Algorithm 3). A signature of the wrong length, a non-canonical hint encoding, or a context longer
    /// than 255 bytes is simply not valid.
    public func isValidSignature<Signature: Collection, Message: Sequence, Context: Collection>(
        _ signature: Signature, for message: Message, context: Context
    ) -> Bool where Signature.Element == UInt8, Message.Element == UInt8, Context.Element == UInt8 {
        guard let mu = try? messageRepresentative(for: message, context: context) else { return false }
        return isValidSignature(signature, forMessageRepresentative: mu)
    }

    /// Whether `signature` is a valid signature of `message` with the empty context.
    public func isValidSignature<Signature: Collection, Message: Sequence>(_ signature: Signature, for message: Message) -> Bool
    where Signature.Element == UInt8, Message.Element == UInt8 {
        isValidSignature(signature, for: message, context: [UInt8]())
    }

    /// Whether `signature` signs the message representative μ (64 bytes; false for another length).
    public func isValidSignature<Signature: Collection, Mu: Collection>(_ signature: Signature, forMessageRepresentative mu: Mu) -> Bool
    where Signature.Element == UInt8, Mu.Element == UInt8 {
        let mu = Array(mu)
        guard mu.count == 64 else { return false }
        let signature = Array(signature)
        return signature.withUnsafeBytes { signatureBytes in
            mu.withUnsafeBytes { key.verify(signature: signatureBytes, mu: $0) }
        }
    }

    /// μ = H(tr ‖ 0 ‖ |ctx| ‖ ctx ‖ M, 64): the message representative of pure ML-DSA (FIPS 204 Algorithms 2
    /// and 3, and §6.2's external μ), for signing or verifying a message hashed apart from the key.
    public func messageRepresentative<Message: Sequence, Context: Collection>(for message: Message, context: Context) throws(MLDSAError) -> [UInt8]
    where Message.Element == UInt8, Context.Element == UInt8 {
        let context = Array(context)
        guard context.count <= 255 else { throw MLDSAError(.contextTooLong(found: context.count)) }
        let message = Array(message)
        var mu = [UInt8](repeating: 0, count: 64)
        message.withUnsafeBytes { messageBytes in
            context.withUnsafeBytes { contextBytes in
                mu.withUnsafeMutableBytes { key.messageRepresentative(message: messageBytes, context: contextBytes, into: $0) }
            }
        }
        return mu
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key.encoded == rhs.key.encoded }
    public func hash(into hasher: inout Hasher) { hasher.combine(key.encoded) }
}
