// Montgomery's trick ("Speeding the Pollard and elliptic curve methods of factorization", 1987, §10.3.1):
// the inverses of n field elements for one inversion and 3(n − 1) multiplications. Every table of points
// made affine goes through here — P-256's generator table and its per-call tables of the peer's point (in
// ECDH) or of Q (in verification), and the generic tables of P-384 and P-521 — so the trick is written once.
//
// The output buffer doubles as the scratch space of the prefix products, so no third buffer is needed:
// first inverses[i] = v₀·…·v_{i−1}; then, walking back from the inverse of the whole product,
// inverses[i] = (v₀·…·v_i)⁻¹ · (v₀·…·v_{i−1}) and the running inverse drops v_i. `withInverses` is the
// form the point tables use: it gathers the Z's and holds both buffers in one temporary allocation.

/// What the batch inversion needs of a field element: one, and products. Every curve's field element has
/// these (PureECDSA's `ECFieldElement` refines it; PureP256's field conforms on its own).
@usableFromInline package protocol FieldProducts {
    static var one: Self { get }
    static func * (a: Self, b: Self) -> Self
}

/// Writes 1/values[i] to inverses[i] for every i, with the single inversion done by `invert`: the
/// constant-time one, or the variable-time one for public values. The two buffers have the same count and
/// do not overlap; `inverses` may be uninitialized (its element type is trivial). No value may be zero: a
/// zero makes every output zero (the product is zero, and so is its inverse), which the callers exclude
/// by construction (no table entry is the point at infinity). Constant-time when `invert` is: the work
/// depends only on the count.
@inlinable
package func invertAll<F: FieldProducts>(_ values: UnsafeBufferPointer<F>, into inverses: UnsafeMutableBufferPointer<F>,
                                         invert: (F) -> F) {
    precondition(values.count == inverses.count, "invertAll: buffers of different counts")
    guard let first = inverses.baseAddress, !values.isEmpty else { return }
    var running = F.one
    for index in values.indices {
        (first + index).initialize(to: running)          // v₀·…·v_{index−1}
        running = running * values[index]
    }
    var inverse = invert(running)                         // (v₀·…·v_last)⁻¹
    var index = values.count - 1
    while index > 0 {
        inverses[index] = inverse * inverses[index]       // (v₀·…·v_index)⁻¹ · (v₀·…·v_{index−1})
        inverse = inverse * values[index]                 // (v₀·…·v_{index−1})⁻¹
        index -= 1
    }
    inverses[0] = inverse
}

/// Calls `body` with the inverses of `count` values (`value(i)` for i = 0 ..< count, none zero), computed
/// by `invertAll` in one temporary allocation (on the stack where it fits).
@inlinable
package func withInverses<F: FieldProducts, Result>(count: Int, of value: (Int) -> F, invert: (F) -> F,
                                                    _ body: (UnsafeBufferPointer<F>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: F.self, capacity: 2 * count) { buffer in
        let values = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        let inverses = UnsafeMutableBufferPointer(rebasing: buffer[count...])
        for index in 0..<count { values.initializeElement(at: index, to: value(index)) }
        invertAll(UnsafeBufferPointer(values), into: inverses, invert: invert)
        return body(UnsafeBufferPointer(inverses))
    }
}
