// The results of SHA-512 (64 bytes) and SHA-384 (48 bytes), kept inline with no heap storage. Each
// stored word is a state word big-endian, so the bytes in memory are the digest in order.

/// The output of `SHA512`: 64 bytes, a `Sequence` of `UInt8`.
///
/// `==` compares in constant time. `description` is the lower-case hex of the bytes.
public struct SHA512Digest: Digest {
    public static let byteCount = 64

    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(state: SHA512State) {
        storage = (state.h0.bigEndian, state.h1.bigEndian, state.h2.bigEndian, state.h3.bigEndian,
                   state.h4.bigEndian, state.h5.bigEndian, state.h6.bigEndian, state.h7.bigEndian)
    }

    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage, body)
    }

    /// Constant-time: all 64 bytes are always compared.
    public static func == (lhs: SHA512Digest, rhs: SHA512Digest) -> Bool {
        let difference = (lhs.storage.0 ^ rhs.storage.0) | (lhs.storage.1 ^ rhs.storage.1)
            | (lhs.storage.2 ^ rhs.storage.2) | (lhs.storage.3 ^ rhs.storage.3)
            | (lhs.storage.4 ^ rhs.storage.4) | (lhs.storage.5 ^ rhs.storage.5)
            | (lhs.storage.6 ^ rhs.storage.6) | (lhs.storage.7 ^ rhs.storage.7)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    public func makeIterator() -> DigestIterator<SHA512Digest> { DigestIterator(digest: self) }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }
}

/// The output of `SHA384`: 48 bytes (H0…H5 of the final state), a `Sequence` of `UInt8`.
///
/// `==` compares in constant time. `description` is the lower-case hex of the bytes.
public struct SHA384Digest: Digest {
    public static let byteCount = 48

    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(state: SHA512State) {
        storage = (state.h0.bigEndian, state.h1.bigEndian, state.h2.bigEndian,
                   state.h3.bigEndian, state.h4.bigEndian, state.h5.bigEndian)
    }

    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage, body)
    }

    /// Constant-time: all 48 bytes are always compared.
    public static func == (lhs: SHA384Digest, rhs: SHA384Digest) -> Bool {
        let difference = (lhs.storage.0 ^ rhs.storage.0) | (lhs.storage.1 ^ rhs.storage.1)
            | (lhs.storage.2 ^ rhs.storage.2) | (lhs.storage.3 ^ rhs.storage.3)
            | (lhs.storage.4 ^ rhs.storage.4) | (lhs.storage.5 ^ rhs.storage.5)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    public func makeIterator() -> DigestIterator<SHA384Digest> { DigestIterator(digest: self) }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }
}
