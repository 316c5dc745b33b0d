// The SHA-256 compression function, FIPS 180-4 §6.2.2.
//
// This file is the one-block-at-a-time path, for messages (or their tails) of fewer than four blocks;
// SHA256FourBlockSchedule.swift takes runs of four. Written for speed without leaving Swift: the eight
// working variables live in locals, the message schedule in a 16-word stack window (W[t] only needs
// W[t-2], W[t-7], W[t-15], W[t-16]), rounds are unrolled sixteen at a time so the variables rotate by
// renaming instead of by moves and every schedule slot is a constant offset, and every add is a wrapping
// `&+`. No branch or memory index depends on the data, so the function is constant-time.

/// The eight-word chaining value H0…H7.
@usableFromInline
struct SHA256State: Sendable {
    var h0, h1, h2, h3, h4, h5, h6, h7: UInt32

    /// FIPS 180-4 §5.3.3: the first 32 bits of the fractional parts of the square roots of the first
    /// eight primes.
    static let initial = SHA256State(
        h0: 0x6a09_e667, h1: 0xbb67_ae85, h2: 0x3c6e_f372, h3: 0xa54f_f53a,
        h4: 0x510e_527f, h5: 0x9b05_688c, h6: 0x1f83_d9ab, h7: 0x5be0_cd19)

    /// Runs the compression function over `count` consecutive 64-byte blocks at `blocks`
    /// (no alignment required).
    mutating func compress(blocks: UnsafeRawPointer, count: Int) {
        var block = blocks
        var remaining = count
        if remaining >= 4 {
            compressFours(&block, &remaining)  // SHA256FourBlockSchedule.swift
        }
        guard remaining > 0 else { return }
        // What is left, fewer than four blocks, one at a time.
        sha256RoundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { window in
                let k = constants.baseAddress!
                let w = window.baseAddress!
                for _ in 0..<remaining {
                    compressOne(block, k, w)
                    block += 64
                }
            }
        }
    }

    @inline(__always)
    private mutating func compressOne(
        _ block: UnsafeRawPointer, _ k: UnsafePointer<UInt32>, _ w: UnsafeMutablePointer<UInt32>
    ) {
        // §6.2.2 step 1, t = 0…15: the message words, big-endian.
        for t in 0..<16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
        }

        // Step 2: initialize the working variables.
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        // b ⊕ c as the first round's Maj sees it; each round leaves its a ⊕ b here for the next.
        var ab = b ^ c

        // Step 3, t = 0…15: rounds on the message words themselves.
        round(a, b, c, &d, e, f, g, &h, &ab, k[0] &+ w[0])
        round(h, a, b, &c, d, e, f, &g, &ab, k[1] &+ w[1])
        round(g, h, a, &b, c, d, e, &f, &ab, k[2] &+ w[2])
        round(f, g, h, &a, b, c, d, &e, &ab, k[3] &+ w[3])
        round(e, f, g, &h, a, b, c, &d, &ab, k[4] &+ w[4])
        round(d, e, f, &g, h, a, b, &c, &ab, k[5] &+ w[5])
        round(c, d, e, &f, g, h, a, &b, &ab, k[6] &+ w[6])
        round(b, c, d, &e, f, g, h, &a, &ab, k[7] &+ w[7])
        round(a, b, c, &d, e, f, g, &h, &ab, k[8] &+ w[8])
        round(h, a, b, &c, d, e, f, &g, &ab, k[9] &+ w[9])
        round(g, h, a, &b, c, d, e, &f, &ab, k[10] &+ w[10])
        round(f, g, h, &a, b, c, d, &e, &ab, k[11] &+ w[11])
        round(e, f, g, &h, a, b, c, &d, &ab, k[12] &+ w[12])
        round(d, e, f, &g, h, a, b, &c, &ab, k[13] &+ w[13])
        round(c, d, e, &f, g, h, a, &b, &ab, k[14] &+ w[14])
        round(b, c, d, &e, f, g, h, &a, &ab, k[15] &+ w[15])

        // t = 16…63 in three groups of sixteen: the schedule is extended in place as the rounds consume
        // it. A group starts at a multiple of 16, so every window slot below is a constant offset
        // (`schedule(w, j)` for slot j) instead of a computed (t - n) mod 16 — with a loop of eight,
        // LLVM spent an add and a mask per access and spilled the indices (measured: +10% throughput).
        var kt = k + 16
        for _ in 0..<3 {
            round(a, b, c, &d, e, f, g, &h, &ab, kt[0] &+ schedule(w, 0))
            round(h, a, b, &c, d, e, f, &g, &ab, kt[1] &+ schedule(w, 1))
            round(g, h, a, &b, c, d, e, &f, &ab, kt[2] &+ schedule(w, 2))
            round(f, g, h, &a, b, c, d, &e, &ab, kt[3] &+ schedule(w, 3))
            round(e, f, g, &h, a, b, c, &d, &ab, kt[4] &+ schedule(w, 4))
            round(d, e, f, &g, h, a, b, &c, &ab, kt[5] &+ schedule(w, 5))
            round(c, d, e, &f, g, h, a, &b, &ab, kt[6] &+ schedule(w, 6))
            round(b, c, d, &e, f, g, h, &a, &ab, kt[7] &+ schedule(w, 7))
            round(a, b, c, &d, e, f, g, &h, &ab, kt[8] &+ schedule(w, 8))
            round(h, a, b, &c, d, e, f, &g, &ab, kt[9] &+ schedule(w, 9))
            round(g, h, a, &b, c, d, e, &f, &ab, kt[10] &+ schedule(w, 10))
            round(f, g, h, &a, b, c, d, &e, &ab, kt[11] &+ schedule(w, 11))
            round(e, f, g, &h, a, b, c, &d, &ab, kt[12] &+ schedule(w, 12))
            round(d, e, f, &g, h, a, b, &c, &ab, kt[13] &+ schedule(w, 13))
            round(c, d, e, &f, g, h, a, &b, &ab, kt[14] &+ schedule(w, 14))
            round(b, c, d, &e, f, g, h, &a, &ab, kt[15] &+ schedule(w, 15))
            kt += 16
        }

        // Step 4: the intermediate hash value.
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
    }
}

/// One round of §6.2.2 step 3. Instead of shifting all eight variables, the caller renames them:
/// `d` receives `d + T1` (the new e) and `h` receives `T1 + T2` (the new a).
///
/// Maj(a, b, c) is computed as ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b. This round's b ⊕ c is the previous round's
/// a ⊕ b (the variables shift by one), so it is carried in `previousAB` instead of recomputed.
/// `kw` is K[t] + W[t], added as one term.
@inline(__always)
private func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
    _ previousAB: inout UInt32, _ kw: UInt32
) {
    let t1 = h &+ bigSigma1(e) &+ choose(e, f, g) &+ kw
    let ab = a ^ b
    let t2 = bigSigma0(a) &+ ((ab & previousAB) ^ b)
    previousAB = ab
    d &+= t1
    h = t1 &+ t2
}

/// §6.2.2 step 1, t = 16…63, over a 16-word circular window: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
/// `slot` is t mod 16; slot j holds W[t-16] before the call and W[t] after it.
@inline(__always)
private func schedule(_ w: UnsafeMutablePointer<UInt32>, _ slot: Int) -> UInt32 {
    let value = smallSigma1(w[(slot &- 2) & 15]) &+ w[(slot &- 7) & 15] &+ smallSigma0(w[(slot &- 15) & 15]) &+ w[slot]
    w[slot] = value
    return value
}

// The functions of FIPS 180-4 §4.1.2.
@inline(__always) private func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
@inline(__always) private func choose(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { z ^ (x & (y ^ z)) }
// The Σ and σ functions nest their rotations (ROTR²(ROTR¹¹(ROTR⁹(x) ⊕ x) ⊕ x) = ROTR² ⊕ ROTR¹³ ⊕ ROTR²²;
// ROTR⁷(ROTR¹¹(x) ⊕ x) = ROTR⁷ ⊕ ROTR¹⁸), which needs fewer register copies than independent rotations
// of x: x86-64's rotate overwrites its operand.
@inline(__always) private func bigSigma0(_ x: UInt32) -> UInt32 { rotateRight(rotateRight(rotateRight(x, 9) ^ x, 11) ^ x, 2) }
@inline(__always) private func bigSigma1(_ x: UInt32) -> UInt32 { rotateRight(rotateRight(rotateRight(x, 14) ^ x, 5) ^ x, 6) }
@inline(__always) private func smallSigma0(_ x: UInt32) -> UInt32 { rotateRight(rotateRight(x, 11) ^ x, 7) ^ (x &>> 3) }
@inline(__always) private func smallSigma1(_ x: UInt32) -> UInt32 { rotateRight(rotateRight(x, 2) ^ x, 17) ^ (x &>> 10) }

/// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
let sha256RoundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]
