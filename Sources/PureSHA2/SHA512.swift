// SHA-512 and SHA-384, FIPS 180-4 §6.4 and §6.5: the streaming front end (buffering, padding, length
// encoding) shared by both. They differ only in the initial value and in how much of the final state
// is output; the compression function is in SHA512Compression.swift.

/// SHA-512 (FIPS 180-4), streaming and one-shot.
///
/// ```swift
/// let digest = SHA512.hash(data: Array("abc".utf8))
/// ```
///
/// A value type with no heap storage: 8 64-bit words of state, a 128-byte block buffer and a length.
/// Its running time depends only on the length of the input, never on its contents.
public struct SHA512: HashFunction {
    /// The size of a SHA-512 message block: 128 bytes.
    public static let blockByteCount = 128
    /// The size of a SHA-512 digest: 64 bytes.
    public static let byteCount = 64

    @usableFromInline var engine: SHA512Engine

    /// Starts a new hash with the initial value of FIPS 180-4 §5.3.5.
    public init() { engine = SHA512Engine(initial: .sha512Initial) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { engine.update(bufferPointer) }

    public func finalize() -> SHA512Digest { SHA512Digest(state: engine.finalState()) }
}

/// SHA-384 (FIPS 180-4 §6.5): SHA-512's compression from another initial value, the digest its first
/// 48 bytes. Streaming and one-shot, like ``SHA512``.
public struct SHA384: HashFunction {
    /// The size of a SHA-384 message block: 128 bytes.
    public static let blockByteCount = 128
    /// The size of a SHA-384 digest: 48 bytes.
    public static let byteCount = 48

    @usableFromInline var engine: SHA512Engine

    /// Starts a new hash with the initial value of FIPS 180-4 §5.3.4.
    public init() { engine = SHA512Engine(initial: .sha384Initial) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { engine.update(bufferPointer) }

    public func finalize() -> SHA384Digest { SHA384Digest(state: engine.finalState()) }
}

/// The buffering and padding of SHA-512 and SHA-384.
@usableFromInline
struct SHA512Engine: Sendable {
    /// The chaining value H(i) of FIPS 180-4 §6.4.2.
    var state: SHA512State
    /// Bytes of an incomplete block, waiting for the rest of it.
    var buffer = SHA512Block()
    /// How many bytes of `buffer` are in use (0..<128).
    var bufferCount = 0
    /// Total bytes absorbed. FIPS 180-4 allows messages up to 2¹²⁸ bits; a byte count in 64 bits (16 EiB)
    /// is more than any caller can supply, and the padding encodes it as 128 bits (§5.1.2).
    var byteLength: UInt64 = 0

    init(initial: SHA512State) { state = initial }

    mutating func update(_ bufferPointer: UnsafeRawBufferPointer) {
        guard var input = bufferPointer.baseAddress, bufferPointer.count > 0 else { return }
        var remaining = bufferPointer.count
        byteLength &+= UInt64(remaining)

        // Top up a partly filled block first.
        if bufferCount > 0 {
            let take = min(remaining, 128 - bufferCount)
            buffer.copyIn(from: input, count: take, at: bufferCount)
            bufferCount += take
            input += take
            remaining -= take
            guard bufferCount == 128 else { return }
            buffer.withBytes { state.compress(blocks: $0, count: 1) }
            bufferCount = 0
        }

        // Whole blocks straight from the caller's memory, without copying.
        let wholeBlocks = remaining / 128
        if wholeBlocks > 0 {
            state.compress(blocks: input, count: wholeBlocks)
            input += wholeBlocks * 128
            remaining -= wholeBlocks * 128
        }

        // Keep the tail for later.
        if remaining > 0 {
            buffer.copyIn(from: input, count: remaining, at: 0)
            bufferCount = remaining
        }
    }

    /// The state after padding (§5.1.2: 0x80, zeros up to 112 mod 128, the bit length as 128 bits
    /// big-endian); `self` is unchanged.
    func finalState() -> SHA512State {
        var state = self.state
        var block = buffer
        block.zero(from: bufferCount)
        block.setByte(0x80, at: bufferCount)
        if bufferCount >= 112 {
            block.withBytes { state.compress(blocks: $0, count: 1) }
            block = SHA512Block()
        }
        block.setBigEndianLength(high: byteLength >> 61, low: byteLength &<< 3)
        block.withBytes { state.compress(blocks: $0, count: 1) }
        return state
    }
}

/// 128 bytes kept inline (no heap): an incomplete input block or the padding block.
@usableFromInline
struct SHA512Block: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    init() {}

    func withBytes<Result>(_ body: (UnsafeRawPointer) -> Result) -> Result {
        withUnsafeBytes(of: words) { body($0.baseAddress!) }
    }

    mutating func copyIn(from source: UnsafeRawPointer, count: Int, at offset: Int) {
        withUnsafeMutableBytes(of: &words) { bytes in
            (bytes.baseAddress! + offset).copyMemory(from: source, byteCount: count)
        }
    }

    mutating func zero(from offset: Int) {
        withUnsafeMutableBytes(of: &words) { bytes in
            _ = (bytes.baseAddress! + offset).initializeMemory(as: UInt8.self, repeating: 0, count: 128 - offset)
        }
    }

    mutating func setByte(_ value: UInt8, at offset: Int) {
        withUnsafeMutableBytes(of: &words) { $0[offset] = value }
    }

    /// Writes the 128-bit length `high ‖ low` big-endian into the last 16 bytes.
    mutating func setBigEndianLength(high: UInt64, low: UInt64) {
        withUnsafeMutableBytes(of: &words) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 112, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 120, as: UInt64.self)
        }
    }
}
