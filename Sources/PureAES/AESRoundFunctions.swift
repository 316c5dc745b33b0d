// ShiftRows, MixColumns and their inverses on bit planes (FIPS 197 §5.1.2, §5.1.3, §5.3.1, §5.3.3).
//
// In the layout of BitslicedState.swift a lane holds, for each row r, a 16-bit chunk at bit 16·r whose
// nibble c holds column c (one bit per block). Both steps are therefore the same fixed shifts and masks
// on every plane: nothing here depends on a key or data bit.

extension AESSlices {
    /// Applies `body` to each plane.
    @inline(__always)
    mutating func forEachPlane(_ body: (Plane) -> Plane) {
        q0 = body(q0); q1 = body(q1); q2 = body(q2); q3 = body(q3)
        q4 = body(q4); q5 = body(q5); q6 = body(q6); q7 = body(q7)
    }

    /// ShiftRows: row r moves r columns to the left (column c takes column c + r mod 4), so chunk r
    /// rotates right by 4·r bits within its 16 bits.
    @inline(__always)
    package mutating func shiftRows() {
        forEachPlane { x in
            (x & 0x0000_0000_0000_FFFF)
                | ((x &>> 4) & 0x0000_0000_0FFF_0000) | ((x &<< 12) & 0x0000_0000_F000_0000)
                | ((x &>> 8) & 0x0000_00FF_0000_0000) | ((x &<< 8) & 0x0000_FF00_0000_0000)
                | ((x &>> 12) & 0x000F_0000_0000_0000) | ((x &<< 4) & 0xFFF0_0000_0000_0000)
        }
    }

    /// InvShiftRows: chunk r rotates left by 4·r bits within its 16 bits.
    @inline(__always)
    package mutating func shiftRowsInverse() {
        forEachPlane { x in
            (x & 0x0000_0000_0000_FFFF)
                | ((x &<< 4) & 0x0000_0000_FFF0_0000) | ((x &>> 12) & 0x0000_0000_000F_0000)
                | ((x &>> 8) & 0x0000_00FF_0000_0000) | ((x &<< 8) & 0x0000_FF00_0000_0000)
                | ((x &>> 4) & 0x0FFF_0000_0000_0000) | ((x &<< 12) & 0xF000_0000_0000_0000)
        }
    }

    /// MixColumns. Output row r of a column is 2·a[r] ⊕ 3·a[r+1] ⊕ a[r+2] ⊕ a[r+3] (rows mod 4). With
    /// s = a rotated so that row r holds a[r+1] (a 16-bit rotation of the lane) and t = a ⊕ s, that is
    /// 2·t ⊕ s ⊕ (t rotated by two rows). Doubling in GF(2^8) (x^8 = x^4 + x^3 + x + 1) moves plane j to
    /// plane j + 1 and adds plane 7 into planes 0, 1, 3 and 4.
    @inline(__always)
    package mutating func mixColumns() {
        @inline(__always) func nextRow(_ x: Plane) -> Plane { (x &>> 16) | (x &<< 48) }
        @inline(__always) func twoRowsOn(_ x: Plane) -> Plane { (x &>> 32) | (x &<< 32) }
        let s0 = nextRow(q0), s1 = nextRow(q1), s2 = nextRow(q2), s3 = nextRow(q3)
        let s4 = nextRow(q4), s5 = nextRow(q5), s6 = nextRow(q6), s7 = nextRow(q7)
        let t0 = q0 ^ s0, t1 = q1 ^ s1, t2 = q2 ^ s2, t3 = q3 ^ s3
        let t4 = q4 ^ s4, t5 = q5 ^ s5, t6 = q6 ^ s6, t7 = q7 ^ s7
        q0 = t7 ^ s0 ^ twoRowsOn(t0)
        q1 = t0 ^ t7 ^ s1 ^ twoRowsOn(t1)
        q2 = t1 ^ s2 ^ twoRowsOn(t2)
        q3 = t2 ^ t7 ^ s3 ^ twoRowsOn(t3)
        q4 = t3 ^ t7 ^ s4 ^ twoRowsOn(t4)
        q5 = t4 ^ s5 ^ twoRowsOn(t5)
        q6 = t5 ^ s6 ^ twoRowsOn(t6)
        q7 = t6 ^ s7 ^ twoRowsOn(t7)
    }

    /// InvMixColumns. Its polynomial {0e, 0b, 0d, 09} is MixColumns' {02, 03, 01, 01} times {05, 00, 04,
    /// 00} (mod x^4 + 1), so it is MixColumns of b = a ⊕ 4·(a ⊕ a rotated by two rows).
    @inline(__always)
    package mutating func mixColumnsInverse() {
        @inline(__always) func twoRowsOn(_ x: Plane) -> Plane { (x &>> 32) | (x &<< 32) }
        let u0 = q0 ^ twoRowsOn(q0), u1 = q1 ^ twoRowsOn(q1), u2 = q2 ^ twoRowsOn(q2), u3 = q3 ^ twoRowsOn(q3)
        let u4 = q4 ^ twoRowsOn(q4), u5 = q5 ^ twoRowsOn(q5), u6 = q6 ^ twoRowsOn(q6), u7 = q7 ^ twoRowsOn(q7)
        // 4·u: doubling twice (see mixColumns).
        q0 ^= u6
        q1 ^= u7 ^ u6
        q2 ^= u0 ^ u7
        q3 ^= u1 ^ u6
        q4 ^= u2 ^ u7 ^ u6
        q5 ^= u3 ^ u7
        q6 ^= u4
        q7 ^= u5
        mixColumns()
    }
}
