// k·P by a plain fixed 4-bit window over the complete projective formulas: the reference the tests check
// the library's two multiplications against (the fixed-base comb of GeneratorTable.swift and the wNAF
// double multiplication of DoubleScalarMultiplication.swift). It lived in the library until verification
// stopped using it; it has no other user.

@testable import PureP256

extension ProjectivePoint {
    /// k·P in constant time: a fixed 4-bit window over all 64 nibbles of k, a 16-entry table of multiples
    /// of P, every entry read and selected by mask, complete formulas throughout. What may leak: nothing
    /// about k or P beyond the fact that a multiplication happened.
    func multiplied(by k: U256) -> ProjectivePoint {
        // The table lives in stack memory (withUnsafeTemporaryAllocation): no heap allocation.
        withUnsafeTemporaryAllocation(of: ProjectivePoint.self, capacity: 16) { table in
            table.initialize(repeating: .identity)
            table[1] = self
            for i in 2..<16 { table[i] = i % 2 == 0 ? table[i / 2].doubled() : table[i - 1].adding(self) }
            var result = ProjectivePoint.identity
            var window = 63
            while window >= 0 {
                result = result.doubled().doubled().doubled().doubled()
                let digit = k.bits(at: 4 * window, count: 4)
                var chosen = ProjectivePoint.identity
                for i in 0..<16 {
                    chosen = .select(equalityMask(UInt64(i), digit), table[i], chosen)
                }
                result = result.adding(chosen)
                window -= 1
            }
            return result
        }
    }
}
