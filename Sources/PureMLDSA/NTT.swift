// The number-theoretic transform of FIPS 204 §7.5 (Algorithms 41 and 42) and the polynomial arithmetic
// around it. A polynomial is 256 Int32 coefficients at an `UnsafeMutablePointer` into a workspace the
// caller owns, so an operation allocates its scratch space once.
//
// Constant-time: the loops' bounds and the zeta indices depend only on loop counters.

/// Coefficients 0..<256 of one polynomial in Rq = Zq[X]/(X²⁵⁶ + 1) or Tq.
@usableFromInline typealias Polynomial = UnsafeMutablePointer<Int32>

/// The factor the inverse NTT ends with, 2⁶⁴ / 256 mod q: with the
/// Montgomery reductions of the pointwise product and of this step, the result is in the normal domain.
private let inverseScale: Int64 = 41_978

@usableFromInline
enum NTT {
    /// a ← NTT(a) in place (Algorithm 41, Cooley–Tukey butterflies). Input coefficients |a| < q; output
    /// |â| < 9q (no reduction between layers: the bound fits in Int32).
    @usableFromInline
    static func forward(_ a: Polynomial) {
        nttZetas.withUnsafeBufferPointer { zetas in
            var k = 0
            var length = 128
            while length > 0 {
                var start = 0
                while start < 256 {
                    k &+= 1
                    let zeta = Int64(zetas[k])
                    for j in start..<(start &+ length) {
                        let t = montgomeryReduce(zeta &* Int64(a[j &+ length]))
                        a[j &+ length] = a[j] &- t
                        a[j] = a[j] &+ t
                    }
                    start &+= 2 &* length
                }
                length >>= 1
            }
        }
    }

    /// a ← NTT⁻¹(a) · 2³² in place (Algorithm 42, Gentleman–Sande butterflies, then the scale by 2⁶⁴/256
    /// Montgomery-reduced). Input |â| < q (reduce first); output |a| < q.
    @usableFromInline
    static func inverseToMontgomery(_ a: Polynomial) {
        nttZetas.withUnsafeBufferPointer { zetas in
            var k = 256
            var length = 1
            while length < 256 {
                var start = 0
                while start < 256 {
                    k &-= 1
                    let zeta = -Int64(zetas[k])
                    for j in start..<(start &+ length) {
                        let t = a[j]
                        a[j] = t &+ a[j &+ length]
                        a[j &+ length] = montgomeryReduce(zeta &* Int64(t &- a[j &+ length]))
                    }
                    start &+= 2 &* length
                }
                length <<= 1
            }
            for j in 0..<256 { a[j] = montgomeryReduce(inverseScale &* Int64(a[j])) }
        }
    }
}

/// Coefficient-wise operations on one polynomial, all constant-time.
@usableFromInline
enum Poly {
    /// out = a ∘ b · 2⁻³² (pointwise product in Tq, Montgomery-reduced).
    @inline(__always) @usableFromInline
    static func multiply(_ out: Polynomial, _ a: Polynomial, _ b: Polynomial) {
        for i in 0..<256 { out[i] = montgomeryReduce(Int64(a[i]) &* Int64(b[i])) }
    }

    /// out += a ∘ b · 2⁻³².
    @inline(__always) @usableFromInline
    static func multiplyAdd(_ out: Polynomial, _ a: Polynomial, _ b: Polynomial) {
        for i in 0..<256 { out[i] &+= montgomeryReduce(Int64(a[i]) &* Int64(b[i])) }
    }

    @inline(__always) @usableFromInline
    static func add(_ out: Polynomial, _ a: Polynomial, _ b: Polynomial) {
        for i in 0..<256 { out[i] = a[i] &+ b[i] }
    }

    @inline(__always) @usableFromInline
    static func subtract(_ out: Polynomial, _ a: Polynomial, _ b: Polynomial) {
        for i in 0..<256 { out[i] = a[i] &- b[i] }
    }

    /// Every coefficient to its representative in [−6283008, 6283008].
    @inline(__always) @usableFromInline
    static func reduce(_ a: Polynomial) {
        for i in 0..<256 { a[i] = reduce32(a[i]) }
    }

    /// Every coefficient to [0, q).
    @inline(__always) @usableFromInline
    static func freeze(_ a: Polynomial) {
        for i in 0..<256 { a[i] = PureMLDSA.freeze(a[i]) }
    }

    @inline(__always) @usableFromInline
    static func copy(_ out: Polynomial, _ a: Polynomial) {
        out.update(from: a, count: 256)
    }
}
