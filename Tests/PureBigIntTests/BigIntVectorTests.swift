// Results of big-integer operations against Python's integers (Vectors/bigint_vectors.json, made by
// Vectors/generate_bigint_vectors.py): operands of 1 to 8,192 bits, including all-ones values whose carries
// ripple through every limb and single-bit values on limb boundaries.

import PureBigInt
import Testing
import TestSupport

struct Vectors: Decodable {
    struct Arithmetic: Decodable, Sendable {
        let a, b, sum, difference, product, quotient, remainder: String
        let shift: Int
        let left, right, and, or, xor, gcd, decimal, base36, base7: String
    }
    struct Modular: Decodable, Sendable {
        let modulus, base, exponent, power, x: String
        let inverse: String?
    }
    struct Signed: Decodable, Sendable {
        let a, b, sum, difference, product, quotient, remainder: String
        let shift: Int
        let right, left, and, or, xor, not: String
    }
    struct Product: Decodable, Sendable {
        let a, b, product: String
    }
    struct Scaled: Decodable, Sendable {
        let modulus, base, exponent, scaledPower, scaledPowerVectorKernels, a, b, small, multiplyAddReduced: String
        let smallLimbs: Int
    }
    let arithmetic: [Arithmetic]
    let modular: [Modular]
    let signed: [Signed]
    let products: [Product]
    let scaled: [Scaled]
}

private let vectors = try? VectorFiles.json(Vectors.self, "bigint_vectors.json")

private func hex(_ text: String) -> BigUInt {
    BigUInt(text, radix: 16)!
}

/// A modular case with a modulus of 3072 bits or more and an exponent of over 2048 bits.
private func runsOnReleaseBuildOnly(_ v: Vectors.Modular) -> Bool {
    hex(v.modulus).bitWidth >= 3072 && hex(v.exponent).bitWidth > 2048
}

@Suite("PureBigInt against Python's integers")
struct BigIntVectorTests {
    @Test("every vector case ran")
    func counts() {
        #expect(vectors?.arithmetic.count == 88)
        #expect(vectors?.modular.count == 34)   // 27, then 7 at the sliding window's thresholds
        #expect(vectors?.modular.filter(runsOnReleaseBuildOnly).count == 5)   // 3072- and 4096-bit: release run
        #expect(vectors?.signed.count == 60)
        #expect(vectors?.products.count == 28)
        #expect(vectors?.scaled.count == 36)
    }

    @Test("powers without entering Montgomery form, and the j-round reduction (RSA verification's arithmetic)",
          arguments: vectors?.scaled ?? [])
    func scaled(_ v: Vectors.Scaled) throws {
        let context = try #require(MontgomeryContext(modulus: hex(v.modulus)))
        // R = 2^(64k), or 2^(bL) where the vector kernels run (1024- to 4096-bit moduli on x86-64).
        let expected = MontgomeryContext.usesRadix28(limbs: context.count) ? v.scaledPowerVectorKernels : v.scaledPower
        #expect(context.scaledPowerVartime(hex(v.base), hex(v.exponent)) == hex(expected))
        var small = hex(v.small).limbs
        small += [UInt64](repeating: 0, count: v.smallLimbs - small.count)
        #expect(context.multiplyAddReducedVartime(hex(v.a), small, hex(v.b)) == hex(v.multiplyAddReduced))
    }

    @Test("products of equal even limb counts (subtractive Karatsuba: every sign of the half differences)",
          arguments: vectors?.products ?? [])
    func products(_ v: Vectors.Product) {
        let a = hex(v.a), b = hex(v.b)
        #expect(a * b == hex(v.product))
        #expect(b * a == hex(v.product))
    }

    @Test("unsigned arithmetic, shifts, bitwise, gcd and text", arguments: vectors?.arithmetic ?? [])
    func arithmetic(_ v: Vectors.Arithmetic) {
        let a = hex(v.a), b = hex(v.b)
        #expect(a + b == hex(v.sum))
        #expect((a > b ? a - b : b - a) == hex(v.difference))
        #expect(a * b == hex(v.product))
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        #expect(q == hex(v.quotient))
        #expect(r == hex(v.remainder))
        #expect(a << v.shift == hex(v.left))
        #expect(a >> v.shift == hex(v.right))
        #expect(a & b == hex(v.and))
        #expect(a | b == hex(v.or))
        #expect(a ^ b == hex(v.xor))
        #expect(a.greatestCommonDivisor(with: b) == hex(v.gcd))
        #expect(a.description == v.decimal)
        #expect(BigUInt(v.decimal) == a)
        #expect(String(a, radix: 36) == v.base36)
        #expect(String(a, radix: 7) == v.base7)
        #expect(BigUInt(v.base36.uppercased(), radix: 36) == a)
        #expect(String(a, radix: 16) == v.a)
    }

    /// The cases with a modulus of 3072 bits or more and a full-length exponent (five such powers each,
    /// three quarters of this file's debug time) run on the release build instead, every case, in
    /// scripts/known-answer-loops.sh (`bigint-modular`, same checks), which CI runs.
    @Test("modular exponentiation (Montgomery, constant-time and vartime) and inverses (but 3072- and 4096-bit powers; every case: release run)",
          arguments: (vectors?.modular ?? []).filter { !runsOnReleaseBuildOnly($0) })
    func modular(_ v: Vectors.Modular) {
        let m = hex(v.modulus), base = hex(v.base), e = hex(v.exponent), expected = hex(v.power)
        #expect(base.power(e, modulus: m) == expected)
        #expect(base.powerVartime(e, modulus: m) == expected)
        if let context = MontgomeryContext(modulus: m) {
            #expect(context.powerVartime(base, e) == expected)
            #expect(context.power(base, e) == expected)
            #expect(context.power(base, e, exponentLimbs: m.limbs.count + 2) == expected)
            #expect(context.multiply(base, base) == base * base % m)
        } else {
            #expect(!m.isOdd)
        }
        let x = hex(v.x)
        if let inverse = v.inverse {
            #expect(x.inverse(modulo: m) == hex(inverse))
        } else {
            #expect(x.inverse(modulo: m) == nil)
        }
    }

    @Test("signed arithmetic with Swift's Int semantics", arguments: vectors?.signed ?? [])
    func signed(_ v: Vectors.Signed) {
        let a = BigInt(v.a)!, b = BigInt(v.b)!
        #expect((a + b).description == v.sum)
        #expect((a - b).description == v.difference)
        #expect((a * b).description == v.product)
        #expect((a / b).description == v.quotient)
        #expect((a % b).description == v.remainder)
        #expect((a >> v.shift).description == v.right)
        #expect((a << v.shift).description == v.left)
        #expect((a & b).description == v.and)
        #expect((a | b).description == v.or)
        #expect((a ^ b).description == v.xor)
        #expect((~a).description == v.not)
    }
}
