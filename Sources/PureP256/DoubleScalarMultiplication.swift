// u1·G + u2·Q for ECDSA verification: width-w NAF digits of both scalars, one shared chain of doublings
// (Shamir's trick, as interleaved by Möller, "Algorithms for multi-exponentiation", SAC 2001), a table of
// odd multiples of G built once and a small table of odd multiples of Q built per call.
//
// VARIABLE-TIME in everything: the digits pick table entries and decide which additions happen. Only
// for public inputs (verification); signing uses the constant-time `generatorMultiplied(by:)`.
//
// Cost for 256-bit scalars: about 256 doublings, 256/(5+1) ≈ 43 mixed additions from Q's table (w = 5,
// 8 entries, made affine by one variable-time inversion) and 256/(10+1) ≈ 23 from G's (w = 10, 256
// affine entries, 16 KB).

/// Width-w NAF (Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography", Alg. 3.35):
/// digits d_i, each zero or odd with |d_i| < 2^(w−1), k = Σ d_i·2^i, and of any w consecutive digits
/// at most one is non-zero. Writes 257 digits into `digits` (zeros above the top non-zero one) and returns
/// how many count: one past the top non-zero digit, 0 for k = 0. Variable-time: for public scalars only.
///
/// Algorithm 3.35 takes one bit per iteration; here each iteration consumes a whole run: a run of zero
/// digits is k's trailing zero bits (one shift of up to 64), and a non-zero digit d leaves k − d ≡ 0
/// (mod 2^w), so it and the w − 1 zero digits after it are one shift of w. About 256/(w + 1) non-zero
/// digits and as many runs, instead of 257 one-bit steps (each a 256-bit shift).
func wNAFVartime(_ scalar: U256, width: Int, into digits: UnsafeMutableBufferPointer<Int16>) -> Int {
    precondition(width >= 2 && width <= 15 && digits.count >= 257)
    digits.initialize(repeating: 0)
    var k = scalar
    let window = UInt64(1) << UInt64(width)
    var position = 0
    var count = 0
    // k < 2^256 − 2^224 throughout (it starts below n and grows by less than 2^(w−1) at most once per
    // non-zero digit before being shifted), so adding never carries out of 256 bits; and k's top set bit
    // is at most 256 − position, so every non-zero digit lands at a position ≤ 256.
    while k.isZeroMask == 0 {
        if k.w0 & 1 == 0 {
            let zeros = k.w0 == 0 ? 64 : k.w0.trailingZeroBitCount
            k = k.shiftedRightVartime(zeros)
            position += zeros
            continue
        }
        let low = k.w0 & (window - 1)
        let digit: Int64
        if low >= window >> 1 {
            digit = Int64(low) - Int64(window)
            k = U256.add(k, U256(UInt64(-digit), 0, 0, 0)).0
        } else {
            digit = Int64(low)
            k = U256.subtract(k, U256(low, 0, 0, 0)).0
        }
        digits[position] = Int16(digit)
        count = position + 1
        k = k.shiftedRightVartime(width)
        position += width
    }
    return count
}

extension U256 {
    /// self >> s for s in 1…64. Variable-time in s (a public shift count).
    @inline(__always)
    func shiftedRightVartime(_ s: Int) -> U256 {
        if s == 64 { return U256(w1, w2, w3, 0) }
        let left = UInt64(64 - s), right = UInt64(s)      // both in 1…63 here
        return U256(w0 &>> right | w1 &<< left, w1 &>> right | w2 &<< left, w2 &>> right | w3 &<< left, w3 &>> right)
    }
}

/// G, 3G, 5G, …, 511G in affine form: the table for G's width-10 NAF digits (256 entries, 16 KB), built
/// at first use (255 additions and one shared inversion, well under a millisecond).
let generatorOddMultiples: [AffinePoint] = {
    let g = ProjectivePoint.generator
    let twoG = g.doubled()
    var multiples = [g]
    for _ in 1..<(1 << (JacobianPoint.generatorWidth - 2)) { multiples.append(multiples[multiples.count - 1].adding(twoG)) }
    return normalize(multiples)
}()

extension AffinePoint {
    /// Calls `body` with P, 3P, 5P, … (`count` entries, on the stack) in affine form, for a width-w NAF's
    /// digits: Jacobian multiples by the variable-time formulas, then one variable-time inversion for all
    /// (Montgomery's trick), so that each of the ~43 additions of Q's digits is a mixed one (8M + 3S)
    /// rather than one with the entry's Z² and Z³ kept (11M + 3S). The inversion and the normalization's
    /// ~7 products an entry cost most of what that saves: about 1% of a verification. P is public and not
    /// the point at infinity; with 2·count − 1 < n no multiple is.
    func withOddMultiplesVartime<Result>(count: Int, _ body: (UnsafeBufferPointer<AffinePoint>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: JacobianPoint.self, capacity: count) { multiples in
            withUnsafeTemporaryAllocation(of: AffinePoint.self, capacity: count) { table in
                let p = JacobianPoint(self)
                let twoP = ChudnovskyPoint(p.doubledVartime())
                var multiple = p
                for index in 0..<count {
                    if index > 0 { multiple = multiple.addingVartime(twoP) }
                    multiples.initializeElement(at: index, to: multiple)
                }
                JacobianPoint.affine(UnsafeBufferPointer(multiples), into: table) { $0.invertedVartime }
                return body(UnsafeBufferPointer(table))
            }
        }
    }
}

extension JacobianPoint {
    /// Widths of the NAF digits: 10 for G (table built once; 8 took 28 additions on average, 10 takes 23),
    /// 5 for Q (table built per call, where a wider one would cost more to build than it saves).
    static let generatorWidth = 10
    static let publicKeyWidth = 5

    /// u1·G + u2·Q. Variable-time: all inputs must be public. `q` must be a valid point (not infinity).
    static func doubleScalarMultipliedVartime(u1: U256, u2: U256, q: AffinePoint) -> JacobianPoint {
        withUnsafeTemporaryAllocation(of: Int16.self, capacity: 2 * 257) { buffer in
            let gDigits = UnsafeMutableBufferPointer(rebasing: buffer[0..<257])
            let qDigits = UnsafeMutableBufferPointer(rebasing: buffer[257..<514])
            let gCount = wNAFVartime(u1, width: generatorWidth, into: gDigits)
            let qCount = wNAFVartime(u2, width: publicKeyWidth, into: qDigits)
            return q.withOddMultiplesVartime(count: 8) { qTable in
                return generatorOddMultiples.withUnsafeBufferPointer { gTable in
                    var result = JacobianPoint.infinity
                    var i = max(gCount, qCount) - 1
                    while i >= 0 {
                        result = result.doubledVartime()
                        if i < gCount {
                            let digit = Int(gDigits[i])
                            if digit > 0 { result = result.addingVartime(gTable[digit >> 1]) }
                            else if digit < 0 { result = result.addingVartime(gTable[(-digit) >> 1].negatedVartime()) }
                        }
                        if i < qCount {
                            let digit = Int(qDigits[i])
                            if digit > 0 { result = result.addingVartime(qTable[digit >> 1]) }
                            else if digit < 0 { result = result.addingVartime(qTable[(-digit) >> 1].negatedVartime()) }
                        }
                        i -= 1
                    }
                    return result
                }
            }
        }
    }

    /// Whether x(self) mod n equals r, for r in [1, n − 1], without an inversion: x = X/Z², and x mod n = r
    /// means x = r or x = r + n (x < p < 2n), i.e. X = r·Z² or X = (r + n)·Z² when r + n < p.
    func hasXCoordinateVartime(congruentTo r: U256) -> Bool {
        if isInfinityVartime { return false }
        let zz = z.squared
        guard let rField = FieldElement(canonical: r) else { return false }
        if FieldElement.equalMask(rField * zz, x) != 0 { return true }
        let (rPlusN, carry) = U256.add(r, Scalar.order)
        guard carry == 0, let rPlusNField = FieldElement(canonical: rPlusN) else { return false }
        return FieldElement.equalMask(rPlusNField * zz, x) != 0
    }
}
