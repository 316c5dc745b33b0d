// u1·G + u2·Q for ECDSA verification: width-w NAF digits of both scalars and one shared chain of
// doublings (Shamir's trick, interleaved as in Möller, "Algorithms for multi-exponentiation", SAC 2001),
// with a table of odd multiples of G built once per process and one of Q built per call.
//
// VARIABLE-TIME in everything: the digits pick table entries and decide which additions happen. For
// public inputs only.
//
// Cost for 384-bit scalars: about 384 doublings (3M + 5S), 384/(5+1) ≈ 64 additions from Q's table
// (w = 5: Q, 3Q, …, 15Q, Jacobian, 11M + 5S each) and 384/(7+1) ≈ 48 mixed additions from G's
// (w = 7: G, 3G, …, 63G, affine, 7M + 4S each).

/// Width-w NAF (Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography", Alg. 3.35):
/// digits d_i, each zero or odd with |d_i| < 2^(w−1), k = Σ d_i·2^i, at most one non-zero digit in any w
/// consecutive ones. Writes 385 digits into `digits` and returns one past the top non-zero digit (0 for
/// k = 0). A run of zero digits is one shift; a non-zero digit d leaves k − d ≡ 0 (mod 2^w), so it and
/// the w − 1 zeros after it are one shift of w.
func wNAFVartime(_ scalar: U384, width: Int, into digits: inout [Int8]) -> Int {
    digits = [Int8](repeating: 0, count: 385)
    var k = scalar
    let window = UInt64(1) << UInt64(width)
    var position = 0
    var count = 0
    while !k.isZero && position < 385 {
        if !k.isOdd {
            let zeros = k.w0 == 0 ? 64 : k.w0.trailingZeroBitCount
            k = k.shiftedRightVartime(zeros)
            position += zeros
            continue
        }
        let low = k.w0 & (window - 1)
        let digit = low >= window >> 1 ? Int64(low) - Int64(window) : Int64(low)
        // k − digit: adding |digit| to k near 2^384 can carry into a 385th bit, which the shift by w
        // that follows brings back into the top limb.
        let (next, carry) = digit < 0 ? U384.add(k, U384(UInt64(-digit), 0, 0, 0, 0, 0))
                                      : U384.subtract(k, U384(low, 0, 0, 0, 0, 0))
        digits[position] = Int8(digit)
        count = position + 1
        k = next.shiftedRightVartime(width, topBit: digit < 0 ? carry : 0)
        position += width
    }
    return count
}

/// G, 3G, 5G, …, 63G in affine coordinates: the odd multiples a width-7 NAF digit selects. Built at
/// first use (31 additions and one shared inversion), then kept; Swift initializes globals once,
/// thread-safely.
let generatorOddMultiples: [AffinePoint] = {
    let g = JacobianPoint(AffinePoint.generator)
    let twoG = g.doubled()
    var multiples = [g]
    for _ in 1..<32 { multiples.append(multiples[multiples.count - 1].adding(twoG)) }
    return JacobianPoint.normalize(multiples)
}()

extension JacobianPoint {
    /// u1·G + u2·Q, for canonical scalars u1, u2 < n and a public key Q on the curve. VARIABLE-TIME.
    static func doubleScalarMultiplyVartime(u1: U384, u2: U384, q: AffinePoint) -> JacobianPoint {
        var gDigits = [Int8](), qDigits = [Int8]()
        let gCount = wNAFVartime(u1, width: 7, into: &gDigits)
        let qCount = wNAFVartime(u2, width: 5, into: &qDigits)

        // Q, 3Q, …, 15Q.
        let qJacobian = JacobianPoint(q)
        let twoQ = qJacobian.doubled()
        var qMultiples = [qJacobian]
        for _ in 1..<8 { qMultiples.append(qMultiples[qMultiples.count - 1].adding(twoQ)) }

        let gTable = generatorOddMultiples
        var result = JacobianPoint.infinity
        var index = max(gCount, qCount) - 1
        while index >= 0 {
            result = result.doubled()
            let gDigit = Int(gDigits[index])
            if gDigit > 0 {
                result = result.adding(gTable[gDigit >> 1])
            } else if gDigit < 0 {
                result = result.adding(gTable[(-gDigit) >> 1].negated)
            }
            let qDigit = Int(qDigits[index])
            if qDigit > 0 {
                result = result.adding(qMultiples[qDigit >> 1])
            } else if qDigit < 0 {
                result = result.adding(qMultiples[(-qDigit) >> 1].negated)
            }
            index -= 1
        }
        return result
    }
}
