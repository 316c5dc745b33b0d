// u1·G + u2·Q for ECDSA verification: width-w NAF digits of both scalars and one shared chain of
// doublings (Shamir's trick, interleaved as in Möller, "Algorithms for multi-exponentiation", SAC 2001),
// with a table of odd multiples of G built once per process and one of Q built per call.
//
// VARIABLE-TIME in everything: the digits pick table entries and decide which additions happen. For
// public inputs only.
//
// Cost for an m-bit order: about m doublings (3M + 5S), m/(5+1) additions from Q's table (w = 5: Q, 3Q,
// …, 15Q, Jacobian, 11M + 5S each) and m/(7+1) mixed additions from G's (w = 7: G, 3G, …, 63G, affine,
// 7M + 4S each).

extension AffinePoint {
    /// G, 3G, 5G, …, 63G in affine coordinates: the odd multiples a width-7 NAF digit selects. The curve
    /// module keeps them in a global (31 additions and one shared inversion, once per process).
    @inlinable
    package static func oddMultiplesOfGenerator() -> [AffinePoint] {
        let g = JacobianPoint(C.generator)
        let twoG = g.doubled()
        var multiples = [g]
        for _ in 1..<32 { multiples.append(multiples[multiples.count - 1].adding(twoG)) }
        return JacobianPoint.normalize(multiples)
    }
}

extension JacobianPoint {
    /// u1·G + u2·Q for public scalars (big-endian bytes) and a public key Q on the curve. VARIABLE-TIME.
    @inlinable
    package static func doubleScalarMultiplyVartime(u1: [UInt8], u2: [UInt8], q: AffinePoint<C>) -> JacobianPoint {
        u1.withUnsafeBytes { u1Bytes in u2.withUnsafeBytes { u2Bytes in doubleScalarMultiplyVartime(u1: u1Bytes, u2: u2Bytes, q: q) } }
    }

    /// u1·G + u2·Q for public scalars (big-endian bytes, at most `byteCount` each) and a public key Q on the
    /// curve, with the digits and Q's table on the stack. VARIABLE-TIME.
    @inlinable
    package static func doubleScalarMultiplyVartime(u1: UnsafeRawBufferPointer, u2: UnsafeRawBufferPointer,
                                                    q: AffinePoint<C>) -> JacobianPoint {
        let digitCapacity = C.byteCount * 8 + 1, wordCapacity = (C.byteCount + 7) / 8
        precondition(u1.count <= C.byteCount && u2.count <= C.byteCount)
        return withUnsafeTemporaryAllocation(of: Int16.self, capacity: 2 * digitCapacity) { digits in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordCapacity) { words in
                withUnsafeTemporaryAllocation(of: JacobianPoint.self, capacity: 8) { qMultiples in
                    let gDigits = UnsafeMutableBufferPointer(rebasing: digits[0..<digitCapacity])
                    let qDigits = UnsafeMutableBufferPointer(rebasing: digits[digitCapacity...])
                    let gCount = wNAFVartime(bigEndian: u1, width: 7, words: words, into: gDigits)
                    let qCount = wNAFVartime(bigEndian: u2, width: 5, words: words, into: qDigits)

                    // Q, 3Q, …, 15Q.
                    let qJacobian = JacobianPoint(q)
                    let twoQ = qJacobian.doubled()
                    var multiple = qJacobian
                    qMultiples.initializeElement(at: 0, to: multiple)
                    for index in 1..<8 {
                        multiple = multiple.adding(twoQ)
                        qMultiples.initializeElement(at: index, to: multiple)
                    }
                    defer { _ = qMultiples.deinitialize() }

                    let gTable = C.generatorOddMultiples
                    var result = JacobianPoint.infinity
                    var index = max(gCount, qCount) - 1
                    while index >= 0 {
                        result = result.doubled()
                        let gDigit = index < gCount ? Int(gDigits[index]) : 0
                        if gDigit > 0 {
                            result = result.adding(gTable[gDigit >> 1])
                        } else if gDigit < 0 {
                            result = result.adding(gTable[(-gDigit) >> 1].negated)
                        }
                        let qDigit = index < qCount ? Int(qDigits[index]) : 0
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
        }
    }
}
