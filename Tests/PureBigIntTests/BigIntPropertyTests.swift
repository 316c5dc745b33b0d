// Algebraic properties on deterministic random operands of 1 to 8,192 bits, and edge cases.

@testable import PureBigInt
import Testing
import TestSupport

private func random(bits: Int, _ generator: inout SplitMix64) -> BigUInt {
    guard bits > 0 else { return BigUInt() }
    let limbs = (0..<((bits + 63) / 64)).map { _ in generator.next() }
    // Exactly `bits` wide: the top bit is set.
    return BigUInt(limbs: limbs) >> (limbs.count * 64 - bits) | BigUInt(1) << (bits - 1)
}

@Suite("PureBigInt properties")
struct BigIntPropertyTests {
    @Test("ring and division identities on random operands of 1–8192 bits")
    func identities() {
        var generator = SplitMix64(seed: 8192)
        var checked = 0
        for round in 0..<400 {
            let aBits = Int(generator.next() % 8192) + 1
            let bBits = round % 4 == 0 ? aBits : Int(generator.next() % UInt64(aBits)) + 1
            let a = random(bits: aBits, &generator), b = random(bits: bBits, &generator)
            guard !b.isZero else { continue }
            #expect((a + b) - b == a)
            #expect(a + b == b + a)
            #expect(a * b == b * a)
            #expect((a * b) / b == a)
            #expect((a * b) % b == 0)
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            #expect(q * b + r == a)
            #expect(r < b)
            let shift = Int(generator.next() % 300)
            #expect(a << shift == a * BigUInt(1) << shift)
            #expect((a << shift) >> shift == a)
            #expect(a >> shift == a / (BigUInt(1) << shift))
            #expect(BigUInt(bigEndianBytes: a.bigEndianBytes()) == a)
            #expect(a.bitWidth == aBits)
            checked += 1
        }
        #expect(checked > 350)
    }

    @Test("2^e mod m without a quotient: q·m + r = 2^e and r < m, for moduli of 2–64 limbs, shifted or not, e below and above m")
    func powerOfTwoModulo() {
        var generator = SplitMix64(seed: 2048)
        var checked = 0
        for round in 0..<150 {
            // Every fourth modulus a whole number of limbs (no normalizing shift: RSA moduli), the rest any width.
            let mBits = round % 4 == 0 ? 64 * (Int(generator.next() % 63) + 2) : Int(generator.next() % 4000) + 65
            let m = random(bits: mBits, &generator)
            let e = Int(generator.next() % UInt64(2 * mBits + 200))
            let r = BigUInt.powerOfTwo(e, modulo: m)
            let twoToE = BigUInt(1) << e
            let q = twoToE / m
            #expect(q * m + r == twoToE, "2^\(e) mod a \(mBits)-bit modulus")
            #expect(r < m)
            // `%` now takes the remainder-only path: the same identity with an arbitrary dividend.
            let a = random(bits: Int(generator.next() % 8000) + 1, &generator)
            #expect((a / m) * m + a % m == a)
            #expect(a % m < m)
            checked += 1
        }
        #expect(checked == 150)
    }

    @Test("Karatsuba agrees with schoolbook on large, unbalanced operands")
    func largeProducts() {
        var generator = SplitMix64(seed: 4096)
        for (aBits, bBits) in [(8192, 8192), (8192, 2600), (6000, 2561), (2560, 2560), (2561, 2561), (8192, 64)] {
            let a = random(bits: aBits, &generator), b = random(bits: bBits, &generator)
            let c = random(bits: 100, &generator)
            // Distributivity ties products of different shapes together.
            #expect(a * (b + c) == a * b + a * c)
            #expect((a * b) / a == b)
        }
    }

    @Test("edge cases: zero, one, limb boundaries, carries through every limb")
    func edges() {
        let zero = BigUInt(), one: BigUInt = 1
        let allOnes = BigUInt(limbs: [UInt64](repeating: .max, count: 32))
        #expect(zero.bitWidth == 0 && zero.description == "0" && zero.bigEndianBytes().isEmpty)
        #expect(allOnes + one == one << 2048)
        #expect((one << 2048) - one == allOnes)
        #expect(allOnes * allOnes == (one << 4096) - (one << 2049) + one)
        #expect(BigUInt(UInt64.max) + 1 == BigUInt(limbs: [0, 1]))
        #expect(BigUInt(limbs: [0, 1]) - 1 == BigUInt(UInt64.max))
        #expect(BigUInt(5).subtractingReportingOverflow(6).overflow)
        #expect(BigUInt(bigEndianBytes: [0, 0, 1, 0]) == 256)
        #expect(BigUInt(256).bigEndianBytes(length: 4) == [0, 0, 1, 0])
        #expect(BigUInt(256).bigEndianBytes(length: 1) == nil)
        #expect(BigUInt("", radix: 10) == nil)
        #expect(BigUInt("12a", radix: 10) == nil)
        #expect(BigUInt("-1", radix: 10) == nil)
        #expect(BigUInt("zz", radix: 36) == 1295)
        #expect(BigInt("-0")?.isNegative == false)
        #expect(BigInt(Int64.min).description == "-9223372036854775808")
        #expect(BigUInt(7).inverse(modulo: 1) == nil)
        #expect(BigUInt(6).inverse(modulo: 9) == nil)
        #expect(MontgomeryContext(modulus: 10) == nil)
        #expect(MontgomeryContext(modulus: 1) == nil)
        #expect(BigUInt(3).power(0, modulus: 7) == 1)
        #expect(BigUInt(3).power(5) == 243)
    }

    @Test("the binary inverse for odd moduli equals extended Euclid by division; x·x⁻¹ ≡ 1; common factors give nil")
    func binaryInverse() {
        var generator = SplitMix64(seed: 1461)
        var inverses = 0
        for bits in [2, 3, 63, 64, 65, 127, 128, 129, 521, 1024, 2048, 2049, 4096] {
            for _ in 0..<8 {
                let modulus = random(bits: bits, &generator) | 1 | (BigUInt(1) << (bits - 1))
                for x in [random(bits: bits, &generator), random(bits: bits + 70, &generator), BigUInt(1), modulus - 1, modulus + 2] {
                    let binary = x.inverse(modulo: modulus), division = x.inverseByDivision(modulo: modulus)
                    #expect(binary == division, "\(bits) bits")
                    if let binary {
                        #expect(binary < modulus && x * binary % modulus == 1 % modulus)
                        inverses += 1
                    }
                }
                // A shared factor: 3·modulus' against a multiple of 3.
                let shared = modulus * 3
                #expect(BigUInt(3 * 5).inverse(modulo: shared) == nil)
                #expect(BigUInt(0).inverse(modulo: modulus) == nil && modulus.inverse(modulo: modulus) == nil)
            }
        }
        #expect(inverses > 400)
    }

    @Test("the constant-time inverse equals extended Euclid by division; x·x⁻¹ ≡ 1; common factors, zero and oversized inputs give nil")
    func constantTimeInverse() {
        var generator = SplitMix64(seed: 2719)
        var inverses = 0
        for bits in [2, 3, 5, 62, 63, 64, 65, 124, 127, 128, 129, 190, 521, 1024, 1984, 2048, 2049, 3072, 4096] {
            for _ in 0..<6 {
                let modulus = random(bits: bits, &generator) | 1 | (BigUInt(1) << (bits - 1))
                let allOnes = (BigUInt(1) << (64 * modulus.limbs.count)) - 1   // the widest input that fits
                let inputs = [random(bits: bits, &generator), random(bits: bits + 70, &generator), BigUInt(1), BigUInt(2),
                              modulus - 1, modulus - 2, modulus + 2, allOnes, (BigUInt(1) << (bits - 1)) + 1]
                for x in inputs {
                    let constantTime = x.inverseConstantTime(oddModulus: modulus)
                    if x.limbs.count > modulus.limbs.count {
                        #expect(constantTime == nil, "\(bits) bits: an input wider than the modulus")
                        continue
                    }
                    #expect(constantTime == x.inverseByDivision(modulo: modulus), "\(bits) bits")
                    if let constantTime {
                        #expect(constantTime < modulus && x * constantTime % modulus == 1 % modulus)
                        inverses += 1
                    }
                }
                #expect(BigUInt(15).inverseConstantTime(oddModulus: modulus * 3) == nil)
                #expect(BigUInt(0).inverseConstantTime(oddModulus: modulus) == nil)
                #expect(modulus.inverseConstantTime(oddModulus: modulus) == nil)
                #expect(BigUInt(3).inverseConstantTime(oddModulus: modulus + 1) == nil, "an even modulus")
            }
        }
        #expect(BigUInt(1).inverseConstantTime(oddModulus: 1) == nil)
        #expect(inverses > 700)
    }

    @Test("random(below:) stays below the bound and covers it")
    func randomBelow() {
        var generator = SplitMix64(seed: 1)
        let bound: BigUInt = 10
        var seen = Set<BigUInt>()
        for _ in 0..<500 {
            let value = BigUInt.random(below: bound, using: &generator)
            #expect(value < bound)
            seen.insert(value)
        }
        #expect(seen.count == 10)
        let big = BigUInt(1) << 2000 + 12345
        for _ in 0..<20 { #expect(BigUInt.random(below: big, using: &generator) < big) }
    }

    @Test("Montgomery powers with small exponents (0, 1, 2, 3, 4, 65537) equal repeated multiplication")
    func smallExponents() {
        var generator = SplitMix64(seed: 65537)
        // 1024, 1536 and 2048 bits: the constant-time kernels compiled for 16, 24 and 32 limbs.
        for bits in [64, 65, 128, 1000, 1024, 1536, 2048, 3072] {
            let modulus = random(bits: bits, &generator) | 1
            guard let context = MontgomeryContext(modulus: modulus) else { Issue.record("no context"); continue }
            let base = random(bits: bits - 1, &generator)
            let square = base * base % modulus
            let fourth = square * square % modulus
            var e65537 = base
            for _ in 0..<16 { e65537 = e65537 * e65537 % modulus }
            e65537 = e65537 * base % modulus
            #expect(context.powerVartime(base, 0) == 1)
            #expect(context.powerVartime(base, 1) == base)
            #expect(context.powerVartime(base, 2) == square)
            #expect(context.powerVartime(base, 3) == square * base % modulus)
            #expect(context.powerVartime(base, 4) == fourth)
            #expect(context.powerVartime(base, 65537) == e65537)
            #expect(context.power(base, 1) == base && context.power(base, 4) == fourth)
            // A base above the modulus is reduced first.
            #expect(context.powerVartime(base + modulus, 1) == base)
        }
    }

    /// The vartime squaring (MontgomerySquaring.swift) and the constant-time one that `power` uses
    /// (MontgomeryConstantTimeSquaring.swift) have their own carry handling — row pairs, carries owed to the
    /// next pair, a doubling pass — written twice, once per carry policy. They must agree with each other
    /// and with the multiplication kernel — on random operands and on the ones whose limbs are all ones,
    /// where every carry chain runs its full length. Odd and even limb counts, and 16, 24 and 32 limbs,
    /// where the constant-time kernels are compiled for their size.
    @Test("vartime and constant-time Montgomery squaring agree with the multiplication kernel, 1–65 limbs, all-ones moduli, carries everywhere")
    func squaringCarries() {
        var generator = SplitMix64(seed: 0x5157)
        // A random odd modulus, and 2^(64·limbs) − 1, whose REDC adds all-ones rows: the carries out of
        // the top positions of each row pair (MontgomerySquaring.swift) are as large as they get there.
        let moduli = [1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 23, 24, 25, 31, 32, 33, 63, 64, 65].flatMap { limbs in
            [(limbs, random(bits: 64 * limbs, &generator) | 1), (limbs, (BigUInt(1) << (64 * limbs)) - 1)]
        }
        for (limbs, modulus) in moduli {
            guard let context = MontgomeryContext(modulus: modulus) else { Issue.record("no context"); continue }
            let allOnesLow = (BigUInt(1) << (64 * limbs - 1)) - 1     // below the modulus: its top bit is set
            let bases = [modulus - 1, modulus - 2, allOnesLow, random(bits: 64 * limbs - 1, &generator)]
            let exponents: [BigUInt] = [2, 3, 65537, random(bits: 100, &generator)]
            for base in bases {
                for exponent in exponents {
                    #expect(context.powerVartime(base, exponent) == context.power(base, exponent),
                            "\(limbs) limbs, e = \(exponent)")
                }
                // One squaring, against the schoolbook product and division.
                #expect(context.power(base, 2) == base * base % modulus, "\(limbs) limbs")
            }
        }
    }
}
