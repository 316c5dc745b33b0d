// SHA-256, FIPS 180-4 §6.2: the streaming front end (buffering, padding, length encoding).
// The compression function itself is in SHA256Compression.swift.

/// SHA-256 (FIPS 180-4), streaming and one-shot.
///
/// ```swift
/// let digest = SHA256.hash(data: Array("abc".utf8))
///
/// var hasher = SHA256()
/// hasher.update(data: header)
/// hasher.update(data: payload)
/// let same = hasher.finalize()
/// ```
///
/// A value type with no heap storage: 8 words of state, a 64-byte block buffer and a length.
/// Its running time depends only on the length of the input, never on its contents.
public struct SHA256: HashFunction {
    /// The size of a SHA-256 message block: 64 bytes.
    public static let blockByteCount = 64
    /// The size of a SHA-256 digest: 32 bytes.
    public static let byteCount = 32

    /// The chaining value H(i) of FIPS 180-4 §6.2.2.
    @usableFromInline var state: SHA256State
    /// Bytes of an incomplete block, waiting for the rest of it.
    @usableFromInline var buffer: SHA256Block
    /// How many bytes of `buffer` are in use (0..<64).
    @usableFromInline var bufferCount: Int
    /// Total bytes absorbed; the padding encodes it in bits (FIPS 180-4 §5.1.1).
    @usableFromInline var byteLength: UInt64

    /// Starts a new hash with the initial value of FIPS 180-4 §5.3.3.
    public init() {
        state = .initial
        buffer = SHA256Block()
        bufferCount = 0
        byteLength = 0
    }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        guard var input = bufferPointer.baseAddress, bufferPointer.count > 0 else { return }
        var remaining = bufferPointer.count
        byteLength &+= UInt64(remaining)

        // Top up a partly filled block first.
        if bufferCount > 0 {
            let take = min(remaining, 64 - bufferCount)
            buffer.copyIn(from: input, count: take, at: bufferCount)
            bufferCount += take
            input += take
            remaining -= take
            guard bufferCount == 64 else { return }
            buffer.withBytes { state.compress(blocks: $0, count: 1) }
            bufferCount = 0
        }

        // Whole blocks straight from the caller's memory, without copying.
        let wholeBlocks = remaining / 64
        if wholeBlocks > 0 {
            state.compress(blocks: input, count: wholeBlocks)
            input += wholeBlocks * 64
            remaining -= wholeBlocks * 64
        }

        // Keep the tail for later.
        if remaining > 0 {
            buffer.copyIn(from: input, count: remaining, at: 0)
            bufferCount = remaining
        }
    }

    public func finalize() -> SHA256Digest {
        // FIPS 180-4 §5.1.1: append 0x80, then zeros up to 56 mod 64, then the bit length big-endian.
        var state = self.state
        var block = buffer
        block.zero(from: bufferCount)
        block.setByte(0x80, at: bufferCount)
        if bufferCount >= 56 {
            block.withBytes { state.compress(blocks: $0, count: 1) }
            block = SHA256Block()
        }
        block.setBigEndianLength(byteLength &* 8)
        block.withBytes { state.compress(blocks: $0, count: 1) }
        return SHA256Digest(state: state)
    }
}

/// 64 bytes kept inline (no heap): an incomplete input block or the padding block.
@usableFromInline
struct SHA256Block: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    @usableFromInline init() {}

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
            _ = (bytes.baseAddress! + offset).initializeMemory(as: UInt8.self, repeating: 0, count: 64 - offset)
        }
    }

    mutating func setByte(_ value: UInt8, at offset: Int) {
        withUnsafeMutableBytes(of: &words) { $0[offset] = value }
    }

    /// Writes `bitLength` big-endian into the last 8 bytes.
    mutating func setBigEndianLength(_ bitLength: UInt64) {
        withUnsafeMutableBytes(of: &words) { bytes in
            bytes.storeBytes(of: bitLength.bigEndian, toByteOffset: 56, as: UInt64.self)
        }
    }
}
