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

import PureECDSA

/// The width-`width` NAF of a 256-bit scalar (PureECDSA's `wNAFVartime`): writes 257 digits into `digits`
/// (zeros above the top non-zero one) and returns one past the top non-zero digit, 0 for k = 0.
/// Variable-time: for public scalars only.
func wNAFVartime(_ scalar: U256, width: Int, into digits: UnsafeMutableBufferPointer<Int16>) -> Int {
    var words = (scalar.w0, scalar.w1, scalar.w2, scalar.w3)
    return withUnsafePointer(to: &words) { tuple in
        tuple.withMemoryRebound(to: UInt64.self, capacity: 4) {
            PureECDSA.wNAFVartime(littleEndian: UnsafeBufferPointer(start: $0, count: 4), width: width, into: digits)
        }
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
