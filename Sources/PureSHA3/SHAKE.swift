// SHAKE128 and SHAKE256 (FIPS 202 §6.2): extendable-output functions. Absorb any number of bytes, then read
// any number of output bytes, in as many pieces as convenient: the concatenated pieces are the same bytes
// one long read would give.

/// SHAKE128 (FIPS 202): 128-bit security, output of any length.
///
/// ```swift
/// var shake = SHAKE128()
/// shake.update(data: seed)
/// let first = shake.squeeze(byteCount: 32)
/// let more = shake.squeeze(byteCount: 100)   // continues where `first` stopped
/// ```
///
/// Absorbing after the first squeeze is a programming error and stops the program. A value type with no heap
/// storage; copying it forks the stream.
public struct SHAKE128: Sendable {
    /// The rate in bytes (1344 bits): squeezing in multiples of it avoids buffering.
    public static let blockByteCount = 168

    @usableFromInline var sponge = KeccakSponge(rate: 168, suffix: 0x1F)

    /// Starts a new XOF.
    @inlinable
    public init() {}

    /// Absorbs `bufferPointer`'s bytes.
    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    /// Absorbs `data`.
    @inlinable
    public mutating func update<Bytes: Sequence>(data: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = data.withContiguousStorageIfAvailable { sponge.absorb(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(data).withUnsafeBytes { sponge.absorb($0) } }
    }

    /// Fills `output` with the next bytes of output.
    @inlinable
    public mutating func squeeze(into output: UnsafeMutableRawBufferPointer) { sponge.squeeze(into: output) }

    /// The next `byteCount` bytes of output.
    @inlinable
    public mutating func squeeze(byteCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(byteCount, 0)) { buffer, count in
            sponge.squeeze(into: UnsafeMutableRawBufferPointer(buffer))
            count = buffer.count
        }
    }

    /// The first `outputByteCount` bytes of SHAKE128(`data`).
    @inlinable
    public static func hash<Bytes: Sequence>(data: Bytes, outputByteCount: Int) -> [UInt8] where Bytes.Element == UInt8 {
        var shake = SHAKE128()
        shake.update(data: data)
        return shake.squeeze(byteCount: outputByteCount)
    }
}

/// SHAKE256 (FIPS 202): 256-bit security, output of any length. Used like ``SHAKE128``.
public struct SHAKE256: Sendable {
    /// The rate in bytes (1088 bits): squeezing in multiples of it avoids buffering.
    public static let blockByteCount = 136

    @usableFromInline var sponge = KeccakSponge(rate: 136, suffix: 0x1F)

    /// Starts a new XOF.
    @inlinable
    public init() {}

    /// Absorbs `bufferPointer`'s bytes.
    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    /// Absorbs `data`.
    @inlinable
    public mutating func update<Bytes: Sequence>(data: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = data.withContiguousStorageIfAvailable { sponge.absorb(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(data).withUnsafeBytes { sponge.absorb($0) } }
    }

    /// Fills `output` with the next bytes of output.
    @inlinable
    public mutating func squeeze(into output: UnsafeMutableRawBufferPointer) { sponge.squeeze(into: output) }

    /// The next `byteCount` bytes of output.
    @inlinable
    public mutating func squeeze(byteCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(byteCount, 0)) { buffer, count in
            sponge.squeeze(into: UnsafeMutableRawBufferPointer(buffer))
            count = buffer.count
        }
    }

    /// The first `outputByteCount` bytes of SHAKE256(`data`).
    @inlinable
    public static func hash<Bytes: Sequence>(data: Bytes, outputByteCount: Int) -> [UInt8] where Bytes.Element == UInt8 {
        var shake = SHAKE256()
        shake.update(data: data)
        return shake.squeeze(byteCount: outputByteCount)
    }
}
