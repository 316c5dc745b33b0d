// The one error type of PureMLDSA.

/// What went wrong making, reading or using an ML-DSA key.
public struct MLDSAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Reason: Hashable, Sendable {
        /// A seed was not the 32 bytes FIPS 204 seeds are.
        case invalidSeedLength(found: Int)
        /// A public key, expanded private key or signature had the wrong length for the parameter set.
        case invalidLength(what: String, expected: Int, found: Int)
        /// An expanded private key (FIPS 204 sk) is not one: a coefficient of s₁ or s₂ out of range, or t₀
        /// or tr not what the rest of the key gives.
        case invalidExpandedKey
        /// A public key given with a seed, or an expanded key given with a seed, is not the seed's.
        case inconsistentKey
        /// A context string longer than the 255 bytes FIPS 204 allows.
        case contextTooLong(found: Int)
        /// A message representative μ that is not 64 bytes.
        case invalidMessageRepresentative(found: Int)
        /// A DER or PEM key could not be read, or is not an ML-DSA key of this parameter set.
        case invalidKeyEncoding(String)
        /// Signing tried every mask the 16-bit counter allows and all were rejected (probability below 2⁻²⁰⁰⁰).
        case signingFailed
    }

    /// Why.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .invalidSeedLength(let found):
            return "an ML-DSA seed is 32 bytes (FIPS 204 ξ), but \(found) were given"
        case .invalidLength(let what, let expected, let found):
            return "an \(what) is \(expected) bytes, but \(found) were given: check that the key and signature are of the same ML-DSA parameter set"
        case .invalidExpandedKey:
            return "the expanded ML-DSA private key is corrupted: its s₁, s₂, t₀ or tr do not fit together (FIPS 204 skEncode); use the key's 32-byte seed if you have it"
        case .inconsistentKey:
            return "the public key or expanded key given with the seed does not belong to it: the key file is corrupted or was assembled from two keys"
        case .contextTooLong(let found):
            return "an ML-DSA context string is at most 255 bytes (FIPS 204 §5.2), but \(found) were given"
        case .invalidMessageRepresentative(let found):
            return "an ML-DSA message representative μ is 64 bytes, but \(found) were given"
        case .invalidKeyEncoding(let message):
            return "the ML-DSA key could not be read: \(message)"
        case .signingFailed:
            return "ML-DSA signing rejected every mask its counter allows, which should never happen: try again"
        }
    }
}
