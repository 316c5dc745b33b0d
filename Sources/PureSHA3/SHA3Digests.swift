// The fixed-size outputs of SHA3-256/384/512, kept inline with no heap storage. `==` compares every byte
// whatever the contents (constant time), as PureSHA2's digests do.

/// The output of `SHA3_256`: 32 bytes, a `Sequence` of `UInt8`.
///
/// `==` compares in constant time. `description` is the lower-case hex of the bytes.
public struct SHA3_256Digest: Digest {
    public static let byteCount = 32

    /// The digest bytes in order (the sponge's output copied in as bytes).
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64)

    @inlinable
    init() { storage = (0, 0, 0, 0) }

    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage, body)
    }

    /// Constant-time: all 32 bytes are always compared.
    public static func == (lhs: SHA3_256Digest, rhs: SHA3_256Digest) -> Bool {
        let difference = (lhs.storage.0 ^ rhs.storage.0) | (lhs.storage.1 ^ rhs.storage.1) | (lhs.storage.2 ^ rhs.storage.2) | (lhs.storage.3 ^ rhs.storage.3)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    public func makeIterator() -> DigestIterator<SHA3_256Digest> { DigestIterator(digest: self) }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }
}

/// The output of `SHA3_384`: 48 bytes, a `Sequence` of `UInt8`.
///
/// `==` compares in constant time. `description` is the lower-case hex of the bytes.
public struct SHA3_384Digest: Digest {
    public static let byteCount = 48

    /// The digest bytes in order (the sponge's output copied in as bytes).
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    @inlinable
    init() { storage = (0, 0, 0, 0, 0, 0) }

    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage, body)
    }

    /// Constant-time: all 48 bytes are always compared.
    public static func == (lhs: SHA3_384Digest, rhs: SHA3_384Digest) -> Bool {
        let difference = (lhs.storage.0 ^ rhs.storage.0) | (lhs.storage.1 ^ rhs.storage.1) | (lhs.storage.2 ^ rhs.storage.2) | (lhs.storage.3 ^ rhs.storage.3) | (lhs.storage.4 ^ rhs.storage.4) | (lhs.storage.5 ^ rhs.storage.5)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    public func makeIterator() -> DigestIterator<SHA3_384Digest> { DigestIterator(digest: self) }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }
}

/// The output of `SHA3_512`: 64 bytes, a `Sequence` of `UInt8`.
///
/// `==` compares in constant time. `description` is the lower-case hex of the bytes.
public struct SHA3_512Digest: Digest {
    public static let byteCount = 64

    /// The digest bytes in order (the sponge's output copied in as bytes).
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    @inlinable
    init() { storage = (0, 0, 0, 0, 0, 0, 0, 0) }

    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage, body)
    }

    /// Constant-time: all 64 bytes are always compared.
    public static func == (lhs: SHA3_512Digest, rhs: SHA3_512Digest) -> Bool {
        let difference = (lhs.storage.0 ^ rhs.storage.0) | (lhs.storage.1 ^ rhs.storage.1) | (lhs.storage.2 ^ rhs.storage.2) | (lhs.storage.3 ^ rhs.storage.3) | (lhs.storage.4 ^ rhs.storage.4) | (lhs.storage.5 ^ rhs.storage.5) | (lhs.storage.6 ^ rhs.storage.6) | (lhs.storage.7 ^ rhs.storage.7)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    public func makeIterator() -> DigestIterator<SHA3_512Digest> { DigestIterator(digest: self) }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }
}
