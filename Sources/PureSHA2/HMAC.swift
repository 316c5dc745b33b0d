// HMAC, RFC 2104 / FIPS 198-1, generic over the hash function as in swift-crypto.

/// A keyed-hash message authentication code (RFC 2104), e.g. `HMAC<SHA256>` for JWS "HS256".
///
/// ```swift
/// let key = SymmetricKey(data: secret)
/// let tag = HMAC<SHA256>.authenticationCode(for: signingInput, using: key)
/// let ok = HMAC<SHA256>.isValidAuthenticationCode(receivedTag, authenticating: signingInput, using: key)
/// ```
///
/// The key is absorbed once, in `init(key:)`: the value keeps the inner and outer hash states after
/// their first block, so a copied `HMAC` can authenticate further messages without re-reading the key.
/// Time depends on the key length and message length only, not on their contents.
public struct HMAC<H: HashFunction>: Sendable {
    /// The authentication code `finalize()` returns.
    public typealias MAC = HashedAuthenticationCode<H>

    /// H((K' ⊕ ipad) ‖ …) in progress.
    @usableFromInline var inner: H
    /// H((K' ⊕ opad) ‖ …), waiting for the inner digest.
    @usableFromInline var outer: H

    /// Starts an HMAC computation under `key`. A key longer than the hash's block is hashed first
    /// (RFC 2104 §2); a shorter one is padded with zeros.
    @inlinable
    public init(key: SymmetricKey) {
        self = key.withUnsafeBytes { Self(keyBytes: $0) }
    }

    /// `init(key:)` from raw key bytes, for callers in this package that derive keys on the fly
    /// (RFC 6979 re-keys HMAC twice per signature) and should not allocate a `SymmetricKey` for each.
    /// The padded key block lives on the stack and is zeroed before returning.
    @usableFromInline
    package init(keyBytes: UnsafeRawBufferPointer) {
        var inner = H(), outer = H()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: H.blockByteCount) { block in
            block.initialize(repeating: 0)
            let raw = UnsafeMutableRawBufferPointer(block)
            if keyBytes.count > H.blockByteCount {
                H.hash(data: keyBytes).withUnsafeBytes { raw.copyMemory(from: $0) }
            } else if keyBytes.count > 0 {
                raw.copyMemory(from: keyBytes)
            }
            for index in 0..<block.count { block[index] ^= 0x36 }
            inner.update(bufferPointer: UnsafeRawBufferPointer(raw))
            for index in 0..<block.count { block[index] ^= 0x36 ^ 0x5c }
            outer.update(bufferPointer: UnsafeRawBufferPointer(raw))
            // Best effort: the optimizer may drop stores to memory about to be released. The two hash
            // states kept in `self` are key-equivalent for HMAC anyway.
            for index in 0..<block.count { block[index] = 0 }
        }
        self.inner = inner
        self.outer = outer
    }

    /// Absorbs more message bytes.
    @inlinable
    public mutating func update<Bytes: Sequence>(data: Bytes) where Bytes.Element == UInt8 {
        inner.update(data: data)
    }

    /// Absorbs more message bytes from raw memory.
    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: bufferPointer)
    }

    /// The MAC of everything absorbed so far; `self` is unchanged.
    @inlinable
    public func finalize() -> MAC {
        var outer = self.outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return MAC(digest: outer.finalize())
    }

    /// The MAC of `data` under `key`.
    @inlinable
    public static func authenticationCode<Bytes: Sequence>(for data: Bytes, using key: SymmetricKey) -> MAC
    where Bytes.Element == UInt8 {
        var hmac = Self(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }

    /// Whether `authenticationCode` is the MAC of `data` under `key`. Compares in constant time.
    @inlinable
    public static func isValidAuthenticationCode<Bytes: Sequence>(
        _ authenticationCode: MAC, authenticating data: Bytes, using key: SymmetricKey
    ) -> Bool where Bytes.Element == UInt8 {
        Self.authenticationCode(for: data, using: key) == authenticationCode
    }

    /// Whether the bytes `authenticationCode` are the MAC of `data` under `key`.
    ///
    /// Only a full-length MAC is accepted: a truncated tag returns `false`, because accepting a prefix
    /// would let a one-byte forgery pass with probability 1/256. The comparison is constant-time; the
    /// length check is not (lengths are public).
    @inlinable
    public static func isValidAuthenticationCode<Code: Sequence, Bytes: Sequence>(
        _ authenticationCode: Code, authenticating data: Bytes, using key: SymmetricKey
    ) -> Bool where Code.Element == UInt8, Bytes.Element == UInt8 {
        let expected = Self.authenticationCode(for: data, using: key)
        return constantTimeEqual(expected, authenticationCode)
    }
}

/// The output of `HMAC<H>`: a digest-sized tag. `==` compares in constant time.
public struct HashedAuthenticationCode<H: HashFunction>: Hashable, Sendable, Sequence, CustomStringConvertible {
    @usableFromInline let digest: H.Digest

    @usableFromInline init(digest: H.Digest) { self.digest = digest }

    /// The tag length in bytes (32 for SHA-256).
    public static var byteCount: Int { H.Digest.byteCount }

    /// Calls `body` with the tag bytes.
    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try digest.withUnsafeBytes(body)
    }

    @inlinable
    public func makeIterator() -> H.Digest.Iterator { digest.makeIterator() }

    /// Lower-case hex of the tag.
    public var description: String { digest.description }
}
