// GHASH (NIST SP 800-38D §6.4), constant-time: no table indexed by the key or the data, no branch.
//
// Representation. A 16-byte block is read as two big-endian words, high = bytes 0–7 and low = bytes
// 8–15. GCM numbers the bits of a block from the most significant bit of byte 0, which is the coefficient
// of x^0, so the 128-bit integer high:low is the field element with its bits reversed. Carry-less
// multiplication commutes with that reversal up to one place: for reversed a and b the 255-bit carry-less
// product is the reversed product, so shifting it left by one gives the reversed 256-bit product, whose
// upper 128 bits hold x^0 … x^127 and lower 128 bits x^128 … x^255. Reduction folds the lower half up
// with x^128 = x^7 + x^2 + x + 1: a bit at position p < 128 (coefficient x^(255−p)) adds to positions
// p + 128, p + 127, p + 126 and p + 121.
//
// Carry-less multiplication without a carry-less instruction ("multiplication with holes", as BearSSL's
// ghash_ctmul64 and Thomas Pornin's notes describe): split each 64-bit operand into five masks, the bits
// whose position is ≡ i (mod 5). An integer product of two such masks has its bits (i + j mod 5) set to
// the parity of the pairs that meet there, because at most 13 pairs meet at any position (13 bits per
// mask), so the carries out of a position stay within the next four bits, which belong to other classes.
// XOR-ing the 25 full-width integer products into five sums and keeping class c of sum c gives the exact
// 128-bit carry-less product. Integer multiplication runs in constant time on the targets this library
// supports (x86-64 `mul`, ARM64 `mul`/`umulh`). Karatsuba makes a 128-bit product of three 64-bit ones.

/// A 64-bit operand split into its five residue classes.
struct HoledWord: Sendable {
    var c0, c1, c2, c3, c4: UInt64

    @inline(__always)
    init(_ x: UInt64) {
        c0 = x & 0x1084_2108_4210_8421
        c1 = x & 0x2108_4210_8421_0842
        c2 = x & 0x4210_8421_0842_1084
        c3 = x & 0x8421_0842_1084_2108
        c4 = x & 0x0842_1084_2108_4210
    }
}

/// The 128-bit carry-less product of `x` and `y` (high word, low word).
@inline(__always)
func carrylessMultiply(_ x: HoledWord, _ y: HoledWord) -> (high: UInt64, low: UInt64) {
    @inline(__always) func product(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
        let (high, low) = a.multipliedFullWidth(by: b)
        return (high, low)
    }
    @inline(__always) func sum(_ p0: (high: UInt64, low: UInt64), _ p1: (high: UInt64, low: UInt64),
                               _ p2: (high: UInt64, low: UInt64), _ p3: (high: UInt64, low: UInt64),
                               _ p4: (high: UInt64, low: UInt64)) -> (high: UInt64, low: UInt64) {
        (p0.high ^ p1.high ^ p2.high ^ p3.high ^ p4.high, p0.low ^ p1.low ^ p2.low ^ p3.low ^ p4.low)
    }
    // Sum k gathers the products whose classes add up to k (mod 5).
    let s0 = sum(product(x.c0, y.c0), product(x.c1, y.c4), product(x.c2, y.c3), product(x.c3, y.c2), product(x.c4, y.c1))
    let s1 = sum(product(x.c0, y.c1), product(x.c1, y.c0), product(x.c2, y.c4), product(x.c3, y.c3), product(x.c4, y.c2))
    let s2 = sum(product(x.c0, y.c2), product(x.c1, y.c1), product(x.c2, y.c0), product(x.c3, y.c4), product(x.c4, y.c3))
    let s3 = sum(product(x.c0, y.c3), product(x.c1, y.c2), product(x.c2, y.c1), product(x.c3, y.c0), product(x.c4, y.c4))
    let s4 = sum(product(x.c0, y.c4), product(x.c1, y.c3), product(x.c2, y.c2), product(x.c3, y.c1), product(x.c4, y.c0))
    // Bit p of the low word has class p mod 5; bit p of the high word is bit 64 + p, class (p + 4) mod 5,
    // so the high word of sum k keeps the bits of class k − 4 ≡ k + 1 (mod 5).
    let low = (s0.low & 0x1084_2108_4210_8421) | (s1.low & 0x2108_4210_8421_0842) | (s2.low & 0x4210_8421_0842_1084)
        | (s3.low & 0x8421_0842_1084_2108) | (s4.low & 0x0842_1084_2108_4210)
    let high = (s0.high & 0x2108_4210_8421_0842) | (s1.high & 0x4210_8421_0842_1084) | (s2.high & 0x8421_0842_1084_2108)
        | (s3.high & 0x0842_1084_2108_4210) | (s4.high & 0x1084_2108_4210_8421)
    return (high, low)
}

/// GHASH with a fixed hash subkey H: the running value Y and H's classes, ready for Karatsuba.
struct GHASH: Sendable {
    /// Y, high and low words (representation above).
    var high: UInt64 = 0, low: UInt64 = 0
    let keyHigh: HoledWord, keyLow: HoledWord, keyMiddle: HoledWord

    /// GHASH keyed with H = the 16 bytes at `subkey`.
    init(subkey: UnsafeRawPointer) {
        let h1 = UInt64(bigEndian: subkey.loadUnaligned(as: UInt64.self))
        let h0 = UInt64(bigEndian: subkey.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        keyHigh = HoledWord(h1)
        keyLow = HoledWord(h0)
        keyMiddle = HoledWord(h1 ^ h0)
    }

    /// Y ← (Y ⊕ X) · H for the block X = (xHigh, xLow). Not inlined, so that the branch audit can find
    /// it: it has no conditional jump at all.
    @inline(never)
    mutating func absorb(high xHigh: UInt64, low xLow: UInt64) {
        let a1 = high ^ xHigh, a0 = low ^ xLow
        let (h1, h0) = carrylessMultiply(HoledWord(a1), keyHigh)
        let (l1, l0) = carrylessMultiply(HoledWord(a0), keyLow)
        let (m1, m0) = carrylessMultiply(HoledWord(a1 ^ a0), keyMiddle)
        // The 256-bit product z3:z2:z1:z0 (Karatsuba's middle term is m ⊕ h ⊕ l).
        var z0 = l0
        var z1 = l1 ^ m0 ^ h0 ^ l0
        var z2 = h0 ^ m1 ^ h1 ^ l1
        var z3 = h1
        // One place left: the reversed product (see the top of the file).
        z3 = (z3 << 1) | (z2 >> 63)
        z2 = (z2 << 1) | (z1 >> 63)
        z1 = (z1 << 1) | (z0 >> 63)
        z0 <<= 1
        // Fold z0 into z2:z1, then z1 into z3:z2 (positions p + 128, p + 127, p + 126, p + 121).
        z2 ^= z0 ^ (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7)
        z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57)
        z3 ^= z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7)
        z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57)
        high = z3
        low = z2
    }

    /// Absorbs the 16-byte block at `block`.
    @inline(__always)
    mutating func absorb(block: UnsafeRawPointer) {
        absorb(high: UInt64(bigEndian: block.loadUnaligned(as: UInt64.self)),
               low: UInt64(bigEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// Absorbs `bytes` as whole blocks, the last one padded with zeros (the 0^v and 0^u of §7.1).
    mutating func absorbPadded(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let whole = bytes.count / 16
        for index in 0..<whole { absorb(block: base + 16 * index) }
        let rest = bytes.count - 16 * whole
        if rest > 0 {
            var last: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &last) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[(16 * whole)...])) }
            withUnsafeBytes(of: &last) { absorb(block: $0.baseAddress!) }
        }
    }

    /// Absorbs the lengths block [len(A)]64 ‖ [len(C)]64, in bits.
    mutating func absorbLengths(authenticatedBytes: Int, ciphertextBytes: Int) {
        absorb(high: UInt64(authenticatedBytes) &* 8, low: UInt64(ciphertextBytes) &* 8)
    }

    /// Y as 16 bytes.
    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 16)
        out.withUnsafeMutableBytes {
            $0.storeBytes(of: high.bigEndian, as: UInt64.self)
            $0.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return out
    }
}
