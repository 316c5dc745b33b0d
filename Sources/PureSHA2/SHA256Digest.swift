// The 32-byte result of SHA-256, kept inline with no heap storage.

/// The output of `SHA256`: 32 bytes, a `Sequence` of `UInt8`.
///
/// `==` compares in constant time. `description` is the lower-case hex of the bytes.
public struct SHA256Digest: Digest {
    public static let byteCount = 32

    /// The digest bytes in order, four at a time: H0‖H1, H2‖H3, … stored big-endian in memory.
    /// `@usableFromInline` so that reading the bytes (`withUnsafeBytes`, iteration, `Array(digest)`)
    /// inlines into the caller instead of costing a call per byte.
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64)

    init(state: SHA256State) {
        // Each UInt64 holds two state words; storing it big-endian lays the bytes out in digest order.
        @inline(__always) func pair(_ high: UInt32, _ low: UInt32) -> UInt64 {
            (UInt64(high) << 32 | UInt64(low)).bigEndian
        }
        storage = (pair(state.h0, state.h1), pair(state.h2, state.h3), pair(state.h4, state.h5), pair(state.h6, state.h7))
    }

    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage, body)
    }

    /// Constant-time: all 32 bytes are always compared.
    public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        let difference = (lhs.storage.0 ^ rhs.storage.0) | (lhs.storage.1 ^ rhs.storage.1)
            | (lhs.storage.2 ^ rhs.storage.2) | (lhs.storage.3 ^ rhs.storage.3)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.0)
        hasher.combine(storage.1)
        hasher.combine(storage.2)
        hasher.combine(storage.3)
    }

    @inlinable
    public func makeIterator() -> DigestIterator<SHA256Digest> { DigestIterator(digest: self) }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }
}
