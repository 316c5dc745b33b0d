// Multiplication and squaring in GF(2^448 − 2^224 − 1), in 128-bit column sums, by one Karatsuba step on
// the halves (48 limb products for a product, 30 for a square), then one carry pass.

/// A 128-bit column sum of a product. Two implementations: Swift's `UInt128` (macOS 15 and later, and
/// Linux), and two 64-bit words for older systems; both run the same formulas, and the tests compare them.
protocol ColumnSum {
    /// a·b.
    init(_ a: UInt64, _ b: UInt64)
    /// self += a·b.
    mutating func add(_ a: UInt64, _ b: UInt64)
    /// self += other.
    mutating func add(_ other: Self)
    /// self −= other, for other ≤ self.
    mutating func subtract(_ other: Self)
    /// The low 64 bits.
    var low: UInt64 { get }
    /// self >> 56; fits in 64 bits for sums below 2^120.
    var shifted56: UInt64 { get }
}

/// `ColumnSum` as (high, low). Carries from the low word are arithmetic, never a branch.
struct TwoWordColumn: ColumnSum {
    var low: UInt64
    var high: UInt64

    @inline(__always)
    init(_ a: UInt64, _ b: UInt64) { (high, low) = a.multipliedFullWidth(by: b) }

    @inline(__always)
    mutating func add(_ a: UInt64, _ b: UInt64) {
        let (h, l) = a.multipliedFullWidth(by: b)
        let (sum, overflow) = low.addingReportingOverflow(l)
        low = sum
        high = high &+ h &+ (overflow ? 1 : 0)
    }

    @inline(__always)
    mutating func add(_ other: TwoWordColumn) {
        let (sum, overflow) = low.addingReportingOverflow(other.low)
        low = sum
        high = high &+ other.high &+ (overflow ? 1 : 0)
    }

    @inline(__always)
    mutating func subtract(_ other: TwoWordColumn) {
        let (difference, borrow) = low.subtractingReportingOverflow(other.low)
        low = difference
        high = high &- other.high &- (borrow ? 1 : 0)
    }

    @inline(__always)
    var shifted56: UInt64 { (high << 8) | (low >> 56) }
}

/// `ColumnSum` in Swift's `UInt128`, whose additions LLVM compiles to add/adc.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct NativeColumn: ColumnSum {
    var value: UInt128

    @inline(__always)
    init(_ a: UInt64, _ b: UInt64) { value = UInt128(a) &* UInt128(b) }

    @inline(__always)
    mutating func add(_ a: UInt64, _ b: UInt64) { value &+= UInt128(a) &* UInt128(b) }

    @inline(__always)
    mutating func add(_ other: NativeColumn) { value &+= other.value }

    @inline(__always)
    mutating func subtract(_ other: NativeColumn) { value &-= other.value }

    @inline(__always)
    var low: UInt64 { UInt64(truncatingIfNeeded: value) }

    @inline(__always)
    var shifted56: UInt64 { UInt64(truncatingIfNeeded: value >> 56) }
}

extension FieldElement {
    @inline(__always)
    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return product(a, b, NativeColumn.self) }
        return product(a, b, TwoWordColumn.self)
    }

    /// self².
    @inline(__always)
    var squared: FieldElement {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return Self.square(self, NativeColumn.self) }
        return Self.square(self, TwoWordColumn.self)
    }

    /// a·b by Hamburg's Karatsuba step for the golden-ratio prime. With φ = 2^224 (four limbs), p = φ² − φ − 1,
    /// so φ² ≡ φ + 1, and for a = A0 + A1·φ, b = B0 + B1·φ:
    ///
    ///     a·b ≡ (A0·B0 + A1·B1) + ((A0 + A1)·(B0 + B1) − A0·B0)·φ
    ///
    /// three 4×4-limb products (48 limb products, against 64 for the schoolbook product) of seven columns each.
    /// Column by column (A0 + A1)(B0 + B1) − A0·B0 = A0·B1 + A1·B0 + A1·B1 ≥ 0, so the subtraction never
    /// borrows. Shifted by φ, its columns 4–6 land on 8–10 and fold once more (2^(448 + 56j) ≡ 2^(56j) +
    /// 2^(56(j + 4))).
    ///
    /// Bounds, for operand limbs below A = 3·2^56 + 2^10 (A² < 2^115.2; the sums' limbs below 2A): a column
    /// of the middle product holds at most 4 products below 4A². The fullest result column, r4 = P4 + Q4 + H0
    /// + H4, sums 3A² + 3A² + 4A² + 12A² = 22A² < 2^119.7; r7 = H3 < 16A² < 2^119.2, r3 = P3 + Q3 < 8A² <
    /// 2^118.2. So every carry (r_k >> 56) is below 2^63.7, and limb 4, its own 56 bits plus r3's and r7's
    /// carries, stays below 2^56 + 2^62.2 + 2^63.2 < 2^64. `carried` then leaves loose limbs.
    static func product<Column: ColumnSum>(_ a: FieldElement, _ b: FieldElement, _: Column.Type) -> FieldElement {
        let p = product4(a.l0, a.l1, a.l2, a.l3, b.l0, b.l1, b.l2, b.l3, Column.self)
        let q = product4(a.l4, a.l5, a.l6, a.l7, b.l4, b.l5, b.l6, b.l7, Column.self)
        let s = product4(a.l0 &+ a.l4, a.l1 &+ a.l5, a.l2 &+ a.l6, a.l3 &+ a.l7,
                         b.l0 &+ b.l4, b.l1 &+ b.l5, b.l2 &+ b.l6, b.l3 &+ b.l7, Column.self)
        return combineHalves(p, q, s)
    }

    /// (P + Q) + (S − P)·φ folded and carried, for the column sums P = A0·B0, Q = A1·B1 and S = (A0 + A1)·(B0
    /// + B1) (see `product`; a square passes A0², A1² and (A0 + A1)²).
    @inline(__always)
    static func combineHalves<Column: ColumnSum>(_ p: (Column, Column, Column, Column, Column, Column, Column),
                                                 _ q: (Column, Column, Column, Column, Column, Column, Column),
                                                 _ s: (Column, Column, Column, Column, Column, Column, Column)) -> FieldElement {
        var h = s
        h.0.subtract(p.0); h.1.subtract(p.1); h.2.subtract(p.2); h.3.subtract(p.3)
        h.4.subtract(p.4); h.5.subtract(p.5); h.6.subtract(p.6)
        var r0 = p.0, r1 = p.1, r2 = p.2, r3 = p.3, r4 = p.4, r5 = p.5, r6 = p.6
        r0.add(q.0); r1.add(q.1); r2.add(q.2); r3.add(q.3)
        r4.add(q.4); r5.add(q.5); r6.add(q.6)
        r0.add(h.4); r1.add(h.5); r2.add(h.6)
        r4.add(h.0); r5.add(h.1); r6.add(h.2)
        r4.add(h.4); r5.add(h.5); r6.add(h.6)
        return carryOut(r0, r1, r2, r3, r4, r5, r6, h.3)
    }

    /// The seven column sums of a 4×4-limb product.
    @inline(__always)
    static func product4<Column: ColumnSum>(_ a0: UInt64, _ a1: UInt64, _ a2: UInt64, _ a3: UInt64,
                                            _ b0: UInt64, _ b1: UInt64, _ b2: UInt64, _ b3: UInt64,
                                            _: Column.Type) -> (Column, Column, Column, Column, Column, Column, Column) {
        let c0 = Column(a0, b0)
        var c1 = Column(a0, b1)
        c1.add(a1, b0)
        var c2 = Column(a0, b2)
        c2.add(a1, b1); c2.add(a2, b0)
        var c3 = Column(a0, b3)
        c3.add(a1, b2); c3.add(a2, b1); c3.add(a3, b0)
        var c4 = Column(a1, b3)
        c4.add(a2, b2); c4.add(a3, b1)
        var c5 = Column(a2, b3)
        c5.add(a3, b2)
        let c6 = Column(a3, b3)
        return (c0, c1, c2, c3, c4, c5, c6)
    }

    /// a², by the Karatsuba step of `product` on three 4-limb squares (30 limb products, against 36 for the
    /// schoolbook square); the same bounds hold.
    static func square<Column: ColumnSum>(_ a: FieldElement, _: Column.Type) -> FieldElement {
        let p = square4(a.l0, a.l1, a.l2, a.l3, Column.self)
        let q = square4(a.l4, a.l5, a.l6, a.l7, Column.self)
        let s = square4(a.l0 &+ a.l4, a.l1 &+ a.l5, a.l2 &+ a.l6, a.l3 &+ a.l7, Column.self)
        return combineHalves(p, q, s)
    }

    /// The seven column sums of a 4-limb square, each product of two different limbs computed once with one
    /// limb doubled (limbs below 2^59 here, so doubled below 2^60).
    @inline(__always)
    static func square4<Column: ColumnSum>(_ a0: UInt64, _ a1: UInt64, _ a2: UInt64, _ a3: UInt64,
                                           _: Column.Type) -> (Column, Column, Column, Column, Column, Column, Column) {
        let d0 = a0 &<< 1, d1 = a1 &<< 1, d2 = a2 &<< 1
        let c0 = Column(a0, a0)
        let c1 = Column(d0, a1)
        var c2 = Column(d0, a2)
        c2.add(a1, a1)
        var c3 = Column(d0, a3)
        c3.add(d1, a2)
        var c4 = Column(d1, a3)
        c4.add(a2, a2)
        let c5 = Column(d2, a3)
        let c6 = Column(a3, a3)
        return (c0, c1, c2, c3, c4, c5, c6)
    }

    /// Eight column sums (each below 2^120, limb 4's sum of three parts below 2^64, as `product` shows)
    /// carried into loose limbs: each column's bits above 56 go to the next, the top one's to limbs 0 and 4
    /// (2^448 ≡ 2^224 + 1).
    @inline(__always)
    static func carryOut<Column: ColumnSum>(_ r0: Column, _ r1: Column, _ r2: Column, _ r3: Column, _ r4: Column,
                                            _ r5: Column, _ r6: Column, _ r7: Column) -> FieldElement {
        let k0 = r0.shifted56, k1 = r1.shifted56, k2 = r2.shifted56, k3 = r3.shifted56
        let k4 = r4.shifted56, k5 = r5.shifted56, k6 = r6.shifted56, k7 = r7.shifted56
        return FieldElement((r0.low & mask56) &+ k7, (r1.low & mask56) &+ k0, (r2.low & mask56) &+ k1,
                            (r3.low & mask56) &+ k2, (r4.low & mask56) &+ k3 &+ k7, (r5.low & mask56) &+ k4,
                            (r6.low & mask56) &+ k5, (r7.low & mask56) &+ k6).carried()
    }

    /// self^(2^count), by repeated squaring.
    @inline(__always)
    func squared(times count: Int) -> FieldElement {
        var x = self
        for _ in 0..<count { x = x.squared }
        return x
    }
}
