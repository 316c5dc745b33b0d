// Constant-time squaring in Montgomery form, for the squarings of `MontgomeryContext.power` (RSA signing:
// five of every six Montgomery operations of its 5-bit window are squarings). As the variable-time
// squaring of MontgomerySquaring.swift, the square comes first and a separate REDC after it ("separated
// operand scanning", Koç, Acar and Kaliski 1996): k(k−1)/2 cross products, doubled, plus k squares, then
// k² products for the reduction, about 1.5k² multiplications against the 2k² of a multiplication.
//
// Constant-time: every loop's trip count depends on k alone, carries come from the policy of
// MontgomeryCarries.swift (plain flags in the 16-, 24- and 32-limb versions, whose machine code
// scripts/audit-branches.sh checks; flags behind an opaque zero at other sizes), and the final
// subtraction keeps or drops its result by a mask, as the multiplication kernel's does.

/// r = a²·2^(−64k) mod n for a < n; n odd, `n0Inverse` = −n⁻¹ mod 2^64. `t` has 2k + 1 limbs; `r` overlaps
/// neither `a` nor `t`.
@inline(__always)
func montgomerySquareLimbs<C: CarryArithmetic>(
    _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ n: UnsafePointer<UInt64>,
    _ n0Inverse: UInt64, _ k: Int, _ t: UnsafeMutablePointer<UInt64>, _: C.Type
) {
    t.update(repeating: 0, count: 2 &* k &+ 1)
    // Cross products a_i·a_j, i < j, at limb i + j. Rows go in pairs, two carry chains in one pass (as in
    // the multiplication kernel, so that the processor overlaps them): at limb p, row i adds a_i·a_(p−i)
    // and row i + 1 adds a_(i+1)·a_(p−i−1). The pair ends at t[i + k + 1], which no earlier row reached.
    var i = 0
    while i &+ 2 < k {
        let ai = a[i], ai1 = a[i &+ 1]
        // Limb 2i + 1: row i's a_i·a_(i+1) alone; limb 2i + 2: row i's a_i·a_(i+2) alone.
        var (c0, low) = ai.multipliedFullWidth(by: ai1)
        let t1 = t[2 &* i &+ 1]
        let s1 = low &+ t1
        c0 &+= C.carry(low, t1, s1)
        t[2 &* i &+ 1] = s1
        let (h2, l2) = ai.multipliedFullWidth(by: a[i &+ 2])
        let t2 = t[2 &* i &+ 2]
        let x1 = l2 &+ t2
        let x2 = x1 &+ c0
        c0 = h2 &+ C.carry(l2, t2, x1) &+ C.carry(x1, c0, x2)
        t[2 &* i &+ 2] = x2
        // Limbs 2i + 3 ..< i + k: both rows.
        var c1: UInt64 = 0
        var p = 2 &* i &+ 3
        while p < i &+ k {
            let (h0, l0) = ai.multipliedFullWidth(by: a[p &- i])
            let (h1, l1) = ai1.multipliedFullWidth(by: a[p &- i &- 1])
            let tp = t[p]
            let y1 = l0 &+ tp
            let y2 = y1 &+ c0
            c0 = h0 &+ C.carry(l0, tp, y1) &+ C.carry(y1, c0, y2)
            let z1 = l1 &+ y2
            let z2 = z1 &+ c1
            c1 = h1 &+ C.carry(l1, y2, z1) &+ C.carry(z1, c1, z2)
            t[p] = z2
            p &+= 1
        }
        // Limb i + k: row i's carry and row i + 1's last product a_(i+1)·a_(k−1); limb i + k + 1: the carry.
        let (h1, l1) = ai1.multipliedFullWidth(by: a[k &- 1])
        let y1 = l1 &+ c0
        let y2 = y1 &+ c1
        t[i &+ k] = y2
        t[i &+ k &+ 1] = h1 &+ C.carry(l1, c0, y1) &+ C.carry(y1, c1, y2)
        i &+= 2
    }
    // The last rows one at a time.
    while i &+ 1 < k {
        let ai = a[i]
        var carry: UInt64 = 0
        var j = i &+ 1
        while j < k {
            let (high, low) = ai.multipliedFullWidth(by: a[j])
            let tij = t[i &+ j]
            let s1 = low &+ tij
            let s2 = s1 &+ carry
            carry = high &+ C.carry(low, tij, s1) &+ C.carry(s1, carry, s2)
            t[i &+ j] = s2
            j &+= 1
        }
        t[i &+ k] = carry
        i &+= 1
    }
    // Double them (their sum is below a²/2: no bit leaves limb 2k − 1) and add the squares a_i² at 2i.
    var shiftedOut: UInt64 = 0
    var carry: UInt64 = 0
    i = 0
    while i < k {
        let low = t[2 &* i], high = t[2 &* i &+ 1]
        let doubledLow = low &<< 1 | shiftedOut
        let doubledHigh = high &<< 1 | low &>> 63
        shiftedOut = high &>> 63
        let (squareHigh, squareLow) = a[i].multipliedFullWidth(by: a[i])
        let s1 = doubledLow &+ squareLow
        let s2 = s1 &+ carry
        let c1 = C.carry(doubledLow, squareLow, s1) &+ C.carry(s1, carry, s2)
        let s3 = doubledHigh &+ squareHigh
        let s4 = s3 &+ c1
        t[2 &* i] = s2
        t[2 &* i &+ 1] = s4
        carry = C.carry(doubledHigh, squareHigh, s3) &+ C.carry(s3, c1, s4)
        i &+= 1
    }
    montgomeryReduceLimbs(r, t, n, n0Inverse, k, C.self)
}

/// REDC of `t[0..<2k + 1]` (a value below n·R, t[2k] = 0) into r = t·2^(−64k) mod n; destroys `t`. n odd,
/// `n0Inverse` = −n⁻¹ mod 2^64; `r` overlaps neither `t` nor `n`. Constant-time with `ConstantTimeCarries`.
/// (Also RSA signing's reduction of c mod p and q, MontgomeryCRT.swift.)
@inline(__always)
func montgomeryReduceLimbs<C: CarryArithmetic>(
    _ r: UnsafeMutablePointer<UInt64>, _ t: UnsafeMutablePointer<UInt64>, _ n: UnsafePointer<UInt64>,
    _ n0Inverse: UInt64, _ k: Int, _: C.Type
) {
    // REDC: round i adds m·n·2^(64i) with m chosen to clear t[i]. Rounds go in pairs, as in the variable-
    // time REDC (MontgomerySquaring.swift): round i + 1's m1 depends only on limb i + 1 after round i,
    // computed first, and then both rows run in one pass with two carry chains. `pending` is the carry
    // out of the top limb a pair reached, owed one limb higher.
    var pending: UInt64 = 0
    var i = 0
    while i &+ 1 < k {
        let u = t + i
        let u0 = u[0]
        let m0 = u0 &* n0Inverse
        // u[0] + low(n[0]·m0) ≡ 0 (mod 2^64): it carries 1 unless u[0] = 0, taken as (u0 | −u0) >> 63.
        var (c0, _) = n[0].multipliedFullWidth(by: m0)
        c0 &+= (u0 | (0 &- u0)) &>> 63
        let m1 = (u[1] &+ n[1] &* m0 &+ c0) &* n0Inverse
        var c1: UInt64 = 0
        var j = 1
        while j < k {
            let (h0, l0) = n[j].multipliedFullWidth(by: m0)
            let (h1, l1) = n[j &- 1].multipliedFullWidth(by: m1)
            let uj = u[j]
            let x1 = l0 &+ uj
            let x2 = x1 &+ c0
            c0 = h0 &+ C.carry(l0, uj, x1) &+ C.carry(x1, c0, x2)
            let y1 = l1 &+ x2
            let y2 = y1 &+ c1
            c1 = h1 &+ C.carry(l1, x2, y1) &+ C.carry(y1, c1, y2)
            u[j] = y2
            j &+= 1
        }
        // Limb k: row i's carry and what the previous pair owes, then row i + 1's n[k − 1]·m1.
        let (h1, l1) = n[k &- 1].multipliedFullWidth(by: m1)
        let uk = u[k]
        let x1 = uk &+ c0
        let x2 = x1 &+ pending
        let top0 = C.carry(uk, c0, x1) &+ C.carry(x1, pending, x2)
        let y1 = l1 &+ x2
        let y2 = y1 &+ c1
        let top1 = h1 &+ C.carry(l1, x2, y1) &+ C.carry(y1, c1, y2)   // n[k−1]·m1 + x2 + c1 < 2^128
        u[k] = y2
        // Limb k + 1: both rows' carries.
        let uk1 = u[k &+ 1]
        let z1 = uk1 &+ top0
        let z2 = z1 &+ top1
        u[k &+ 1] = z2
        pending = C.carry(uk1, top0, z1) &+ C.carry(z1, top1, z2)
        i &+= 2
    }
    if i < k {
        // An odd count leaves one round.
        let u = t + i
        let u0 = u[0]
        let m = u0 &* n0Inverse
        var (carry, _) = n[0].multipliedFullWidth(by: m)
        carry &+= (u0 | (0 &- u0)) &>> 63
        var j = 1
        while j < k {
            let (high, low) = n[j].multipliedFullWidth(by: m)
            let uj = u[j]
            let s1 = low &+ uj
            let s2 = s1 &+ carry
            carry = high &+ C.carry(low, uj, s1) &+ C.carry(s1, carry, s2)
            u[j] = s2
            j &+= 1
        }
        let top = u[k]
        let s1 = top &+ carry
        let s2 = s1 &+ pending
        u[k] = s2
        pending = C.carry(top, carry, s1) &+ C.carry(s1, pending, s2)
    }
    // t[k..<2k] + pending·R < 2n: subtract n unless it is below (MontgomeryCarries.swift).
    subtractModulusIfNotBelow(r, t + k, top: pending, n, k, C.self)
}

// The constant-time squaring at the sizes of RSA-2048, -3072 and -4096's CRT halves, with the plain
// carries that scripts/audit-branches.sh checks in the machine code (MontgomeryCarries.swift).
@inline(never)
func montgomerySquare16(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ n: UnsafePointer<UInt64>,
                        _ n0Inverse: UInt64, _ t: UnsafeMutablePointer<UInt64>) {
    montgomerySquareLimbs(r, a, n, n0Inverse, 16, t, AuditedCarries.self)
}

@inline(never)
func montgomerySquare24(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ n: UnsafePointer<UInt64>,
                        _ n0Inverse: UInt64, _ t: UnsafeMutablePointer<UInt64>) {
    montgomerySquareLimbs(r, a, n, n0Inverse, 24, t, AuditedCarries.self)
}

@inline(never)
func montgomerySquare32(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ n: UnsafePointer<UInt64>,
                        _ n0Inverse: UInt64, _ t: UnsafeMutablePointer<UInt64>) {
    montgomerySquareLimbs(r, a, n, n0Inverse, 32, t, AuditedCarries.self)
}

extension MontgomeryContext {
    /// r = a²·R⁻¹ mod n for a < n, constant-time. `r` may not alias `a`; `t` is the workspace's (2k + 2).
    func montgomerySquare(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ t: UnsafeMutablePointer<UInt64>) {
        n.withUnsafeBufferPointer { nb in
            switch count {
            case 16: montgomerySquare16(r, a, nb.baseAddress!, n0Inverse, t)
            case 24: montgomerySquare24(r, a, nb.baseAddress!, n0Inverse, t)
            case 32: montgomerySquare32(r, a, nb.baseAddress!, n0Inverse, t)
            default: montgomerySquareLimbs(r, a, nb.baseAddress!, n0Inverse, count, t, ConstantTimeCarries.self)
            }
        }
    }
}
