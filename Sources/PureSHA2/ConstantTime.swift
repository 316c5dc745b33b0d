// Comparisons whose running time does not depend on the bytes compared.

/// Returns whether `lhs` and `rhs` hold the same bytes, in time that depends only on their lengths.
///
/// Every byte of the shorter length is visited and differences are OR-ed together, so the position of
/// the first difference is not revealed. The lengths themselves may leak (they are public in every use
/// here: digest and MAC sizes are fixed by the algorithm).
@usableFromInline
package func constantTimeEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in 0..<lhs.count {
        difference |= lhs[index] ^ rhs[index]
    }
    return difference == 0
}

/// `constantTimeEqual` over any two byte sequences; for small public-length values such as MACs.
@usableFromInline
package func constantTimeEqual<A: Sequence, B: Sequence>(_ lhs: A, _ rhs: B) -> Bool
where A.Element == UInt8, B.Element == UInt8 {
    let left = Array(lhs), right = Array(rhs)
    return left.withUnsafeBytes { l in right.withUnsafeBytes { r in constantTimeEqual(l, r) } }
}
