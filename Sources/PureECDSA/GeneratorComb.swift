// Constant-time fixed-base scalar multiplication k·G with a precomputed comb: k is recoded in signed
// radix-16 digits, k = Σ_i d_i·16^i with d_i ∈ [−8, 8], and the table holds the affine points j·16^i·G for
// j = 1…8. Then k·G = Σ_i sign(d_i)·table[i][|d_i|]: one mixed addition per digit and no doublings (97
// additions for P-384, 133 for P-521, instead of ~400–520 doublings and a hundred additions). The signed
// digits (Booth recoding) halve the table for the same window.
//
// Constant-time: the recoding is branch-free arithmetic on masks; all eight entries of a window are read
// and combined by mask; the sign is a masked negation; a zero digit's addition is computed and then
// discarded by mask; the additions are RCB's complete formulas (ProjectivePoint.swift), so there is no
// exceptional case to reason about, the identity included.

@usableFromInline package struct GeneratorComb<C: WeierstrassCurve>: Sendable {
    /// entries[8·i + (j − 1)] = j·16^i·G.
    @usableFromInline package let entries: [AffinePoint<C>]

    @usableFromInline static var entriesPerWindow: Int { 8 }

    /// Builds the table (8 projective additions per window and one shared inversion). The curve module
    /// keeps the result in a global, built once at first use; Swift initializes globals thread-safely.
    @inlinable
    package static func build() -> GeneratorComb {
        let windows = 2 * C.byteCount + 1                          // two per byte, one for the last carry
        var projective: [ProjectivePoint<C>] = []
        projective.reserveCapacity(windows * entriesPerWindow)
        var base = ProjectivePoint<C>(C.generator)                 // 16^i·G
        for _ in 0..<windows {
            var multiple = base
            projective.append(multiple)
            for _ in 2...entriesPerWindow {
                multiple = multiple.adding(base)
                projective.append(multiple)
            }
            base = multiple.doubled()                              // 16^(i+1)·G = 2·(8·16^i·G)
        }
        return GeneratorComb(entries: normalize(projective))
    }

    @inlinable
    init(entries: [AffinePoint<C>]) {
        self.entries = entries
    }

    /// Affine forms of projective points (none the identity), with one inversion for all (Montgomery's
    /// trick: invert the product, then peel off each factor). For tables of public points.
    @inlinable
    package static func normalize(_ points: [ProjectivePoint<C>]) -> [AffinePoint<C>] {
        withInverses(count: points.count, of: { points[$0].z }, invert: { $0.inverted }) { zInverses in
            points.indices.map { AffinePoint(x: points[$0].x * zInverses[$0], y: points[$0].y * zInverses[$0]) }
        }
    }

    /// k·G for a scalar given as its `byteCount` big-endian bytes (k < n). Constant-time in k.
    @inlinable
    package func multiply(bigEndianScalar k: [UInt8]) -> ProjectivePoint<C> {
        var result = ProjectivePoint<C>.identity
        var carry: UInt64 = 0
        var window = 0
        entries.withUnsafeBufferPointer { table in
            // A `repeat` loop (k is never empty): no zero-trip test before it for the branch audit to flag.
            var byteIndex = k.count &- 1
            repeat {
                let byte = UInt64(k[byteIndex])
                carry = add(digit: byte & 0xf, carry: carry, window: window, table: table, to: &result)
                carry = add(digit: byte >> 4, carry: carry, window: window &+ 1, table: table, to: &result)
                window &+= 2
                byteIndex &-= 1
            } while byteIndex >= 0
            _ = add(digit: 0, carry: carry, window: window, table: table, to: &result)
        }
        return result
    }

    /// Recodes one radix-16 digit v = nibble + carry (0…16) as d ∈ [−8, 8] with carry out (v > 8: d = v − 16,
    /// carry 1), and adds sign(d)·table[window][|d|] to `result` unless d = 0. Returns the carry out.
    @inlinable
    func add(digit nibble: UInt64, carry: UInt64, window: Int, table: UnsafeBufferPointer<AffinePoint<C>>,
             to result: inout ProjectivePoint<C>) -> UInt64 {
        let value = nibble &+ carry                                // 0…16
        let carryOut = (8 &- value) >> 63                          // 1 when value > 8
        let negative = 0 &- carryOut                               // mask
        let magnitude = (value & ~negative) | ((16 &- value) & negative)   // |d|, 0…8
        var entry = AffinePoint<C>(x: .zero, y: .zero)
        let base = window &* Self.entriesPerWindow
        for j in 0..<Self.entriesPerWindow {
            let hit = Self.equalMask(UInt64(j &+ 1), magnitude)
            entry = .select(hit, table[base &+ j], entry)
        }
        entry = .select(negative, entry.negated, entry)
        let sum = result.adding(entry)
        result = .select(Self.equalMask(magnitude, 0), result, sum)
        return carryOut
    }

    /// All ones if a = b. Branch-free.
    @inlinable
    static func equalMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let difference = a ^ b
        return ((difference | (0 &- difference)) >> 63) &- 1
    }
}
