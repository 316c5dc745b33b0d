// What the curve-independent code needs from a prime-order short Weierstrass curve y² = x³ + ax + b, a = −3
// or 0: its field elements, its scalars (integers modulo the group order n), and its constants. Each curve
// module (PureP384, PureP521, PureSecp256k1) provides these with its own limb layout and reduction; everything else — point
// formulas, scalar multiplication, ECDSA, RFC 6979, key and signature encodings — is written once, here,
// over these protocols (the split RustCrypto makes between its `primeorder`/`elliptic-curve` crates and
// each curve's field arithmetic). The generic code is `@inlinable`, so each curve module gets it
// specialised to its own types: no protocol dispatch remains in the compiled arithmetic. Every `package`
// type here is also `@usableFromInline`: without it (Swift 6.3) `@inlinable` members of a package type
// are accepted without a diagnostic but not serialized, and clients call the unspecialized generic code
// through witness tables (measured: P-384 signing 5× slower).
//
// Masks: a "mask" is a UInt64 that is all ones (true) or all zeros (false), so that choices on secrets are
// made with AND and OR, never with a branch.

import PureASN1
import PureSHA2

/// An element of a curve's base field GF(p), in whatever internal form the curve uses (Montgomery form,
/// unsaturated limbs), always fully reduced so that equal elements have equal representations.
@usableFromInline package protocol ECFieldElement: FieldProducts, Sendable, Equatable {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    var squared: Self { get }
    /// All ones if this is zero. Constant-time.
    var isZeroMask: UInt64 { get }
    /// `mask` all ones: `a`; all zeros: `b`. Constant-time.
    static func select(_ mask: UInt64, _ a: Self, _ b: Self) -> Self
    /// a⁻¹ (0 for 0), constant-time (Fermat's a^(p−2) with a fixed addition chain or bit sequence).
    var inverted: Self { get }
    /// a⁻¹ (0 for 0) for a public a. MAY BE VARIABLE-TIME: only for public values (the ECDH table built
    /// from the peer's point).
    var invertedVartime: Self { get }
    /// A square root and whether one exists; for decompressing public points, so may be variable-time.
    func squareRoot() -> (root: Self, exists: Bool)
    /// From exactly `C.byteCount` big-endian bytes; nil if the integer is not below p.
    init?(canonicalBigEndian bytes: UnsafeRawBufferPointer)
    /// The integer, `byteCount` bytes big-endian. Constant-time.
    var canonicalBigEndianBytes: [UInt8] { get }
}

extension ECFieldElement {
    /// self^(2^k), k ≥ 1, by k squarings: the runs of an inversion or square-root addition chain. `k` is a
    /// public constant at every call. A `repeat` loop, so no zero-trip test precedes the first squaring.
    @inlinable @inline(__always)
    package func squared(times k: Int) -> Self {
        var result = self
        var remaining = k
        repeat {
            result = result.squared
            remaining &-= 1
        } while remaining > 0
        return result
    }
}

/// An integer modulo the group order n, fully reduced.
@usableFromInline package protocol ECScalar: FieldProducts, Sendable {
    static var zero: Self { get }
    static var one: Self { get }
    static func + (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    /// All ones if this is zero. Constant-time.
    var isZeroMask: UInt64 { get }
    /// a⁻¹ mod n (0 for 0), constant-time (Fermat's a^(n−2), the exponent public and fixed).
    var inverted: Self { get }
    /// a⁻¹ mod n for a public a ≠ 0. VARIABLE-TIME.
    var invertedVartime: Self { get }
    /// From at most `byteCount` big-endian bytes whose integer is below 2n, reduced by one masked
    /// subtraction. Constant-time. Callers pass field coordinates (p < 2n for the curves here) and
    /// digest integers (below 2^bitCount(n) ≤ 2n).
    init<Bytes: Collection>(reducingOnce bytes: Bytes) where Bytes.Element == UInt8
    /// From exactly `byteCount` big-endian bytes; nil if the integer is not below n.
    init?<Bytes: Collection>(canonicalBigEndian bytes: Bytes) where Bytes.Element == UInt8
    /// The integer, `byteCount` bytes big-endian. Constant-time.
    var canonicalBigEndianBytes: [UInt8] { get }
    /// Calls `body` with the integer's `byteCount` big-endian bytes, held on the stack (no array: for
    /// verification, which should not touch the heap). Constant-time.
    func withCanonicalBigEndianBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R
}

/// The coefficient a of y² = x³ + ax + b for the curves whose formulas this module has: −3 (NIST's
/// P-curves, SP 800-186 §3.2.1) or 0 (secp256k1, SEC 2 §2.4.1). Every formula that depends on it switches
/// on the curve's constant, so each specialisation keeps one of the two and no branch remains.
@usableFromInline package enum WeierstrassCoefficientA: Sendable {
    case minusThree
    case zero
}

/// A prime-order short Weierstrass curve with a = −3 or a = 0 whose arithmetic is this module's generic
/// code; its name, identifier and sizes are `ECKeyCurve`'s.
@usableFromInline package protocol WeierstrassCurve: ECKeyCurve
where PublicPoint == AffinePoint<Self>, PrivateScalar == Scalar {
    associatedtype Field: ECFieldElement
    associatedtype Scalar: ECScalar
    /// −3 or 0: which formulas the points use.
    static var coefficientA: WeierstrassCoefficientA { get }
    /// The hash of the curve's JWS algorithm (ES384: SHA-384, ES512: SHA-512), which RFC 6979 also uses.
    associatedtype Hash: HashFunction

    /// n, `byteCount` bytes big-endian.
    static var orderBytes: [UInt8] { get }
    /// The coefficient b.
    static var b: Field { get }
    /// 3b, which the a = 0 formulas multiply by. A curve gives it as a constant: computed in the formulas
    /// as b + b + b, LLVM folded the additions' carry chains on the constant into jumps (the branch audit
    /// found them). The a = −3 curves never use it (the default below).
    static var threeB: Field { get }
    /// The base point G.
    static var generator: AffinePoint<Self> { get }
    /// The comb table of the constant-time fixed-base multiplication, `GeneratorComb.build()` kept in a
    /// global of the curve module (generic types cannot have stored statics).
    static var generatorComb: GeneratorComb<Self> { get }
    /// G, 3G, …, 63G for verification, `AffinePoint.oddMultiplesOfGenerator()` kept likewise.
    static var generatorOddMultiples: [AffinePoint<Self>] { get }
}

extension WeierstrassCurve {
    @inlinable
    package static var threeB: Field { b + b + b }
}

/// Always zero, but mutable and visible outside this module, so the optimizer cannot assume its value.
/// Never written; exclusivity checking is off for it (every read would otherwise be a runtime call).
@usableFromInline @exclusivity(unchecked) nonisolated(unsafe) package var curveOpaqueZero: UInt64 = 0

/// Hides a value from the optimizer: a carry known to be 0 or 1 lets LLVM turn `high + carry` into a
/// conditional jump around an increment (it did, in P-384's and P-521's limb arithmetic; the branch audit
/// caught it). XOR with a global whose value it cannot see costs one load, hoisted out of loops.
@inlinable @inline(__always)
package func valueBarrier(_ value: UInt64) -> UInt64 { value ^ curveOpaqueZero }
