// The shapes shared by every hash in this module, named as in swift-crypto so that code can switch
// between the two with `#if canImport(CryptoKit)`. Conformers: SHA256, SHA384, SHA512, and
// Insecure.SHA1 for old App Store receipts only.

/// A cryptographic hash function with streaming (`init`, `update`, `finalize`) and one-shot use.
///
/// Conformers are value types: copying a partially fed hasher forks it, which HMAC uses to keep
/// precomputed inner and outer states.
public protocol HashFunction: Sendable {
    /// The digest this function produces.
    associatedtype Digest: PureSHA2.Digest

    /// The size of one input block in bytes (64 for SHA-256). HMAC pads its key to this size.
    static var blockByteCount: Int { get }

    /// Starts a new hash computation.
    init()

    /// Absorbs the bytes of `bufferPointer`. The fast path every other `update` reaches.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)

    /// Returns the digest of everything absorbed so far. `self` is left unchanged, so a caller may
    /// keep feeding it and finalize again.
    func finalize() -> Digest
}

extension HashFunction {
    /// Absorbs `data`. Contiguous collections (`[UInt8]`, `ArraySlice`, `Data`, `UnsafeRawBufferPointer`)
    /// are read in place; other sequences are copied through a small stack-sized chunk.
    @inlinable
    public mutating func update<Bytes: Sequence>(data: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = data.withContiguousStorageIfAvailable { buffer in
            self.update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if done == nil { updateByteByByte(data) }
    }

    /// The slow path of `update(data:)` for sequences without contiguous storage.
    @usableFromInline
    internal mutating func updateByteByByte<Bytes: Sequence>(_ data: Bytes) where Bytes.Element == UInt8 {
        var chunk = [UInt8]()
        chunk.reserveCapacity(256)
        for byte in data {
            chunk.append(byte)
            if chunk.count == 256 {
                chunk.withUnsafeBytes { update(bufferPointer: $0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk.withUnsafeBytes { update(bufferPointer: $0) }
    }

    /// Hashes `data` in one call.
    @inlinable
    public static func hash<Bytes: Sequence>(data: Bytes) -> Digest where Bytes.Element == UInt8 {
        var hasher = Self()
        hasher.update(data: data)
        return hasher.finalize()
    }
}

/// The fixed-size output of a hash function.
///
/// `==` runs in constant time: comparing a digest an attacker chose with a secret one reveals nothing but
/// the answer.
public protocol Digest: Hashable, Sendable, Sequence, CustomStringConvertible where Element == UInt8 {
    /// The number of bytes in the digest (32 for SHA-256).
    static var byteCount: Int { get }

    /// Calls `body` with the digest's bytes.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
}

extension Digest {
    /// The digest's bytes as an array.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Lower-case hexadecimal, two characters per byte.
    public var description: String { hexString(bytes) }
}

/// Iterates over a digest's bytes in order.
public struct DigestIterator<D: Digest>: IteratorProtocol {
    @usableFromInline let digest: D
    @usableFromInline var offset = 0

    @inlinable
    package init(digest: D) { self.digest = digest }

    @inlinable
    public mutating func next() -> UInt8? {
        guard offset < D.byteCount else { return nil }
        defer { offset += 1 }
        return digest.withUnsafeBytes { $0[offset] }
    }
}

/// Lower-case hexadecimal of `bytes`.
package func hexString<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}

/// The bytes of an even number of hexadecimal digits (either case); nil for anything else. Variable-time:
/// for public values (identifiers, command-line arguments).
package func bytes<Digits: StringProtocol>(fromHex text: Digits) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
    var out: [UInt8] = []
    out.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
        guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
        out.append(high << 4 | low)
        index += 2
    }
    return out
}
