// The byte encodings of FIPS 204 §7.1–7.2: coefficients packed least-significant bit first (SimpleBitPack,
// BitPack and their inverses, Algorithms 16–19), and the hint's index list (HintBitPack, Algorithm 20, and
// HintBitUnpack, Algorithm 21, which refuses every encoding but the one canonical form).

@usableFromInline
enum BitPacking {
    /// Writes the 256 values `a[i]` (each < 2^bits, as UInt32) in 32 · bits bytes.
    @inline(__always)
    static func pack(_ a: Polynomial, bits: Int, into output: UnsafeMutableRawPointer, encode: (Int32) -> Int32) {
        var accumulator: UInt64 = 0
        var held = 0
        var offset = 0
        for i in 0..<256 {
            accumulator |= UInt64(UInt32(bitPattern: encode(a[i]))) << UInt64(held)
            held &+= bits
            while held >= 8 {
                output.storeBytes(of: UInt8(truncatingIfNeeded: accumulator), toByteOffset: offset, as: UInt8.self)
                offset &+= 1
                accumulator >>= 8
                held &-= 8
            }
        }
    }

    /// Reads 256 values of `bits` bits each from the first 32 · bits bytes of `input`.
    @inline(__always)
    static func unpack(_ input: UnsafeRawBufferPointer, bits: Int, into a: Polynomial) {
        let mask: UInt64 = (1 << UInt64(bits)) - 1
        var accumulator: UInt64 = 0
        var held = 0
        var offset = 0
        for i in 0..<256 {
            while held < bits {
                accumulator |= UInt64(input[offset]) << UInt64(held)
                offset &+= 1
                held &+= 8
            }
            a[i] = Int32(truncatingIfNeeded: accumulator & mask)
            accumulator >>= UInt64(bits)
            held &-= bits
        }
    }

    /// HintBitPack: for each of the k polynomials the indices of its 1 coefficients, in order, in the first
    /// ω bytes (zeros after), and the running count after polynomial i in byte ω + i. `hints` holds 0 or 1.
    /// The caller has checked that at most ω hints are set.
    static func packHints(_ hints: Polynomial, k: Int, omega: Int, into output: UnsafeMutableRawPointer) {
        output.initializeMemory(as: UInt8.self, repeating: 0, count: omega + k)
        var index = 0
        for row in 0..<k {
            let poly = hints + row * 256
            for i in 0..<256 where poly[i] != 0 {
                output.storeBytes(of: UInt8(i), toByteOffset: index, as: UInt8.self)
                index += 1
            }
            output.storeBytes(of: UInt8(index), toByteOffset: omega + row, as: UInt8.self)
        }
    }

    /// HintBitUnpack: the k hint polynomials, or false when the encoding is not canonical — a count
    /// smaller than the one before it or above ω, indices within a polynomial not strictly increasing, or
    /// a non-zero byte after the last index (FIPS 204 Algorithm 21; malleability, CVE-2026-24850).
    static func unpackHints(_ input: UnsafeRawBufferPointer, k: Int, omega: Int, into hints: Polynomial) -> Bool {
        hints.update(repeating: 0, count: k * 256)
        var index = 0
        for row in 0..<k {
            let end = Int(input[omega + row])
            guard end >= index, end <= omega else { return false }
            let first = index
            while index < end {
                if index > first && input[index - 1] >= input[index] { return false }
                hints[row * 256 + Int(input[index])] = 1
                index += 1
            }
        }
        for position in index..<omega where input[position] != 0 { return false }
        return true
    }
}
