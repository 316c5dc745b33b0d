// SHA3-256, SHA3-384 and SHA3-512 (FIPS 202 §6.1): the Keccak sponge with capacity twice the digest size,
// the suffix 01, and the first d bits of one squeeze as the digest. They have PureSHA2's `HashFunction`
// shape, so `HMAC<SHA3_256>` and every generic helper work with them.

@_exported import PureSHA2

/// SHA3-256 (FIPS 202), streaming and one-shot: `SHA3_256.hash(data: bytes)`.
///
/// A value type with no heap storage (the 200-byte state inline). Running time depends only on the length
/// of the input.
public struct SHA3_256: HashFunction {
    /// The rate in bytes (1088 bits), which is also HMAC's block size for SHA3-256 (FIPS 198-1 with FIPS 202).
    public static let blockByteCount = 136
    /// The size of a SHA3-256 digest: 32 bytes.
    public static let byteCount = 32

    @usableFromInline var sponge = KeccakSponge(rate: 136, suffix: 0x06)

    /// Starts a new hash.
    @inlinable
    public init() {}

    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    @inlinable
    public func finalize() -> SHA3_256Digest {
        var sponge = self.sponge
        var digest = SHA3_256Digest()
        withUnsafeMutableBytes(of: &digest.storage) { sponge.squeeze(into: $0) }
        return digest
    }
}

/// SHA3-384 (FIPS 202), streaming and one-shot, like ``SHA3_256``.
public struct SHA3_384: HashFunction {
    /// The rate in bytes (832 bits), HMAC's block size for SHA3-384.
    public static let blockByteCount = 104
    /// The size of a SHA3-384 digest: 48 bytes.
    public static let byteCount = 48

    @usableFromInline var sponge = KeccakSponge(rate: 104, suffix: 0x06)

    /// Starts a new hash.
    @inlinable
    public init() {}

    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    @inlinable
    public func finalize() -> SHA3_384Digest {
        var sponge = self.sponge
        var digest = SHA3_384Digest()
        withUnsafeMutableBytes(of: &digest.storage) { sponge.squeeze(into: $0) }
        return digest
    }
}

/// SHA3-512 (FIPS 202), streaming and one-shot, like ``SHA3_256``.
public struct SHA3_512: HashFunction {
    /// The rate in bytes (576 bits), HMAC's block size for SHA3-512.
    public static let blockByteCount = 72
    /// The size of a SHA3-512 digest: 64 bytes.
    public static let byteCount = 64

    @usableFromInline var sponge = KeccakSponge(rate: 72, suffix: 0x06)

    /// Starts a new hash.
    @inlinable
    public init() {}

    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    @inlinable
    public func finalize() -> SHA3_512Digest {
        var sponge = self.sponge
        var digest = SHA3_512Digest()
        withUnsafeMutableBytes(of: &digest.storage) { sponge.squeeze(into: $0) }
        return digest
    }
}
