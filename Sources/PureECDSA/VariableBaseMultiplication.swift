// Constant-time variable-base scalar multiplication k·P, for ECDH (SP 800-56A §5.7.1.2): P is the peer's
// validated public point, k our private scalar in [1, n − 1]. Fixed windows of signed radix-16 digits,
// k = Σ_i d_i·16^i with d_i ∈ [−8, 8] (the recoding GeneratorComb.swift uses), from the most significant
// digit down: four doublings, then the addition of sign(d_i)·|d_i|·P from a table of 1·P … 8·P. P is
// public, so the table may be built and normalized to affine form with variable-time formulas and one
// variable-time inversion (the generic curves' conformance below does): each addition is then a mixed one.
//
// The points are Jacobian, whose doubling (3M + 5S for a = −3, 2M + 5S for a = 0) is much cheaper than
// the complete projective one (8M + 3S and two multiplications by b for a = −3), and whose addition has
// exceptional cases. Each is dealt with by mask or ruled out, for every k in [1, n − 1]:
// - a zero digit: its addition is computed and discarded by mask (`skip`);
// - the running sum at infinity (all digits so far zero, or the sum a multiple of n): the entry is taken
//   by mask;
// - the sum equal to the negated entry: the formulas give Z₃ = 0, the point at infinity, which is right;
// - the sum equal to the entry (the addition would have to double): impossible before the last window.
//   Write V_i = Σ_{j≥i} d_j·16^(j−i), so V_0 = k and V_i = 16·V_(i+1) + d_i. From |Σ_{j<i} d_j·16^j| <
//   0.54·16^i, 0 ≤ V_i ≤ k/16^i + 0.54. Window i adds d_i·P to 16·V_(i+1)·P; they are equal iff 16·V_(i+1)
//   ≡ d_i (mod n). For i ≥ 1, 0 ≤ 16·V_(i+1) ≤ k/16^i + 8.6 < n − 8, so only 16·V_(i+1) = d_i could
//   hold, and 16·V_(i+1) is a multiple of 16 while 0 < |d_i| ≤ 8. In the last window (i = 0), k ∈
//   [n − 16, n − 2] can reach it, so there the doubling is computed too and selected by mask.
// Constant-time in k: the recoding is branch-free arithmetic on masks; every table entry is read and
// combined by mask; the sign is a masked negation; the loop runs 2·byteCount + 1 windows whatever k is,
// and the last window's extra doubling is chosen by the window's position, not by k. What may leak:
// nothing about k; P is public (the table of its multiples is built with variable-time formulas).

/// A point type the ladder runs on: constant-time doubling and masked addition of a table entry.
/// PureECDSA's generic `JacobianPoint` and P-256's own conform.
@usableFromInline package protocol LadderPoint: Sendable {
    /// What the table holds (the point type itself, or a form with precomputed values).
    associatedtype Entry: Sendable
    /// The point at infinity.
    static var identity: Self { get }
    /// 2P for any P, the point at infinity included. Constant-time.
    func doubledConstantTime() -> Self
    /// `skip` all ones: self. Otherwise self + entry, with self at infinity handled by mask. Self equal to
    /// the entry gives a wrong point: callers prove it cannot happen. Constant-time.
    func addingConstantTime(_ entry: Entry, skip: UInt64) -> Self
    /// `addingConstantTime`, and self equal to the entry handled too (a doubling, computed every time and
    /// selected by mask). Constant-time.
    func addingConstantTimeAllowingEqual(_ entry: Entry, skip: UInt64) -> Self
    /// 1·P, 2·P, …, 8·P for a public P of prime order. May be variable-time.
    func multiplesTable() -> [Entry]
    /// −entry. Constant-time.
    static func negated(_ entry: Entry) -> Entry
    /// `mask` all ones: `a`; all zeros: `b`. Constant-time.
    static func select(_ mask: UInt64, _ a: Entry, _ b: Entry) -> Entry
}

/// Entries of the multiplication's table: 1·P, …, 8·P.
@usableFromInline let variableBaseTableSize = 8

extension LadderPoint {
    /// k·P for k in [1, n − 1] given as big-endian bytes, P a validated point of prime order n.
    /// Constant-time in k.
    @inlinable
    package func multipliedConstantTime(bigEndianScalar k: [UInt8]) -> Self {
        let table = multiplesTable()
        let digits = SignedRadix16Digits(bigEndianScalar: k)
        return table.withUnsafeBufferPointer { table in
            Self.ladder(table: table, digits: digits)
        }
    }

    /// The windows, most significant first. Kept out of line, so the branch audit finds it: its only
    /// conditional jumps are the loops' back-edges (public trip counts).
    @inlinable @inline(never)
    static func ladder(table: UnsafeBufferPointer<Entry>, digits: SignedRadix16Digits) -> Self {
        var result = Self.identity
        var index = digits.magnitudes.count &- 1
        repeat {
            result = result.doubledConstantTime().doubledConstantTime().doubledConstantTime().doubledConstantTime()
            let (entry, skip) = lookup(table, digits, index)
            result = result.addingConstantTime(entry, skip: skip)
            index &-= 1
        } while index > 0
        result = result.doubledConstantTime().doubledConstantTime().doubledConstantTime().doubledConstantTime()
        let (entry, skip) = lookup(table, digits, 0)
        return result.addingConstantTimeAllowingEqual(entry, skip: skip)
    }

    /// sign·table[|d| − 1] for digit `index`, reading all eight entries, and the mask of d = 0.
    @inlinable @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<Entry>, _ digits: SignedRadix16Digits, _ index: Int) -> (Entry, UInt64) {
        let magnitude = digits.magnitudes[index]
        var entry = table[0]
        var j = 1
        repeat {
            entry = select(equalMask(UInt64(truncatingIfNeeded: j &+ 1), magnitude), table[j], entry)
            j &+= 1
        } while j < variableBaseTableSize
        return (select(digits.negativeMasks[index], negated(entry), entry), equalMask(magnitude, 0))
    }

    /// All ones if a = b. Branch-free.
    @inlinable @inline(__always)
    static func equalMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let difference = valueBarrier(a ^ b)
        return ((difference | (0 &- difference)) >> 63) &- 1
    }
}

/// A scalar's signed radix-16 digits, least significant first: magnitudes 0…8 and sign masks. A secret.
@usableFromInline package struct SignedRadix16Digits {
    @usableFromInline var magnitudes: [UInt64]
    @usableFromInline var negativeMasks: [UInt64]

    /// Two digits per byte and one for the last carry (see `recode`).
    @inlinable
    init(bigEndianScalar k: [UInt8]) {
        var magnitudes = [UInt64](repeating: 0, count: 2 &* k.count &+ 1)
        var negativeMasks = [UInt64](repeating: 0, count: 2 &* k.count &+ 1)
        k.withUnsafeBufferPointer { bytes in
            magnitudes.withUnsafeMutableBufferPointer { magnitudes in
                negativeMasks.withUnsafeMutableBufferPointer { negativeMasks in
                    Self.recode(bytes, magnitudes: magnitudes, negativeMasks: negativeMasks)
                }
            }
        }
        self.magnitudes = magnitudes
        self.negativeMasks = negativeMasks
    }

    /// Each digit v = nibble + carry (0…16) becomes d = v − 16 with a carry out when v > 8, so
    /// Σ d_i·16^i = k. A `repeat` loop over the bytes (k is never empty), the last digit after it, kept
    /// out of line on buffers allocated by the caller: the branch audit checks that its only jump is the
    /// loop's back-edge.
    @inlinable @inline(never)
    static func recode(_ k: UnsafeBufferPointer<UInt8>, magnitudes: UnsafeMutableBufferPointer<UInt64>,
                       negativeMasks: UnsafeMutableBufferPointer<UInt64>) {
        var carry: UInt64 = 0
        var index = 0
        @inline(__always) func digit(_ nibble: UInt64) {
            let value = nibble &+ carry
            carry = (8 &- value) >> 63                              // 1 when value > 8
            let negative = 0 &- carry
            magnitudes[index] = (value & ~negative) | ((16 &- value) & negative)
            negativeMasks[index] = negative
            index &+= 1
        }
        var byteIndex = k.count &- 1
        repeat {
            let byte = UInt64(k[byteIndex])
            digit(byte & 0xf)
            digit(byte >> 4)
            byteIndex &-= 1
        } while byteIndex >= 0
        digit(0)
    }
}

extension JacobianPoint: LadderPoint {
    /// The table is affine: P is public, so its eight multiples are normalized with one variable-time
    /// inversion, and each window's addition is a mixed one (8M + 3S instead of 12M + 4S).
    @usableFromInline package typealias Entry = AffinePoint<C>

    @inlinable
    package static var identity: JacobianPoint { .infinity }

    /// dbl-2001-b's algebra (as P-256's `doubledVartime` rearranges it) without branches: 4M + 4S and 11
    /// additions instead of 3M + 5S and 16 — an addition costs about a third of a multiplication here, and
    /// an ECDH does a doubling per scalar bit. With γ = Y² and t = 2γ: 4β = X·2t (= 4XY²), Z₃ = 2·Y·Z and
    /// 8Y⁴ = 2t². Z = 0 gives Z₃ = 0, infinity again; Y = 0 would need a point of order 2, which a
    /// prime-order curve has not.
    /// For a = 0, dbl-2009-l (JacobianPoint.swift), which has no branch either.
    @inlinable
    package func doubledConstantTime() -> JacobianPoint {
        if case .zero = C.coefficientA { return doubledA0() }
        let delta = z.squared
        let t = y.squared + y.squared                        // 2Y²
        let fourYSquared = t + t
        let beta4 = x * fourYSquared                         // 4XY²
        let difference = (x - delta) * (x + delta)
        let alpha = difference + difference + difference     // 3(X − Z²)(X + Z²)
        let x3 = alpha.squared - (beta4 + beta4)
        let yz = y * z
        let tSquared = t.squared                             // 4Y⁴
        let y3 = alpha * (beta4 - x3) - (tSquared + tSquared)
        return JacobianPoint(x: x3, y: y3, z: yz + yz)
    }

    /// madd-2004-hmv (8M + 3S and 7 additions; madd-2007-bl's 7M + 4S needs 11, and an addition costs
    /// about a third of a multiplication here) without branches; self at infinity and a zero digit by mask.
    @inlinable
    package func addingConstantTime(_ q: AffinePoint<C>, skip: UInt64) -> JacobianPoint {
        let (sum, _) = uncheckedMixedSum(q)
        return .select(skip, self, .select(z.isZeroMask, JacobianPoint(q), sum))
    }

    @inlinable
    package func addingConstantTimeAllowingEqual(_ q: AffinePoint<C>, skip: UInt64) -> JacobianPoint {
        let (sum, equal) = uncheckedMixedSum(q)
        let sumOrDouble = JacobianPoint.select(equal, doubledConstantTime(), sum)
        return .select(skip, self, .select(z.isZeroMask, JacobianPoint(q), sumOrDouble))
    }

    /// madd-2004-hmv's formulas alone, and the mask of self = q (H = 0 and R = 0), where they give Z₃ = 0
    /// instead of 2·self. For self = −q (H = 0, R ≠ 0) Z₃ = Z·H = 0 is right: the point at infinity.
    @inlinable @inline(__always)
    func uncheckedMixedSum(_ q: AffinePoint<C>) -> (JacobianPoint, equal: UInt64) {
        let z1z1 = z.squared
        let u2 = q.x * z1z1
        let s2 = q.y * z * z1z1
        let h = u2 - x
        let r = s2 - y
        let hh = h.squared
        let hhh = h * hh
        let v = x * hh
        let x3 = r.squared - hhh - (v + v)
        let y3 = r * (v - x3) - y * hhh
        return (JacobianPoint(x: x3, y: y3, z: z * h), h.isZeroMask & r.isZeroMask)
    }

    @inlinable
    package func multiplesTable() -> [AffinePoint<C>] {
        var table = [self]
        table.reserveCapacity(variableBaseTableSize)
        while table.count < variableBaseTableSize {
            table.append(table.count & 1 == 1 ? table[table.count >> 1].doubled() : table[table.count - 1].adding(self))
        }
        return JacobianPoint.normalizeVartime(table)
    }

    @inlinable
    package static func negated(_ entry: AffinePoint<C>) -> AffinePoint<C> { entry.negated }

    @inlinable
    package static func select(_ mask: UInt64, _ a: AffinePoint<C>, _ b: AffinePoint<C>) -> AffinePoint<C> {
        AffinePoint.select(mask, a, b)
    }

    @inlinable
    package static func select(_ mask: UInt64, _ a: JacobianPoint, _ b: JacobianPoint) -> JacobianPoint {
        JacobianPoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y), z: .select(mask, a.z, b.z))
    }

    /// The affine x-coordinate, `byteCount` bytes; nil at infinity (a public outcome). Constant-time
    /// inversion.
    @inlinable
    package var affineXBytes: [UInt8]? {
        guard z.isZeroMask == 0 else { return nil }
        return (x * z.inverted.squared).canonicalBigEndianBytes
    }
}
