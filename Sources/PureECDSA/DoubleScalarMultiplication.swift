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

/// Width-w NAF (Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography", Alg. 3.35) of a
/// big-endian integer: digits d_i, each zero or odd with |d_i| < 2^(w−1), k = Σ d_i·2^i, written into
/// `digits` (which needs 8·count + 1 places; zeros above the top non-zero digit). Returns one past the
/// top non-zero digit (0 for k = 0). `words` is scratch space of (count + 7)/8 + 1 words, the spare one
/// for the carry of k − d when d < 0. VARIABLE-TIME.
@inlinable
package func wNAFVartime(bigEndian bytes: UnsafeRawBufferPointer, width: Int, words: UnsafeMutableBufferPointer<UInt64>,
                         into digits: UnsafeMutableBufferPointer<Int8>) -> Int {
    precondition(words.count >= (bytes.count + 7) / 8 + 1 && digits.count >= bytes.count * 8 + 1)
    words.initialize(repeating: 0)
    digits.initialize(repeating: 0)
    for (index, byte) in bytes.reversed().enumerated() {
        words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
    }
    let window = Int64(1) << Int64(width)
    var position = 0
    var count = 0
    while words.contains(where: { $0 != 0 }) && position < digits.count {
        if words[0] & 1 == 1 {
            let low = Int64(words[0] & UInt64(window - 1))
            let digit = low >= window >> 1 ? low - window : low
            digits[position] = Int8(digit)
            count = position + 1
            if digit > 0 {
                // k − digit: the low word is at least digit, no borrow.
                words[0] -= UInt64(digit)
            } else {
                // k + |digit|, carrying upward.
                var carry = UInt64(-digit)
                for index in words.indices where carry != 0 {
                    let (sum, overflow) = words[index].addingReportingOverflow(carry)
                    words[index] = sum
                    carry = overflow ? 1 : 0
                }
            }
        }
        // k >>= 1
        for index in words.indices {
            let next = index + 1 < words.count ? words[index + 1] : 0
            words[index] = (words[index] >> 1) | (next << 63)
        }
        position += 1
    }
    return count
}

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
        let digitCapacity = C.byteCount * 8 + 1, wordCapacity = (C.byteCount + 7) / 8 + 1
        precondition(u1.count <= C.byteCount && u2.count <= C.byteCount)
        return withUnsafeTemporaryAllocation(of: Int8.self, capacity: 2 * digitCapacity) { digits in
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
