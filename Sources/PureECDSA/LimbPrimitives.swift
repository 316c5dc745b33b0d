// The carry primitives of the generic curves' limb arithmetic (PureP384, PureP521, PureSecp256k1), written
// once. Every carry and borrow passes through `valueBarrier`: a value LLVM knows to be 0 or 1 is one it may
// turn into a jump around an increment (it did, in each of those modules; scripts/audit-branches.sh found
// them). `@inlinable` and always inlined, so each curve module compiles them into its own arithmetic as if
// they were its own. (PureP256 keeps its own copies, with its own barrier, tuned with its field.)

/// (a + b, carry).
@inlinable @inline(__always)
package func addReportingCarry(_ a: UInt64, _ b: UInt64) -> (UInt64, UInt64) {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return (sum, valueBarrier(overflow ? 1 : 0))
}

/// a + b + carry, updating carry (0 or 1).
@inlinable @inline(__always)
package func addWithCarry(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    let (s1, o1) = a.addingReportingOverflow(b)
    let (s2, o2) = s1.addingReportingOverflow(carry)
    carry = valueBarrier((o1 ? 1 : 0) | (o2 ? 1 : 0))
    return s2
}

/// a − b − borrow, updating borrow (0 or 1).
@inlinable @inline(__always)
package func subtractWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
    let (d1, o1) = a.subtractingReportingOverflow(b)
    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
    borrow = valueBarrier((o1 ? 1 : 0) | (o2 ? 1 : 0))
    return d2
}

/// a·b + c + d as (high, low); cannot overflow 128 bits.
@inlinable @inline(__always)
package func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (s1, o1) = low.addingReportingOverflow(c)
    let (s2, o2) = s1.addingReportingOverflow(d)
    return (high &+ valueBarrier((o1 ? 1 : 0) &+ (o2 ? 1 : 0)), s2)
}

/// a^e for a public exponent e given as its base-16 digits, most significant first (`hexDigits`, each below
/// 16): a table a^0 … a^15 written out (14 multiplications), then per digit four squarings and one
/// multiplication by the entry the digit names. The digits are public, so the entry is read directly, and
/// the loop is a `repeat` over a public count: constant-time in a, and the branch audit finds only loop
/// back-edges (an array built by appending, or a `for` loop's exit test, compiled to forward jumps). The
/// scalar inversions a^(n−2) of PureP521 and PureSecp256k1.
@inlinable
package func fixedWindowPower<F: FieldProducts>(_ a: F, hexDigits digits: [UInt8]) -> F {
    let a2 = a * a, a3 = a2 * a, a4 = a2 * a2, a5 = a4 * a, a6 = a3 * a3, a7 = a6 * a, a8 = a4 * a4
    let a9 = a8 * a, a10 = a5 * a5, a11 = a10 * a, a12 = a6 * a6, a13 = a12 * a, a14 = a7 * a7, a15 = a14 * a
    let table = [F.one, a, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15]
    var result = F.one
    var index = 0
    repeat {
        result = result * result
        result = result * result
        result = result * result
        result = result * result
        result = result * table[Int(digits[index])]
        index &+= 1
    } while index < digits.count
    return result
}
