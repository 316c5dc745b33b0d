// Fixed-base scalar multiplication k·G with a precomputed table and signed 5-bit digits: k is recoded as
// Σ_i d_i·32^i with d_i ∈ [−16, 16] (52 digits cover 260 bits), and the table holds the affine points
// j·32^i·G for j = 1…16. Then k·G = Σ_i sign(d_i)·table[i][|d_i|], 52 mixed additions and no doublings,
// instead of 256 doublings and 64 additions. (The signed digits are the idea of Booth recoding, as in
// BoringSSL's and Go's P-256: a 5-bit window for the price of a 16-entry table.)
//
// The table (832 affine points, 53,248 bytes) is built once, at first use, and kept in a global: building
// takes under a millisecond (832 projective additions, then one shared inversion by Montgomery's trick),
// which is cheaper than committing a 53 KB generated source file and lets the tests check it against the
// plain multiplication. Swift initializes globals once, thread-safely.
//
// Constant-time: the recoding is branch-free arithmetic on masks; every one of the 16 entries of a window
// is read and selected by mask; the sign is applied by a masked negation; a zero digit adds a dummy entry
// whose result is discarded by mask; and the mixed addition formula is complete for any projective input.

/// A point in affine coordinates (Montgomery-form field elements); never the identity.
@usableFromInline
struct AffinePoint: Sendable {
    var x, y: FieldElement

    static func select(_ mask: UInt64, _ a: AffinePoint, _ b: AffinePoint) -> AffinePoint {
        AffinePoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y))
    }
}

/// Signed digits per scalar and entries per digit position.
let generatorWindows = 52
let generatorEntries = 16

/// table[16·i + (j − 1)] = j·32^i·G.
let generatorTable: [AffinePoint] = {
    var projective: [ProjectivePoint] = []
    projective.reserveCapacity(generatorWindows * generatorEntries)
    var base = ProjectivePoint.generator                   // 32^i·G
    for _ in 0..<generatorWindows {
        var multiple = base
        projective.append(multiple)
        for _ in 2...generatorEntries {
            multiple = multiple.adding(base)
            projective.append(multiple)
        }
        base = multiple.doubled()                          // 32·(32^i·G) = 2·(16·32^i·G)
    }
    return normalize(projective)
}()

/// Affine forms of projective points (none the identity), with one inversion for all of them.
func normalize(_ points: [ProjectivePoint]) -> [AffinePoint] {
    // prefix[i] = z0·z1·…·zi
    var prefix = [FieldElement](repeating: .one, count: points.count)
    var running = FieldElement.one
    for (index, point) in points.enumerated() {
        running = running * point.z
        prefix[index] = running
    }
    var inverse = running.inverted                           // (z0·…·z_last)⁻¹
    var result = [AffinePoint](repeating: AffinePoint(x: .zero, y: .zero), count: points.count)
    var index = points.count - 1
    while index >= 0 {
        let zInverse = index > 0 ? inverse * prefix[index - 1] : inverse
        inverse = inverse * points[index].z
        result[index] = AffinePoint(x: points[index].x * zInverse, y: points[index].y * zInverse)
        index -= 1
    }
    return result
}

extension ProjectivePoint {
    /// RCB Algorithm 5 (a = −3): P + Q for projective P and affine Q (Q is never the identity).
    func adding(_ q: AffinePoint) -> ProjectivePoint {
        let b = FieldElement.b
        var t0 = x * q.x                    // 1
        var t1 = y * q.y                    // 2
        var t3 = q.x + q.y                  // 3
        var t4 = x + y                      // 4
        t3 = t3 * t4                        // 5
        t4 = t0 + t1                        // 6
        t3 = t3 - t4                        // 7
        t4 = q.y * z                        // 8
        t4 = t4 + y                         // 9
        var y3 = q.x * z                    // 10
        y3 = y3 + x                         // 11
        var z3 = b * z                      // 12
        var x3 = y3 - z3                    // 13
        z3 = x3.doubled                     // 14
        x3 = x3 + z3                        // 15
        z3 = t1 - x3                        // 16
        x3 = t1 + x3                        // 17
        y3 = b * y3                         // 18
        t1 = z.doubled                      // 19
        let t2 = t1 + z                     // 20
        y3 = y3 - t2                        // 21
        y3 = y3 - t0                        // 22
        t1 = y3.doubled                     // 23
        y3 = t1 + y3                        // 24
        t1 = t0.doubled                     // 25
        t0 = t1 + t0                        // 26
        t0 = t0 - t2                        // 27
        t1 = t4 * y3                        // 28
        let t2b = t0 * y3                   // 29
        y3 = x3 * z3                        // 30
        y3 = y3 + t2b                       // 31
        x3 = t3 * x3                        // 32
        x3 = x3 - t1                        // 33
        z3 = t4 * z3                        // 34
        t1 = t3 * t0                        // 35
        z3 = z3 + t1                        // 36
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// k·G in constant time from the precomputed table, for any 256-bit k. What may leak: nothing about k.
    static func generatorMultiplied(by k: U256) -> ProjectivePoint {
        generatorTable.withUnsafeBufferPointer { table in
            var result = ProjectivePoint.identity
            var carry: UInt64 = 0
            for window in 0..<generatorWindows {
                // Recode: d = (5 bits of k) + carry ∈ [0, 32]; above 16 it becomes d − 32 with a carry of 1.
                let d = k.bits(at: 5 &* window, count: 5) &+ carry
                let negative = (16 &- d) >> 63                         // d > 16
                let negativeMask = 0 &- negative
                let magnitude = (d & ~negativeMask) | ((32 &- d) & negativeMask)
                carry = negative
                var chosen = table[window &* generatorEntries]
                for j in 2...generatorEntries {
                    chosen = .select(equalityMask(UInt64(j), magnitude), table[window &* generatorEntries &+ j &- 1], chosen)
                }
                chosen.y = .select(negativeMask, -chosen.y, chosen.y)
                // The first window adds to the identity: the sum is the chosen point itself (a branch on
                // the window index, which is public).
                let sum = window == 0 ? ProjectivePoint(x: chosen.x, y: chosen.y, z: .one) : result.adding(chosen)
                result = .select(equalityMask(magnitude, 0), result, sum)
            }
            return result
        }
    }
}
