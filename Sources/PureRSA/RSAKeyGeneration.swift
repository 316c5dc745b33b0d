// RSA key generation (FIPS 186-5 §A.1.3, probable primes): e = 65537; p and q random of half the size with
// their top two bits set (so that p·q has exactly the size asked for), coprime with e, filtered by trial
// division and then Miller–Rabin with random bases (the rounds of FIPS 186-5 Table B.1 for an error
// probability below 2^-100 plus margin); |p − q| > 2^(size/2 − 100) and d > 2^(size/2) (§A.1.1). The result
// goes through the same consistency checks as a key read from a file.
//
// Side channels: candidate generation, trial division and Miller–Rabin run in variable time on the
// candidates (as in most libraries, BoringSSL's generation aside); generate keys where timing is not
// observed by an attacker, e.g. once, offline or at deployment.

import PureASN1
import PureBigInt

extension RSA.Signing {
    /// The size of a generated key, with swift-crypto's names.
    public struct KeySize: Sendable, Hashable {
        /// The modulus size in bits.
        public let bitCount: Int

        /// A size of `bitCount` bits: 2048, 3072 or 4096.
        public init(bitCount: Int) { self.bitCount = bitCount }

        /// 2048 bits.
        public static let bits2048 = KeySize(bitCount: 2048)
        /// 3072 bits.
        public static let bits3072 = KeySize(bitCount: 3072)
        /// 4096 bits.
        public static let bits4096 = KeySize(bitCount: 4096)
    }
}

extension RSA.Signing.PrivateKey {
    /// A new key of `keySize` (2048, 3072 or 4096 bits) with e = 65537, from `SystemRandomNumberGenerator`.
    public init(keySize: RSA.Signing.KeySize) throws(RSAError) {
        guard [2048, 3072, 4096].contains(keySize.bitCount) else { throw RSAError(.unsupportedKeySize(keySize.bitCount)) }
        try self.init(pkcs1: Self.generateMembers(bits: keySize.bitCount))
    }

    /// n, e, d, p, q, dp, dq, qi of a new key of `bits` bits.
    static func generateMembers(bits: Int) -> PKCS1RSAPrivateKey {
        let e: BigUInt = 65537, one: BigUInt = 1
        while true {
            let p = randomPrime(bits: bits / 2, e: e)
            let q = randomPrime(bits: bits / 2, e: e)
            // §A.1.1: p and q not too close.
            let distance = p > q ? p - q : q - p
            guard distance.bitWidth > bits / 2 - 100 else { continue }
            let (p1, q1) = (p - one, q - one)
            let lcm = p1 / p1.greatestCommonDivisor(with: q1) * q1
            guard let d = e.inverse(modulo: lcm), d.bitWidth > bits / 2, let qInverse = q.inverse(modulo: p) else { continue }
            let n = p * q
            guard n.bitWidth == bits else { continue }
            return PKCS1RSAPrivateKey(modulus: n.bigEndianBytes(), publicExponent: e.bigEndianBytes(), privateExponent: d.bigEndianBytes(),
                                      prime1: p.bigEndianBytes(), prime2: q.bigEndianBytes(), exponent1: (d % p1).bigEndianBytes(),
                                      exponent2: (d % q1).bigEndianBytes(), coefficient: qInverse.bigEndianBytes())
        }
    }

    /// A probable prime of exactly `bits` bits with its top two bits set and p − 1 coprime with e.
    static func randomPrime(bits: Int, e: BigUInt) -> BigUInt {
        var generator = SystemRandomNumberGenerator()
        let limbCount = (bits + 63) / 64
        let topShift = UInt64((bits - 1) % 64)
        while true {
            var limbs = (0..<limbCount).map { _ in generator.next() as UInt64 }
            let topMask: UInt64 = topShift == 63 ? .max : (1 << (topShift + 1)) - 1
            limbs[limbCount - 1] &= topMask
            limbs[limbCount - 1] |= 1 << topShift
            limbs[limbCount - 1] |= topShift > 0 ? 1 << (topShift - 1) : 0
            if topShift == 0 { limbs[limbCount - 2] |= 1 << 63 }
            limbs[0] |= 1
            let candidate = BigUInt(limbs: limbs)
            guard smallPrimes.allSatisfy({ candidate % BigUInt($0) != 0 }) else { continue }
            guard (candidate - 1) % e != 0 else { continue }
            if isProbablePrime(candidate, rounds: bits >= 1536 ? 4 : 5, using: &generator) { return candidate }
        }
    }

    /// Miller–Rabin with `rounds` random bases in [2, n − 2] (FIPS 186-5 §B.3.1).
    static func isProbablePrime<G: RandomNumberGenerator>(_ n: BigUInt, rounds: Int, using generator: inout G) -> Bool {
        guard let context = MontgomeryContext(modulus: n) else { return false }
        let one: BigUInt = 1, nMinusOne = n - one
        let a = nMinusOne.trailingZeroBitCount
        let m = nMinusOne >> a
        for _ in 0..<rounds {
            let base = BigUInt.random(below: n - 3, using: &generator) + 2
            var z = context.powerVartime(base, m)
            if z == one || z == nMinusOne { continue }
            var composite = true
            for _ in 1..<max(a, 1) {
                z = context.multiply(z, z)
                if z == nMinusOne { composite = false; break }
                if z == one { return false }
            }
            if composite { return false }
        }
        return true
    }
}

/// The odd primes below 1,000, for trial division (168 − 1 of them).
let smallPrimes: [UInt64] = {
    var primes: [UInt64] = []
    for candidate in stride(from: UInt64(3), to: 1000, by: 2) where primes.allSatisfy({ candidate % $0 != 0 }) {
        primes.append(candidate)
    }
    return primes
}()
