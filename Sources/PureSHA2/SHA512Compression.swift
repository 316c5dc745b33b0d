// The SHA-512 compression function, FIPS 180-4 §6.4.2, shared by SHA-384 and SHA-512 (§6.5: the same
// function from another initial value, the digest truncated).
//
// The shape of SHA256Compression.swift on 64-bit words: the eight working variables in locals, the
// message schedule in a 16-word stack window (W[t] needs only W[t-2], W[t-7], W[t-15], W[t-16]), rounds
// unrolled sixteen at a time so the variables rotate by renaming and every schedule slot is a constant
// offset, and every add wrapping. 80 rounds instead of 64, rotations by the §4.1.3 amounts. No branch or
// memory index depends on the data, so the function is constant-time.

/// The eight-word chaining value H0…H7 of SHA-384 and SHA-512.
@usableFromInline
struct SHA512State: Sendable {
    var h0, h1, h2, h3, h4, h5, h6, h7: UInt64

    /// FIPS 180-4 §5.3.5: the first 64 bits of the fractional parts of the square roots of the first
    /// eight primes.
    static let sha512Initial = SHA512State(
        h0: 0x6a09_e667_f3bc_c908, h1: 0xbb67_ae85_84ca_a73b, h2: 0x3c6e_f372_fe94_f82b, h3: 0xa54f_f53a_5f1d_36f1,
        h4: 0x510e_527f_ade6_82d1, h5: 0x9b05_688c_2b3e_6c1f, h6: 0x1f83_d9ab_fb41_bd6b, h7: 0x5be0_cd19_137e_2179)

    /// FIPS 180-4 §5.3.4: the first 64 bits of the fractional parts of the square roots of the ninth
    /// through sixteenth primes.
    static let sha384Initial = SHA512State(
        h0: 0xcbbb_9d5d_c105_9ed8, h1: 0x629a_292a_367c_d507, h2: 0x9159_015a_3070_dd17, h3: 0x152f_ecd8_f70e_5939,
        h4: 0x6733_2667_ffc0_0b31, h5: 0x8eb4_4a87_6858_1511, h6: 0xdb0c_2e0d_64f9_8fa7, h7: 0x47b5_481d_befa_4fa4)

    /// Runs the compression function over `count` consecutive 128-byte blocks at `blocks`
    /// (no alignment required).
    mutating func compress(blocks: UnsafeRawPointer, count: Int) {
        guard count > 0 else { return }
        var block = blocks
        sha512RoundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { window in
                let k = constants.baseAddress!
                let w = window.baseAddress!
                for _ in 0..<count {
                    compressOne(block, k, w)
                    block += 128
                }
            }
        }
    }

    @inline(__always)
    private mutating func compressOne(
        _ block: UnsafeRawPointer, _ k: UnsafePointer<UInt64>, _ w: UnsafeMutablePointer<UInt64>
    ) {
        // §6.4.2 step 1, t = 0…15: the message words, big-endian.
        for t in 0..<16 {
            w[t] = UInt64(bigEndian: block.loadUnaligned(fromByteOffset: t &* 8, as: UInt64.self))
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

        // t = 16…79 in four groups of sixteen, the schedule extended in place as the rounds consume it;
        // each group starts at a multiple of 16, so every window slot is a constant offset.
        var kt = k + 16
        for _ in 0..<4 {
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

/// One round of §6.4.2 step 3, the variables renamed by the caller instead of shifted: `d` receives
/// `d + T1` (the new e) and `h` receives `T1 + T2` (the new a). Maj(a, b, c) = ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b,
/// this round's b ⊕ c being the previous round's a ⊕ b, carried in `previousAB`. `kw` is K[t] + W[t].
@inline(__always)
private func round(
    _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
    _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64,
    _ previousAB: inout UInt64, _ kw: UInt64
) {
    let t1 = h &+ bigSigma1(e) &+ choose(e, f, g) &+ kw
    let ab = a ^ b
    let t2 = bigSigma0(a) &+ ((ab & previousAB) ^ b)
    previousAB = ab
    d &+= t1
    h = t1 &+ t2
}

/// §6.4.2 step 1, t = 16…79, over a 16-word circular window: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
/// `slot` is t mod 16; slot j holds W[t-16] before the call and W[t] after it.
@inline(__always)
private func schedule(_ w: UnsafeMutablePointer<UInt64>, _ slot: Int) -> UInt64 {
    let value = smallSigma1(w[(slot &- 2) & 15]) &+ w[(slot &- 7) & 15] &+ smallSigma0(w[(slot &- 15) & 15]) &+ w[slot]
    w[slot] = value
    return value
}

// The functions of FIPS 180-4 §4.1.3, the rotations nested as in SHA256Compression.swift:
// Σ0 = ROTR²⁸ ⊕ ROTR³⁴ ⊕ ROTR³⁹ = ROTR²⁸(ROTR⁶(ROTR⁵(x) ⊕ x) ⊕ x), Σ1 = ROTR¹⁴ ⊕ ROTR¹⁸ ⊕ ROTR⁴¹ =
// ROTR¹⁴(ROTR⁴(ROTR²³(x) ⊕ x) ⊕ x), σ0 = ROTR¹ ⊕ ROTR⁸ ⊕ SHR⁷, σ1 = ROTR¹⁹ ⊕ ROTR⁶¹ ⊕ SHR⁶.
@inline(__always) private func rotateRight(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }
@inline(__always) private func choose(_ x: UInt64, _ y: UInt64, _ z: UInt64) -> UInt64 { z ^ (x & (y ^ z)) }
@inline(__always) private func bigSigma0(_ x: UInt64) -> UInt64 { rotateRight(rotateRight(rotateRight(x, 5) ^ x, 6) ^ x, 28) }
@inline(__always) private func bigSigma1(_ x: UInt64) -> UInt64 { rotateRight(rotateRight(rotateRight(x, 23) ^ x, 4) ^ x, 14) }
@inline(__always) private func smallSigma0(_ x: UInt64) -> UInt64 { rotateRight(rotateRight(x, 7) ^ x, 1) ^ (x &>> 7) }
@inline(__always) private func smallSigma1(_ x: UInt64) -> UInt64 { rotateRight(rotateRight(x, 42) ^ x, 19) ^ (x &>> 6) }

/// FIPS 180-4 §4.2.3: the first 64 bits of the fractional parts of the cube roots of the first 80 primes.
let sha512RoundConstants: [UInt64] = [
    0x428a_2f98_d728_ae22, 0x7137_4491_23ef_65cd, 0xb5c0_fbcf_ec4d_3b2f, 0xe9b5_dba5_8189_dbbc,
    0x3956_c25b_f348_b538, 0x59f1_11f1_b605_d019, 0x923f_82a4_af19_4f9b, 0xab1c_5ed5_da6d_8118,
    0xd807_aa98_a303_0242, 0x1283_5b01_4570_6fbe, 0x2431_85be_4ee4_b28c, 0x550c_7dc3_d5ff_b4e2,
    0x72be_5d74_f27b_896f, 0x80de_b1fe_3b16_96b1, 0x9bdc_06a7_25c7_1235, 0xc19b_f174_cf69_2694,
    0xe49b_69c1_9ef1_4ad2, 0xefbe_4786_384f_25e3, 0x0fc1_9dc6_8b8c_d5b5, 0x240c_a1cc_77ac_9c65,
    0x2de9_2c6f_592b_0275, 0x4a74_84aa_6ea6_e483, 0x5cb0_a9dc_bd41_fbd4, 0x76f9_88da_8311_53b5,
    0x983e_5152_ee66_dfab, 0xa831_c66d_2db4_3210, 0xb003_27c8_98fb_213f, 0xbf59_7fc7_beef_0ee4,
    0xc6e0_0bf3_3da8_8fc2, 0xd5a7_9147_930a_a725, 0x06ca_6351_e003_826f, 0x1429_2967_0a0e_6e70,
    0x27b7_0a85_46d2_2ffc, 0x2e1b_2138_5c26_c926, 0x4d2c_6dfc_5ac4_2aed, 0x5338_0d13_9d95_b3df,
    0x650a_7354_8baf_63de, 0x766a_0abb_3c77_b2a8, 0x81c2_c92e_47ed_aee6, 0x9272_2c85_1482_353b,
    0xa2bf_e8a1_4cf1_0364, 0xa81a_664b_bc42_3001, 0xc24b_8b70_d0f8_9791, 0xc76c_51a3_0654_be30,
    0xd192_e819_d6ef_5218, 0xd699_0624_5565_a910, 0xf40e_3585_5771_202a, 0x106a_a070_32bb_d1b8,
    0x19a4_c116_b8d2_d0c8, 0x1e37_6c08_5141_ab53, 0x2748_774c_df8e_eb99, 0x34b0_bcb5_e19b_48a8,
    0x391c_0cb3_c5c9_5a63, 0x4ed8_aa4a_e341_8acb, 0x5b9c_ca4f_7763_e373, 0x682e_6ff3_d6b2_b8a3,
    0x748f_82ee_5def_b2fc, 0x78a5_636f_4317_2f60, 0x84c8_7814_a1f0_ab72, 0x8cc7_0208_1a64_39ec,
    0x90be_fffa_2363_1e28, 0xa450_6ceb_de82_bde9, 0xbef9_a3f7_b2c6_7915, 0xc671_78f2_e372_532b,
    0xca27_3ece_ea26_619c, 0xd186_b8c7_21c0_c207, 0xeada_7dd6_cde0_eb1e, 0xf57d_4f7f_ee6e_d178,
    0x06f0_67aa_7217_6fba, 0x0a63_7dc5_a2c8_98a6, 0x113f_9804_bef9_0dae, 0x1b71_0b35_131c_471b,
    0x28db_77f5_2304_7d84, 0x32ca_ab7b_40c7_2493, 0x3c9e_be0a_15c9_bebc, 0x431d_67c4_9c10_0d4c,
    0x4cc5_d4be_cb3e_42b6, 0x597f_299c_fc65_7e2a, 0x5fcb_6fab_3ad6_faec, 0x6c44_198c_4a47_5817,
]
