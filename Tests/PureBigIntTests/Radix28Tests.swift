// The vector Montgomery kernels (Radix28Montgomery.swift) against BigUInt's own multiplication and
// division: out·2^(bL) ≡ a·b (mod n) and out < 2n, for operands up to 2n − 1, at the sizes the library
// runs (L = 37, 55, 74 and 110 with b = 28, L = 152 with b = 27: the kernels compiled for them) and at
// others, odd and even, through the generic code, with 28-bit limbs up to their bound and 27-bit ones past
// it. These run on every architecture: the kernels are plain Swift (only their use is limited to x86-64).

@testable import PureBigInt
import Testing
import TestSupport

private func random(bits: Int, _ generator: inout SplitMix64) -> BigUInt {
    let limbs = (0..<((bits + 63) / 64)).map { _ in generator.next() }
    return BigUInt(limbs: limbs) >> (limbs.count * 64 - bits) | BigUInt(1) << (bits - 1)
}

/// A buffer of `count` lanes, 16-byte aligned, zeroed.
private final class Lanes {
    let pointer: UnsafeMutablePointer<UInt64>
    let count: Int
    init(_ count: Int) {
        self.count = count
        pointer = UnsafeMutableRawPointer.allocate(byteCount: 8 * count, alignment: 16)
            .initializeMemory(as: UInt64.self, repeating: 0, count: count)
    }
    deinit { pointer.deallocate() }

    func load(_ value: BigUInt, limbCount: Int, limbBits: Int) {
        pointer.update(repeating: 0, count: count)
        value.limbs.withUnsafeBufferPointer {
            Radix28Modulus.split($0.baseAddress, count: $0.count, into: pointer, limbCount: limbCount, limbBits: limbBits)
        }
    }

    func value(limbCount: Int, limbBits: Int) -> BigUInt {
        (0..<limbCount).reversed().reduce(BigUInt()) { $0 << limbBits | BigUInt(pointer[$1]) }
    }
}

@Suite("Radix-2^28 Montgomery kernels")
struct Radix28Tests {
    @Test("multiplication and squaring: out·2^(bL) ≡ a·b (mod n), out < 2n, every lane below 2^b",
          arguments: [(16, 37, 28), (24, 55, 28), (32, 74, 28), (4, 10, 28), (7, 17, 28), (9, 21, 28), (20, 46, 28),
                      (36, 83, 28), (37, 85, 28), (48, 110, 28), (55, 126, 28), (56, 133, 27), (64, 152, 27), (71, 169, 27)])
    func kernels(words: Int, expectedLimbs: Int, expectedBits: Int) throws {
        var generator = SplitMix64(seed: UInt64(words * 1000 + expectedLimbs))
        // Random moduli, the all-ones modulus (the largest for the size) and 2^(64k − 1) + 1.
        let moduli = [random(bits: 64 * words, &generator) | 1, (BigUInt(1) << (64 * words)) - 1,
                      (BigUInt(1) << (64 * words - 1)) + 1]
        for n in moduli {
            let modulus = try #require(Radix28Modulus(modulus: n, count: words))
            let l = modulus.limbCount, w = modulus.width
            let bits = modulus.limbBits
            #expect(l == expectedLimbs && bits == expectedBits)
            let r = BigUInt(1) << (bits * l)
            let nLanes = Lanes(2 * w), a = Lanes(w), b = Lanes(w), out = Lanes(w)
            let scratch = Lanes(3 * w + 4 * modulus.pairCount), accumulator = Lanes(2 * w)
            modulus.lanes.withUnsafeBufferPointer { nLanes.pointer.update(from: $0.baseAddress!, count: 2 * w) }
            // Operands at the edges of [0, 2n) and random ones below 2n.
            var operands = [BigUInt(), BigUInt(1), n - 1, n, 2 * n - 1]
            for _ in 0..<6 { operands.append(random(bits: 64 * words + 1, &generator) % (2 * n)) }
            for (i, x) in operands.enumerated() {
                let y = operands[(i * 7 + 3) % operands.count]
                a.load(x, limbCount: l, limbBits: bits)
                b.load(y, limbCount: l, limbBits: bits)
                switch l {
                case 37: radix28Multiply37(out.pointer, a.pointer, b.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 55: radix28Multiply55(out.pointer, a.pointer, b.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 74: radix28Multiply74(out.pointer, a.pointer, b.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 110: radix28Multiply110(out.pointer, a.pointer, b.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 152: radix27Multiply152(out.pointer, a.pointer, b.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                default: radix28MultiplyLimbs(out.pointer, a.pointer, b.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse,
                                              accumulator.pointer, limbCount: l, limbBits: UInt64(bits))
                }
                let product = out.value(limbCount: l, limbBits: bits)
                #expect(product < 2 * n)
                #expect((product * r) % n == (x * y) % n)
                #expect((0..<w).allSatisfy { out.pointer[$0] < (1 << bits) && ($0 < l || out.pointer[$0] == 0) })
                switch l {
                case 37: radix28Square37(out.pointer, a.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 55: radix28Square55(out.pointer, a.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 74: radix28Square74(out.pointer, a.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 110: radix28Square110(out.pointer, a.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                case 152: radix27Square152(out.pointer, a.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse, accumulator.pointer)
                default: radix28SquareLimbs(out.pointer, a.pointer, scratch.pointer, nLanes.pointer, modulus.n0Inverse,
                                            accumulator.pointer, limbCount: l, limbBits: UInt64(bits))
                }
                let square = out.value(limbCount: l, limbBits: bits)
                #expect(square < 2 * n)
                #expect((square * r) % n == (x * x) % n)
            }
            // The conversion constants are the powers of two they claim to be.
            func value(_ lanes: [UInt64]) -> BigUInt { (0..<l).reversed().reduce(BigUInt()) { $0 << bits | BigUInt(lanes[$1]) } }
            #expect(value(modulus.rSquared) == (r * r) % n)
            #expect(value(modulus.one) == r % n)
            #expect(value(modulus.toWordForm) == (BigUInt(1) << (64 * words)) % n)
            #expect((value(modulus.fromWordForm) << (64 * words)) % n == (r * r) % n)
        }
    }

    @Test("moduli whose lanes could overflow, and even ones, get no vector-kernel constants")
    func refusals() {
        #expect(Radix28Modulus(modulus: (BigUInt(1) << 6912) - 1, count: 108) == nil)  // 27-bit L = 257 > 254
        #expect(Radix28Modulus(modulus: (BigUInt(1) << 6848) - 1, count: 107)?.limbCount == 254)
        #expect(Radix28Modulus(modulus: BigUInt(1) << 1000, count: 16) == nil)         // even
        #expect(Radix28Modulus(modulus: BigUInt(65537), count: 1) == nil)              // L = 3 < 8
    }
}
