// The twelve lines CCTV's field-operation hash writes for one r ∈ Zq (Vectors/cctv_accumulated_README.md):
// r mod± q, its absolute value, Power2Round's r₁ and r₀ mod q, then HighBits, UseHint(1, ·), LowBits and
// |LowBits| for γ₂ = (q − 1)/88 and again for (q − 1)/32. scripts/known-answer-loops/MLDSAAccumulated.swift
// writes the same lines for every r.

@_spi(KnownAnswers) import PureMLDSA

enum MLDSAFieldLines {
    static func lines(for r: Int32) -> [String] {
        typealias F = MLDSAFieldOperations
        let centred = F.centred(r)
        let (high, low) = F.power2Round(r)
        var lines = [String(centred), String(abs(centred)), String(high), String(low < 0 ? low + F.modulus : low)]
        for mldsa44 in [true, false] {
            let (highBits, lowBits) = F.decompose(r, mldsa44: mldsa44)
            lines += [String(highBits), String(F.useHint(1, r, mldsa44: mldsa44)), String(lowBits), String(abs(lowBits))]
        }
        return lines
    }
}
