// A secret key for HMAC, shaped like swift-crypto's `SymmetricKey`.

/// The size of a `SymmetricKey` in bits.
public struct SymmetricKeySize: Sendable, Hashable {
    /// The size in bits, a positive multiple of 8.
    public let bitCount: Int

    /// A size of `bitCount` bits. `bitCount` must be a positive multiple of 8.
    public init(bitCount: Int) {
        precondition(bitCount > 0 && bitCount % 8 == 0, "a SymmetricKeySize is a positive whole number of bytes")
        self.bitCount = bitCount
    }

    /// 128 bits (16 bytes).
    public static let bits128 = SymmetricKeySize(bitCount: 128)
    /// 192 bits (24 bytes).
    public static let bits192 = SymmetricKeySize(bitCount: 192)
    /// 256 bits (32 bytes): the size HS256 keys should have (RFC 7518 §3.2).
    public static let bits256 = SymmetricKeySize(bitCount: 256)
}

/// Secret key bytes for HMAC.
///
/// `==` compares in constant time for keys of equal length (the length itself is not secret).
/// `description` never prints the key.
public struct SymmetricKey: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline let keyBytes: [UInt8]

    /// A key holding a copy of `data`.
    public init<Bytes: Sequence>(data: Bytes) where Bytes.Element == UInt8 {
        keyBytes = Array(data)
    }

    /// A new random key of `size`, from `SystemRandomNumberGenerator` (the operating system's CSPRNG).
    public init(size: SymmetricKeySize) {
        var generator = SystemRandomNumberGenerator()
        keyBytes = (0..<(size.bitCount / 8)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The key length in bits.
    public var bitCount: Int { keyBytes.count * 8 }

    /// Calls `body` with the key bytes. Do not let them escape.
    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try keyBytes.withUnsafeBytes(body)
    }

    public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool {
        lhs.keyBytes.withUnsafeBytes { l in rhs.keyBytes.withUnsafeBytes { r in constantTimeEqual(l, r) } }
    }

    /// Hashes only the length: hashing the bytes into a (possibly logged or observable) hash table
    /// would be a needless use of the secret.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyBytes.count)
    }

    public var description: String { "SymmetricKey(\(bitCount) bits)" }
}
