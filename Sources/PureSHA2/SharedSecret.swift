// The result of a key agreement (ECDH on P-256, P-384, P-521; X25519), and the key derivations applied to
// it, with swift-crypto's names: HKDF (RFC 5869) and ANSI X9.63, and the Concat KDF that JOSE (RFC 7518
// §4.6.2) and Apple Pay use (NIST SP 800-56A §5.8.1, the single-step KDF with a hash).
//
// Defined here, below every curve module, so that all of them return the same type.

/// A shared secret from a key agreement. Use it through a key derivation, not as a key itself.
///
/// `==` compares in constant time; `description` never prints the secret.
public struct SharedSecret: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    /// A secret of the given bytes: for the curve modules' key agreements.
    @usableFromInline package init(bytes: [UInt8]) { self.bytes = bytes }

    /// The secret's length in bytes (the curve's field size; 32 for X25519).
    public var byteCount: Int { bytes.count }

    /// Calls `body` with the secret's bytes. Do not let them escape.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }

    /// HKDF (RFC 5869) of the secret: salt, info and output length as `HKDF<H>.deriveKey`.
    public func hkdfDerivedSymmetricKey<H: HashFunction, Salt: Sequence, Info: Sequence>(
        using hash: H.Type, salt: Salt, sharedInfo: Info, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Salt.Element == UInt8, Info.Element == UInt8 {
        try HKDF<H>.deriveKey(inputKeyMaterial: SymmetricKey(data: bytes), salt: salt, info: sharedInfo, outputByteCount: outputByteCount)
    }

    /// ANSI X9.63 (SEC 1 §3.6.1): K_i = Hash(Z ‖ counter_i ‖ SharedInfo), counter from 1, 32-bit big-endian.
    public func x963DerivedSymmetricKey<H: HashFunction, Info: Sequence>(
        using hash: H.Type, sharedInfo: Info, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Info.Element == UInt8 {
        try counterDerivation(H.self, outputByteCount: outputByteCount, info: Array(sharedInfo), counterFirst: false)
    }

    /// The Concat KDF (NIST SP 800-56A §5.8.1, single-step with a hash): K_i = Hash(counter_i ‖ Z ‖
    /// OtherInfo), counter from 1, 32-bit big-endian. JOSE's ECDH-ES builds OtherInfo from the algorithm,
    /// "apu", "apv" and the key length (RFC 7518 §4.6.2); Apple Pay from its own fields.
    public func concatDerivedSymmetricKey<H: HashFunction, Info: Sequence>(
        using hash: H.Type, otherInfo: Info, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Info.Element == UInt8 {
        try counterDerivation(H.self, outputByteCount: outputByteCount, info: Array(otherInfo), counterFirst: true)
    }

    /// The two counter-mode hash derivations, which differ only in where the counter goes.
    func counterDerivation<H: HashFunction>(_: H.Type, outputByteCount: Int, info: [UInt8], counterFirst: Bool) throws(KeyDerivationError) -> SymmetricKey {
        // The counter is 32 bits; keep far below that (a key derivation asked for more than 2^31 bytes
        // is a mistake, not a key).
        let maximum = Int(Int32.max)
        guard outputByteCount >= 0, outputByteCount <= maximum else {
            throw KeyDerivationError(.outputByteCountOutOfRange(requested: outputByteCount, maximum: maximum))
        }
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount + H.Digest.byteCount)
        var counter: UInt32 = 1
        while output.count < outputByteCount {
            let counterBytes = [UInt8(counter >> 24), UInt8(truncatingIfNeeded: counter >> 16), UInt8(truncatingIfNeeded: counter >> 8), UInt8(truncatingIfNeeded: counter)]
            var hasher = H()
            if counterFirst { hasher.update(data: counterBytes) }
            hasher.update(data: bytes)
            if !counterFirst { hasher.update(data: counterBytes) }
            hasher.update(data: info)
            output += Array(hasher.finalize())
            counter &+= 1
        }
        return SymmetricKey(data: output.prefix(outputByteCount))
    }

    /// Constant-time for secrets of equal length.
    public static func == (lhs: SharedSecret, rhs: SharedSecret) -> Bool { constantTimeEqual(lhs.bytes, rhs.bytes) }

    /// Hashes only the length (as `SymmetricKey`).
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes.count) }

    /// "SharedSecret(32 bytes)": never the secret.
    public var description: String { "SharedSecret(\(bytes.count) bytes)" }
}
