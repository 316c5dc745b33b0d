// Key derivation: HKDF (RFC 5869) and PBKDF2 (RFC 8018 §5.2), on HMAC over any hash of this module, with
// swift-crypto's names where it has them. What they refuse is a `KeyDerivationError`, never a trap.

/// Why a key could not be derived.
public struct KeyDerivationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Reason: Hashable, Sendable {
        /// An output length below 0 or above what the function can produce (HKDF: 255 hash lengths).
        case outputByteCountOutOfRange(requested: Int, maximum: Int)
        /// A PBKDF2 iteration count below 1.
        case invalidRounds(Int)
    }

    /// Why.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// What went wrong and what to do about it, in a sentence.
    public var description: String {
        switch reason {
        case .outputByteCountOutOfRange(let requested, let maximum):
            return "\(requested) bytes were asked of a key derivation that gives 0 to \(maximum) bytes: ask for fewer, or use a hash with a longer output"
        case .invalidRounds(let rounds):
            return "PBKDF2 needs at least one iteration, and should have hundreds of thousands for passwords; \(rounds) were given"
        }
    }
}

/// HKDF (RFC 5869): extract a pseudorandom key from input keying material, expand it to the length needed.
public enum HKDF<H: HashFunction> {
    /// PRK = HMAC-Hash(salt, IKM) (RFC 5869 §2.2); an empty or absent salt is a hash length of zeros.
    public static func extract<Salt: Sequence>(inputKeyMaterial: SymmetricKey, salt: Salt?) -> HashedAuthenticationCode<H>
    where Salt.Element == UInt8 {
        let saltBytes = salt.map { Array($0) } ?? []
        let key = SymmetricKey(data: saltBytes.isEmpty ? [UInt8](repeating: 0, count: H.Digest.byteCount) : saltBytes)
        return inputKeyMaterial.withUnsafeBytes { HMAC<H>.authenticationCode(for: $0, using: key) }
    }

    /// OKM = T(1) ‖ T(2) ‖ …, T(i) = HMAC-Hash(PRK, T(i − 1) ‖ info ‖ i), truncated to `outputByteCount`
    /// (RFC 5869 §2.3). At most 255 hash lengths.
    public static func expand<PRK: Sequence, Info: Sequence>(
        pseudoRandomKey: PRK, info: Info?, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where PRK.Element == UInt8, Info.Element == UInt8 {
        let hashLength = H.Digest.byteCount
        guard outputByteCount >= 0, outputByteCount <= 255 * hashLength else {
            throw KeyDerivationError(.outputByteCountOutOfRange(requested: outputByteCount, maximum: 255 * hashLength))
        }
        let keyed = HMAC<H>(key: SymmetricKey(data: pseudoRandomKey))
        let infoBytes = info.map { Array($0) } ?? []
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount + hashLength)
        var previous: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            var mac = keyed
            mac.update(data: previous)
            mac.update(data: infoBytes)
            mac.update(data: CollectionOfOne(counter))
            previous = Array(mac.finalize())
            output += previous
            counter &+= 1
        }
        return SymmetricKey(data: output.prefix(outputByteCount))
    }

    /// Extract, then expand: the usual one call.
    public static func deriveKey<Salt: Sequence, Info: Sequence>(
        inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Salt.Element == UInt8, Info.Element == UInt8 {
        let prk = extract(inputKeyMaterial: inputKeyMaterial, salt: salt)
        return try expand(pseudoRandomKey: prk, info: info, outputByteCount: outputByteCount)
    }

    /// Extract with no salt, then expand.
    public static func deriveKey<Info: Sequence>(
        inputKeyMaterial: SymmetricKey, info: Info, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Info.Element == UInt8 {
        try deriveKey(inputKeyMaterial: inputKeyMaterial, salt: EmptyCollection<UInt8>(), info: info, outputByteCount: outputByteCount)
    }

    /// Extract with `salt`, then expand with no info.
    public static func deriveKey<Salt: Sequence>(
        inputKeyMaterial: SymmetricKey, salt: Salt, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Salt.Element == UInt8 {
        try deriveKey(inputKeyMaterial: inputKeyMaterial, salt: salt, info: EmptyCollection<UInt8>(), outputByteCount: outputByteCount)
    }

    /// Extract with no salt, then expand with no info.
    public static func deriveKey(inputKeyMaterial: SymmetricKey, outputByteCount: Int) throws(KeyDerivationError) -> SymmetricKey {
        try deriveKey(inputKeyMaterial: inputKeyMaterial, salt: EmptyCollection<UInt8>(), info: EmptyCollection<UInt8>(), outputByteCount: outputByteCount)
    }
}

/// PBKDF2 (RFC 8018 §5.2) with HMAC over `H`: a key from a password, slowed by `rounds` iterations.
///
/// JWE's PBES2 (RFC 7518 §4.8) uses it with SHA-256/384/512. The iteration count is the caller's to
/// bound when it comes from a message: PureJWT caps a token's `p2c` before calling this.
public enum PBKDF2<H: HashFunction> {
    /// DK = T_1 ‖ T_2 ‖ …, T_i = U_1 ⊕ … ⊕ U_c, U_1 = PRF(P, S ‖ INT(i)), U_j = PRF(P, U_{j−1}).
    public static func deriveKey<Password: Sequence, Salt: Sequence>(
        fromPassword password: Password, salt: Salt, rounds: Int, outputByteCount: Int
    ) throws(KeyDerivationError) -> SymmetricKey where Password.Element == UInt8, Salt.Element == UInt8 {
        guard rounds >= 1 else { throw KeyDerivationError(.invalidRounds(rounds)) }
        let hashLength = H.Digest.byteCount
        // RFC 8018: dkLen ≤ (2^32 − 1)·hLen; far beyond any key, so bounded at 2^32 − 1 blocks or Int.
        let maximum = Int(Int32.max)
        guard outputByteCount >= 0, outputByteCount <= maximum else {
            throw KeyDerivationError(.outputByteCountOutOfRange(requested: outputByteCount, maximum: maximum))
        }
        // The keyed HMAC (inner and outer states after the padded key) is made once and copied.
        let passwordKey = SymmetricKey(data: password)
        let keyed = HMAC<H>(key: passwordKey)
        let saltBytes = Array(salt)
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount + hashLength)
        // SHA-256/384/512: the loop on the compression function (PBKDF2Rounds.swift). Embedded Swift has no
        // existential metatypes; there every generic is specialized, and the general loop below serves.
        #if hasFeature(Embedded)
        let compressing: (any PBKDF2Compressing.Type)? = nil
        #else
        let compressing = H.self as? any PBKDF2Compressing.Type
        #endif
        var block: UInt32 = 1
        while output.count < outputByteCount {
            var mac = keyed
            mac.update(data: saltBytes)
            mac.update(data: [UInt8(block >> 24), UInt8(truncatingIfNeeded: block >> 16), UInt8(truncatingIfNeeded: block >> 8), UInt8(truncatingIfNeeded: block)])
            var u = Array(mac.finalize())
            if let fast = compressing {
                output += passwordKey.withUnsafeBytes { fast.pbkdf2Block(password: $0, first: u, rounds: rounds) }
                block &+= 1
                continue
            }
            var t = u
            // U_j is written over U_{j−1} in place: one array for the whole loop, not one per iteration.
            for _ in 1..<rounds {
                var next = keyed
                u.withUnsafeBytes { next.update(bufferPointer: $0) }
                next.finalize().withUnsafeBytes { fresh in
                    for index in 0..<hashLength {
                        u[index] = fresh[index]
                        t[index] ^= fresh[index]
                    }
                }
            }
            output += t
            block &+= 1
        }
        return SymmetricKey(data: output.prefix(outputByteCount))
    }
}
