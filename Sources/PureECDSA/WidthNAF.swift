// The width-w non-adjacent form that every verification path reads its additions from: ECDSA on P-256,
// P-384, P-521 and secp256k1, Ed25519 and Ed448 (Straus's method over a shared chain of doublings).
//
// Width-w NAF (Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography", Alg. 3.35): digits
// d_i, each zero or odd with |d_i| < 2^(w−1), k = Σ d_i·2^i, and of any w consecutive digits at most one
// is non-zero, so a k of m bits costs about m/(w + 1) additions.
//
// Algorithm 3.35 subtracts each digit from k and shifts k right one bit a step. Here k is only read: a
// window of w bits at the current position plus the carry left by the digit below. An even window is a
// zero digit (with a carry, the bit was 1: 1 + 1 leaves 0 and the carry moves up a place). An odd window
// below 2^(w−1) is the digit itself; one at or above it gives the negative digit window − 2^w, and the
// 2^w it leaves owing is a carry into the next window. After a non-zero digit the next w − 1 are zero, so
// the scan moves on by w.
//
// VARIABLE-TIME: the digits, their positions and the branches all follow k. For public scalars only.

/// The width-`width` NAF of k, given as little-endian 64-bit words, written into `digits` (zeros above
/// the top non-zero digit). `digits` needs one place more than k has bits (the top digit may carry one
/// place past k's top bit). Returns one past the top non-zero digit, 0 for k = 0. Widths 2 to 15.
/// VARIABLE-TIME.
///
/// Not generic over the digit type: an unspecialised generic scan, which a caller through a closure can
/// get, took four times as long.
@inlinable
package func wNAFVartime(littleEndian words: UnsafeBufferPointer<UInt64>, width: Int,
                         into digits: UnsafeMutableBufferPointer<Int16>) -> Int {
    var top = words.count - 1
    while top >= 0 && words[top] == 0 { top -= 1 }
    let bitLength = top < 0 ? 0 : 64 * top + 64 - words[top].leadingZeroBitCount
    precondition(width >= 2 && width <= 15 && digits.count > bitLength)
    digits.initialize(repeating: 0)
    @inline(__always) func word(_ index: Int) -> UInt64 { index < words.count ? words[index] : 0 }

    let windowSize = 1 << width, windowMask = UInt64(windowSize - 1)
    var position = 0, carry = 0, count = 0
    while position <= bitLength {
        let index = position / 64, bit = position % 64
        var bits = word(index) >> UInt64(bit)
        if bit > 64 - width { bits |= word(index + 1) << UInt64(64 - bit) }
        let window = carry + Int(bits & windowMask)
        if window & 1 == 0 {
            // A run of zero digits, skipped at once: below the window's lowest set bit every place is 0
            // (no carry) or 1 + carry (carry), and either way the carry leaves the run as it entered.
            // A window of 0 (or of 2^w, all ones plus a carry) is w zero digits.
            position += min(window.trailingZeroBitCount, width)
            continue
        }
        if window < windowSize / 2 {
            carry = 0
            digits[position] = Int16(window)
        } else {
            carry = 1
            digits[position] = Int16(window - windowSize)
        }
        count = position + 1
        position += width
    }
    return count
}

/// The same for a big-endian integer (an ECDSA scalar's bytes): `words` is scratch space of at least
/// (count + 7)/8 words, `digits` needs 8·count + 1 places. VARIABLE-TIME.
@inlinable
package func wNAFVartime(bigEndian bytes: UnsafeRawBufferPointer, width: Int, words: UnsafeMutableBufferPointer<UInt64>,
                         into digits: UnsafeMutableBufferPointer<Int16>) -> Int {
    let wordCount = (bytes.count + 7) / 8
    precondition(words.count >= wordCount && digits.count >= bytes.count * 8 + 1)
    words.initialize(repeating: 0)
    for (index, byte) in bytes.reversed().enumerated() {
        words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
    }
    return wNAFVartime(littleEndian: UnsafeBufferPointer(rebasing: words[0..<wordCount]), width: width, into: digits)
}
