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
// whose result is discarded by mask; and the sum is a Jacobian point to which each entry is added by a
// branch-free incomplete mixed addition, whose exceptional cases are proved impossible for every k (see
// `generatorMultiplied(by:)`) apart from the point at infinity, which is tracked by mask. (BoringSSL's and
// Go's fixed-base code make the same argument.)

import PureECDSA

/// A point in affine coordinates (Montgomery-form field elements); never the identity.
@usableFromInline
struct AffinePoint: Sendable {
    var x, y: FieldElement

    static func select(_ mask: UInt64, _ a: AffinePoint, _ b: AffinePoint) -> AffinePoint {
        AffinePoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y))
    }
}

extension AffinePoint {
    /// Entry `magnitude` (1…16) of window `window` of the generator table, or (0, 0) for magnitude 0 (a
    /// zero digit, whose addition the caller discards). Constant-time: all 16 entries are read, each ANDed
    /// with its mask (all ones for the wanted entry, zero for the others) and ORed into the result — as
    /// 4-word vectors, which LLVM keeps in SSE registers (two `pand` and two `por` per coordinate).
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<AffinePoint>, window: Int, magnitude: UInt64) -> AffinePoint {
        let entries = UnsafeRawPointer(table.baseAddress!) + window &* generatorEntries &* MemoryLayout<AffinePoint>.stride
        var x = SIMD4<UInt64>(), y = SIMD4<UInt64>()
        for j in 0..<generatorEntries {
            let mask = SIMD4<UInt64>(repeating: valueBarrier(equalityMask(UInt64(j &+ 1), magnitude)))
            let entry = entries + j &* MemoryLayout<AffinePoint>.stride
            x |= entry.loadUnaligned(as: SIMD4<UInt64>.self) & mask
            y |= entry.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt64>.self) & mask
        }
        return AffinePoint(x: FieldElement(montgomery: U256(x[0], x[1], x[2], x[3])),
                           y: FieldElement(montgomery: U256(y[0], y[1], y[2], y[3])))
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

/// Affine forms of projective points (none the identity), with one inversion for all (`withInverses`,
/// PureECDSA): the constant-time one, as these tables are built once from G.
func normalize(_ points: [ProjectivePoint]) -> [AffinePoint] {
    withInverses(count: points.count, of: { points[$0].z }, invert: { $0.inverted }) { zInverses in
        points.indices.map { AffinePoint(x: points[$0].x * zInverses[$0], y: points[$0].y * zInverses[$0]) }
    }
}

extension JacobianPoint {
    /// madd-2004-hmv (8M + 3S, 7 field additions) without its exception branches: P + Q for a Jacobian P
    /// and an affine Q, **valid only when P is not the point at infinity and P ≠ ±Q**. Constant-time (no
    /// branches, no data-dependent memory access); on an excluded input it returns a wrong point without
    /// trapping. Its one caller, `generatorMultiplied(by:)`, proves that the exclusions cannot occur and
    /// masks out the infinity case itself. Against the complete mixed addition (RCB Algorithm 5: 11M, two
    /// multiplications by b and 23 additions) this saves a quarter of k·G. Kept out of line so that
    /// scripts/audit-branches.sh finds it in the binary and checks it has no conditional jump.
    /// (The formulas are `uncheckedMixedSum`'s, JacobianLadder.swift, which the ECDH ladder shares.)
    @inline(never)
    func addingDistinct(_ q: AffinePoint) -> JacobianPoint {
        uncheckedMixedSum(q).sum
    }

    @usableFromInline @inline(__always)
    static func select(_ mask: UInt64, _ a: JacobianPoint, _ b: JacobianPoint) -> JacobianPoint {
        JacobianPoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y), z: .select(mask, a.z, b.z))
    }
}

extension ProjectivePoint {
    /// k·G in constant time from the precomputed table, for any 256-bit k (the identity for k ≡ 0 mod n).
    /// What may leak: nothing about k.
    ///
    /// The sum is kept in Jacobian coordinates and each window adds its entry with the incomplete
    /// `addingDistinct`. Why its exclusions cannot occur: after windows 0…i−1 the sum is A·G with
    /// A = Σ_{j<i} d_j·32^j, an integer with |A| ≤ 16·(32^i − 1)/31 < 32^i/1.9, and window i adds E·G with
    /// E = d_i·32^i, 32^i ≤ |E| ≤ 16·32^i (d_i = 0 adds nothing: masked below).
    /// - A·G is the point at infinity only if A ≡ 0 (mod n); |A| < n, so only if A = 0, i.e. every earlier
    ///   digit was zero. That is tracked by the mask `sumIsInfinity`, and the entry is taken as the sum.
    /// - For i ≤ 50, |A ∓ E| ≤ 16.6·2^250 < n, so A ≡ ±E (mod n) would need A = ±E as integers, but
    ///   |A| < |E|.
    /// - For i = 51 (bits 255…259 of k; only bit 255 exists) d_51 = k₂₅₅ + carry ∈ {1, 2}. A ≡ E would need
    ///   A − E ∈ (−2.6·2^255, −0.4·2^255) to be −n ≈ −2^256, so E = 2^256 (d = 2, which takes a carry, so
    ///   A = (k mod 2^255) − 2^255 < 0) and A = 2^256 − n > 0: contradiction. A ≡ −E means k = A + E ≡ 0:
    ///   then h = 0 makes Z = 0, the point at infinity, which is the right answer.
    /// The tests run the recoding edges, k near n, 2^255 and 2^256, against the plain multiplication.
    static func generatorMultiplied(by k: U256) -> ProjectivePoint {
        generatorTable.withUnsafeBufferPointer { table in
            var sum = JacobianPoint(x: .one, y: .one, z: .zero)
            var sumIsInfinity: UInt64 = ~0
            var carry: UInt64 = 0
            for window in 0..<generatorWindows {
                // Recode: d = (5 bits of k) + carry ∈ [0, 32]; above 16 it becomes d − 32 with a carry of 1.
                let d = k.bits(at: 5 &* window, count: 5) &+ carry
                let negative = (16 &- d) >> 63                         // d > 16
                let negativeMask = 0 &- negative
                let magnitude = (d & ~negativeMask) | ((32 &- d) & negativeMask)
                carry = negative
                var chosen = AffinePoint.lookup(table, window: window, magnitude: magnitude)
                chosen.y = .select(negativeMask, -chosen.y, chosen.y)
                // Window 0 adds to the point at infinity: its sum is the entry (a branch on the window
                // index, which is public).
                let entry = JacobianPoint(chosen)
                let added = window == 0 ? entry : JacobianPoint.select(sumIsInfinity, entry, sum.addingDistinct(chosen))
                let digitIsZero = equalityMask(magnitude, 0)
                sum = .select(digitIsZero, sum, added)
                sumIsInfinity &= digitIsZero
            }
            // (X : Y : Z) Jacobian is (X·Z : Y : Z³) projective; Z = 0 stays the identity.
            let zSquared = sum.z.squared
            return ProjectivePoint(x: sum.x * sum.z, y: sum.y, z: zSquared * sum.z)
        }
    }
}
