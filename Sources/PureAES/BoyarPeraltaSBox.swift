// The AES S-box and its inverse as Boolean circuits on bit planes (SubBytes, FIPS 197 §5.1.1 and §5.3.2).
//
// The circuits are Boyar and Peralta's depth-16 straight-line programs ("A depth-16 circuit for the AES
// S-box", ePrint 2011/332, Figures 5–9): a linear top layer that differs for the forward and inverse
// directions, one shared nonlinear middle of 34 ANDs computing the inverse in GF(2^8) through GF(2^4),
// and a linear bottom layer per direction. Forward: 32 ANDs, 83 XORs, 4 XNORs; inverse: 34 ANDs and 100
// XORs/XNORs. Every plane is one word, so one evaluation computes the S-box of all 128 bytes of eight
// blocks with no table and no branch. The tests run both circuits over all 256 inputs against the S-box
// defined from its algebra (inversion then the affine map).
//
// Naming follows the paper: U0 is the most significant bit of the input byte (plane 7) and U7 the least
// (plane 0); the outputs S0…S7 (W0…W7 inverse) likewise, S0 the most significant. XNOR is written
// ~(a ^ b).

/// The products M46 … M63 of the shared nonlinear middle (Figure 7), from the top layer's outputs.
@inline(__always)
func boyarPeraltaMiddle(
    t1: Plane, t2: Plane, t3: Plane, t4: Plane, t6: Plane, t8: Plane, t9: Plane, t10: Plane, t13: Plane,
    t14: Plane, t15: Plane, t16: Plane, t17: Plane, t19: Plane, t20: Plane, t22: Plane, t23: Plane,
    t24: Plane, t25: Plane, t26: Plane, t27: Plane, d: Plane
) -> (Plane, Plane, Plane, Plane, Plane, Plane, Plane, Plane, Plane,
      Plane, Plane, Plane, Plane, Plane, Plane, Plane, Plane, Plane) {
    let m1 = t13 & t6; let m2 = t23 & t8; let m3 = t14 ^ m1; let m4 = t19 & d
    let m5 = m4 ^ m1; let m6 = t3 & t16; let m7 = t22 & t9; let m8 = t26 ^ m6
    let m9 = t20 & t17; let m10 = m9 ^ m6; let m11 = t1 & t15; let m12 = t4 & t27
    let m13 = m12 ^ m11; let m14 = t2 & t10; let m15 = m14 ^ m11; let m16 = m3 ^ m2
    let m17 = m5 ^ t24; let m18 = m8 ^ m7; let m19 = m10 ^ m15; let m20 = m16 ^ m13
    let m21 = m17 ^ m15; let m22 = m18 ^ m13; let m23 = m19 ^ t25; let m24 = m22 ^ m23
    let m25 = m22 & m20; let m26 = m21 ^ m25; let m27 = m20 ^ m21; let m28 = m23 ^ m25
    let m29 = m28 & m27; let m30 = m26 & m24; let m31 = m20 & m23; let m32 = m27 & m31
    let m33 = m27 ^ m25; let m34 = m21 & m22; let m35 = m24 & m34; let m36 = m24 ^ m25
    let m37 = m21 ^ m29; let m38 = m32 ^ m33; let m39 = m23 ^ m30; let m40 = m35 ^ m36
    let m41 = m38 ^ m40; let m42 = m37 ^ m39; let m43 = m37 ^ m38; let m44 = m39 ^ m40
    let m45 = m42 ^ m41; let m46 = m44 & t6; let m47 = m40 & t8; let m48 = m39 & d
    let m49 = m43 & t16; let m50 = m38 & t9; let m51 = m37 & t17; let m52 = m42 & t15
    let m53 = m45 & t27; let m54 = m41 & t10; let m55 = m44 & t13; let m56 = m40 & t23
    let m57 = m39 & t19; let m58 = m43 & t3; let m59 = m38 & t22; let m60 = m37 & t20
    let m61 = m42 & t1; let m62 = m45 & t4; let m63 = m41 & t2
    return (m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63)
}

extension AESSlices {
    /// SubBytes: the S-box applied to every byte of every block.
    @inline(__always)
    package mutating func substituteBytes() {
        let u0 = q7, u1 = q6, u2 = q5, u3 = q4, u4 = q3, u5 = q2, u6 = q1, u7 = q0
        // Top linear layer, forward (Figure 5).
        let t1 = u0 ^ u3; let t2 = u0 ^ u5; let t3 = u0 ^ u6; let t4 = u3 ^ u5
        let t5 = u4 ^ u6; let t6 = t1 ^ t5; let t7 = u1 ^ u2; let t8 = u7 ^ t6
        let t9 = u7 ^ t7; let t10 = t6 ^ t7; let t11 = u1 ^ u5; let t12 = u2 ^ u5
        let t13 = t3 ^ t4; let t14 = t6 ^ t11; let t15 = t5 ^ t11; let t16 = t5 ^ t12
        let t17 = t9 ^ t16; let t18 = u3 ^ u7; let t19 = t7 ^ t18; let t20 = t1 ^ t19
        let t21 = u6 ^ u7; let t22 = t7 ^ t21; let t23 = t2 ^ t22; let t24 = t2 ^ t10
        let t25 = t20 ^ t17; let t26 = t3 ^ t16; let t27 = t1 ^ t12
        let (m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63) =
            boyarPeraltaMiddle(t1: t1, t2: t2, t3: t3, t4: t4, t6: t6, t8: t8, t9: t9, t10: t10, t13: t13,
                               t14: t14, t15: t15, t16: t16, t17: t17, t19: t19, t20: t20, t22: t22,
                               t23: t23, t24: t24, t25: t25, t26: t26, t27: t27, d: u7)
        // Bottom linear layer, forward (Figure 8).
        let l0 = m61 ^ m62; let l1 = m50 ^ m56; let l2 = m46 ^ m48; let l3 = m47 ^ m55
        let l4 = m54 ^ m58; let l5 = m49 ^ m61; let l6 = m62 ^ l5; let l7 = m46 ^ l3
        let l8 = m51 ^ m59; let l9 = m52 ^ m53; let l10 = m53 ^ l4; let l11 = m60 ^ l2
        let l12 = m48 ^ m51; let l13 = m50 ^ l0; let l14 = m52 ^ m61; let l15 = m55 ^ l1
        let l16 = m56 ^ l0; let l17 = m57 ^ l1; let l18 = m58 ^ l8; let l19 = m63 ^ l4
        let l20 = l0 ^ l1; let l21 = l1 ^ l7; let l22 = l3 ^ l12; let l23 = l18 ^ l2
        let l24 = l15 ^ l9; let l25 = l6 ^ l10; let l26 = l7 ^ l9; let l27 = l8 ^ l10
        let l28 = l11 ^ l14; let l29 = l11 ^ l17; let s0 = l6 ^ l24; let s1 = ~(l16 ^ l26)
        let s2 = ~(l19 ^ l28); let s3 = l6 ^ l21; let s4 = l20 ^ l22; let s5 = l25 ^ l29
        let s6 = ~(l13 ^ l27); let s7 = ~(l6 ^ l23)
        (q7, q6, q5, q4, q3, q2, q1, q0) = (s0, s1, s2, s3, s4, s5, s6, s7)
    }

    /// InvSubBytes: the inverse S-box applied to every byte of every block.
    @inline(__always)
    package mutating func substituteBytesInverse() {
        let u0 = q7, u1 = q6, u2 = q5, u3 = q4, u4 = q3, u5 = q2, u6 = q1, u7 = q0
        // Top linear layer, inverse (Figure 6).
        let t23 = u0 ^ u3; let t22 = ~(u1 ^ u3); let t2 = ~(u0 ^ u1); let t1 = u3 ^ u4
        let t24 = ~(u4 ^ u7); let r5 = u6 ^ u7; let t8 = ~(u1 ^ t23); let t19 = t22 ^ r5
        let t9 = ~(u7 ^ t1); let t10 = t2 ^ t24; let t13 = t2 ^ r5; let t3 = t1 ^ r5
        let t25 = ~(u2 ^ t1); let r13 = u1 ^ u6; let t17 = ~(u2 ^ t19); let t20 = t24 ^ r13
        let t4 = u4 ^ t8; let r17 = ~(u2 ^ u5); let r18 = ~(u5 ^ u6); let r19 = ~(u2 ^ u4)
        let y5 = u0 ^ r17; let t6 = t22 ^ r17; let t16 = r13 ^ r19; let t27 = t1 ^ r18
        let t15 = t10 ^ t27; let t14 = t10 ^ r18; let t26 = t3 ^ t16
        let (m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63) =
            boyarPeraltaMiddle(t1: t1, t2: t2, t3: t3, t4: t4, t6: t6, t8: t8, t9: t9, t10: t10, t13: t13,
                               t14: t14, t15: t15, t16: t16, t17: t17, t19: t19, t20: t20, t22: t22,
                               t23: t23, t24: t24, t25: t25, t26: t26, t27: t27, d: y5)
        // Bottom linear layer, inverse (Figure 9).
        let p0 = m52 ^ m61; let p1 = m58 ^ m59; let p2 = m54 ^ m62; let p3 = m47 ^ m50
        let p4 = m48 ^ m56; let p5 = m46 ^ m51; let p6 = m49 ^ m60; let p7 = p0 ^ p1
        let p8 = m50 ^ m53; let p9 = m55 ^ m63; let p10 = m57 ^ p4; let p11 = p0 ^ p3
        let p12 = m46 ^ m48; let p13 = m49 ^ m51; let p14 = m49 ^ m62; let p15 = m54 ^ m59
        let p16 = m57 ^ m61; let p17 = m58 ^ p2; let p18 = m63 ^ p5; let p19 = p2 ^ p3
        let p20 = p4 ^ p6; let p22 = p2 ^ p7; let p23 = p7 ^ p8; let p24 = p5 ^ p7
        let p25 = p6 ^ p10; let p26 = p9 ^ p11; let p27 = p10 ^ p18; let p28 = p11 ^ p25
        let p29 = p15 ^ p20; let w0 = p13 ^ p22; let w1 = p26 ^ p29; let w2 = p17 ^ p28
        let w3 = p12 ^ p22; let w4 = p23 ^ p27; let w5 = p19 ^ p24; let w6 = p14 ^ p23
        let w7 = p9 ^ p16
        (q7, q6, q5, q4, q3, q2, q1, q0) = (w0, w1, w2, w3, w4, w5, w6, w7)
    }
}

// MARK: A plane's type
//
// A bit plane of the bitsliced AES (BitslicedState.swift): two 64-bit lanes. Optimized builds use
// `SIMD2<UInt64>`: one SSE2 or NEON register, each gate of the circuits above one vector instruction for
// eight blocks. Debug builds use `PlaneLanePair`, the same two lanes as two plain `UInt64`s with the same
// operations lane by lane: unoptimized, every `SIMD2` operator is a call into the standard library's
// generic code, the lanes reached through witness tables, and AES ran up to ten times slower in the debug
// tests. The cipher's text is the same for both; only what a plane operation compiles to differs. The type
// is defined in this file, where most plane operations are, because an unoptimized build inlines a
// `@_transparent` function only into callers in its own file. The optimized form is checked against known
// answers on the release build (scripts/known-answer-loops.sh: Wycheproof's AES-GCM file) and on wasm32
// (scripts/wasm-known-answers.sh), and measured by the benchmarks.
#if DEBUG
package typealias Plane = PlaneLanePair
#else
package typealias Plane = SIMD2<UInt64>
#endif

/// Two 64-bit lanes as `SIMD2<UInt64>` has them, with the operations the cipher uses: bitwise, and shifts
/// by a scalar amount (masked, as `SIMD2`'s `&<<` and `&>>` are), lane by lane.
package struct PlaneLanePair: Sendable {
    package var lane0: UInt64
    package var lane1: UInt64

    @_transparent package init(_ lane0: UInt64, _ lane1: UInt64) { (self.lane0, self.lane1) = (lane0, lane1) }
    @_transparent package init(repeating value: UInt64) { (lane0, lane1) = (value, value) }

    package subscript(index: Int) -> UInt64 { @_transparent get { index == 0 ? lane0 : lane1 } }

    @_transparent package static func ^ (a: Self, b: Self) -> Self { Self(a.lane0 ^ b.lane0, a.lane1 ^ b.lane1) }
    @_transparent package static func & (a: Self, b: Self) -> Self { Self(a.lane0 & b.lane0, a.lane1 & b.lane1) }
    @_transparent package static func | (a: Self, b: Self) -> Self { Self(a.lane0 | b.lane0, a.lane1 | b.lane1) }
    @_transparent package static prefix func ~ (a: Self) -> Self { Self(~a.lane0, ~a.lane1) }
    @_transparent package static func & (a: Self, b: UInt64) -> Self { Self(a.lane0 & b, a.lane1 & b) }
    @_transparent package static func &<< (a: Self, count: UInt64) -> Self { Self(a.lane0 &<< count, a.lane1 &<< count) }
    @_transparent package static func &>> (a: Self, count: UInt64) -> Self { Self(a.lane0 &>> count, a.lane1 &>> count) }
    @_transparent package static func ^= (a: inout Self, b: Self) { a = a ^ b }
    @_transparent package static func |= (a: inout Self, b: Self) { a = a | b }
    @_transparent package static func &= (a: inout Self, b: Self) { a = a & b }
}
