// SHAKE128 and SHAKE256 (FIPS 202 §6.2): extendable-output functions. Absorb any number of bytes, then read
// any number of output bytes, in as many pieces as convenient: the concatenated pieces are the same bytes
// one long read would give.

/// An extendable-output function: ``SHAKE128`` or ``SHAKE256``.
///
/// ```swift
/// var shake = SHAKE128()
/// shake.update(data: seed)
/// let first = shake.squeeze(byteCount: 32)
/// let more = shake.squeeze(byteCount: 100)   // continues where `first` stopped
/// ```
///
/// Absorbing after the first squeeze is a programming error and stops the program. The conformers are value
/// types with no heap storage; copying one forks the stream.
public protocol ExtendableOutputFunction: Sendable {
    /// Starts a new XOF.
    init()
    /// Absorbs `bufferPointer`'s bytes.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// Fills `output` with the next bytes of output.
    mutating func squeeze(into output: UnsafeMutableRawBufferPointer)
}

extension ExtendableOutputFunction {
    /// Absorbs `data`.
    @inlinable
    public mutating func update<Bytes: Sequence>(data: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = data.withContiguousStorageIfAvailable { update(bufferPointer: UnsafeRawBufferPointer($0)) }
        if done == nil { Array(data).withUnsafeBytes { update(bufferPointer: $0) } }
    }

    /// The next `byteCount` bytes of output.
    @inlinable
    public mutating func squeeze(byteCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(byteCount, 0)) { buffer, count in
            squeeze(into: UnsafeMutableRawBufferPointer(buffer))
            count = buffer.count
        }
    }

    /// The first `outputByteCount` bytes of the function of `data`.
    @inlinable
    public static func hash<Bytes: Sequence>(data: Bytes, outputByteCount: Int) -> [UInt8] where Bytes.Element == UInt8 {
        var function = Self()
        function.update(data: data)
        return function.squeeze(byteCount: outputByteCount)
    }
}

/// SHAKE128 (FIPS 202): 128-bit security, output of any length (``ExtendableOutputFunction``).
public struct SHAKE128: ExtendableOutputFunction {
    /// The rate in bytes (1344 bits): squeezing in multiples of it avoids buffering.
    public static let blockByteCount = 168

    @usableFromInline var sponge = KeccakSponge(rate: 168, suffix: 0x1F)

    @inlinable
    public init() {}

    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    @inlinable
    public mutating func squeeze(into output: UnsafeMutableRawBufferPointer) { sponge.squeeze(into: output) }
}

/// SHAKE256 (FIPS 202): 256-bit security, output of any length (``ExtendableOutputFunction``).
public struct SHAKE256: ExtendableOutputFunction {
    /// The rate in bytes (1088 bits): squeezing in multiples of it avoids buffering.
    public static let blockByteCount = 136

    @usableFromInline var sponge = KeccakSponge(rate: 136, suffix: 0x1F)

    @inlinable
    public init() {}

    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    @inlinable
    public mutating func squeeze(into output: UnsafeMutableRawBufferPointer) { sponge.squeeze(into: output) }
}
