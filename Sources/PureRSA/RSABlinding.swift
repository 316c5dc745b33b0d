// RSA base blinding (PKCS1v15Signing.swift's privateOperation) with its pairs reused, as BoringSSL's and
// OpenSSL's BN_BLINDING do: a pair (A, Aᵢ) = (r^e mod n, r⁻¹ mod n) for a fresh random r costs a safegcd
// inversion and a public-exponent power, about 7% of an RSA-2048 decryption or signature (Docs/
// Performance.md); the next pair is (A², Aᵢ²) = ((r²)^e, (r²)⁻¹), two modular squarings. A pair serves
// `usesPerPair` operations, then a fresh r replaces it (BoringSSL's BN_BLINDING_COUNTER is 32 too).
//
// Sharing. A key is a value that many tasks use at once, so its pairs sit in `slotCount` slots, each taken
// with one atomic compare-and-exchange and given back with a store: an operation takes the first free
// slot and never waits; when every slot is taken it blinds with a fresh pair of its own, as before. Each
// pair is used by one operation at a time, and no two operations see the same A.
//
// The atomics are the standard library's Synchronization module (Embedded Swift has it too); its `Atomic`
// needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2 on Apple's systems, and on earlier ones there
// are no slots: every operation draws a fresh pair, as before this cache.
//
// What may leak: A and Aᵢ are secrets, kept in the key's memory between operations as the key's own members
// are; the squarings are Montgomery products whose time depends on n's size alone. Which operation draws a
// fresh pair depends on the order of the calls, nothing secret.

import PureBigInt
import Synchronization

/// One blinding pair and the number of operations it has served.
struct RSABlindingPair {
    /// r^e mod n.
    var rToE: BigUInt
    /// r⁻¹ mod n.
    var rInverse: BigUInt
    var uses: Int
}

/// A key's blinding pairs (see the top of this file).
final class RSABlindingPairs: Sendable {
    static let slotCount = 8
    static let usesPerPair = 32
    private let slots: [RSABlindingSlot]

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            slots = (0..<Self.slotCount).map { _ in RSAAtomicBlindingSlot() }
        } else {
            slots = []
        }
    }

    /// Calls `body` with the pair of the first free slot (nil if that slot has none yet) and returns its
    /// result; nil, without calling it, when every slot is taken or there are none.
    func withFreeSlot<Result>(_ body: (inout RSABlindingPair?) -> Result) -> Result? {
        for slot in slots {
            var result: Result? = nil
            if slot.withPairIfFree({ result = body(&$0) }) { return result }
        }
        return nil
    }

    /// How many operations each slot's pair has served (0: none yet); a slot in use counts as 0. For tests.
    var usesBySlot: [Int] {
        slots.map { slot in
            var uses = 0
            _ = slot.withPairIfFree { uses = $0?.uses ?? 0 }
            return uses
        }
    }
}

/// A slot with no pair and no atomics, the base of `RSAAtomicBlindingSlot` (classes with a stored `Atomic`
/// must be as available as it; an array of this type can be declared on every system).
class RSABlindingSlot: @unchecked Sendable {
    /// Calls `body` with the slot's pair and returns true if the slot was free; false otherwise. (Not
    /// generic: Embedded Swift has no generic methods a subclass can override.)
    func withPairIfFree(_ body: (inout RSABlindingPair?) -> Void) -> Bool { false }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class RSAAtomicBlindingSlot: RSABlindingSlot, @unchecked Sendable {
    /// Set while an operation holds the slot; `pair` is read and written only by that operation (the
    /// acquiring exchange and the releasing store order its accesses after and before the others').
    private let taken = Atomic<Bool>(false)
    private var pair: RSABlindingPair?

    override func withPairIfFree(_ body: (inout RSABlindingPair?) -> Void) -> Bool {
        guard taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        body(&pair)
        taken.store(false, ordering: .releasing)
        return true
    }
}

extension RSA.Signing.PrivateKey {
    /// m·A mod n and Aᵢ for this operation's blinding pair (A, Aᵢ) = (r^e, r⁻¹): the next pair of a free
    /// slot, or a fresh one.
    func blind(_ m: BigUInt) -> (blinded: BigUInt, rInverse: BigUInt) {
        let context = publicKey.context
        let fromSlot = storage.blindingPairs.withFreeSlot { slot -> RSABlindingPair in
            var next: RSABlindingPair
            if let current = slot, current.uses < RSABlindingPairs.usesPerPair {
                next = current
                next.rToE = context.multiply(next.rToE, next.rToE)
                next.rInverse = context.multiply(next.rInverse, next.rInverse)
                next.uses += 1
            } else {
                next = freshBlindingPair()
            }
            slot = next
            return next
        }
        let chosen = fromSlot ?? freshBlindingPair()
        return (context.multiply(m, chosen.rToE), chosen.rInverse)
    }

    /// A pair for a fresh random r > 1 with an inverse mod n (n = p·q: all but a negligible fraction of r),
    /// inverted by safegcd in time that depends on n's size alone (ConstantTimeInversion.swift). The
    /// variable-time inversions cost a quarter of a signature (division) or let the dudect run tell keys
    /// apart (binary, Docs/Security.md).
    private func freshBlindingPair() -> RSABlindingPair {
        let n = publicKey.modulus
        while true {
            let r = blindingFactor(below: n)
            guard r.limbs.count >= 2 || (r.limbs.first ?? 0) >= 2, let rInverse = r.inverseConstantTime(oddModulus: n) else {
                continue
            }
            return RSABlindingPair(rToE: publicKey.context.powerVartime(r, publicKey.publicExponent), rInverse: rInverse, uses: 1)
        }
    }
}

/// A random blinding factor below n: n's bit length less one random bits, so below n by construction and
/// drawn once. A uniform draw below n by rejection took a number of attempts that depends on n's top bits
/// (up to two on average, each 32 calls to the system's generator for RSA-2048): n is public, so that told
/// an attacker nothing, but it made signing time depend on the key, and the timing test (ConstantTime
/// `--only rsa-sign`) could then tell one key from others by it (Docs/Security.md). r need not be uniform
/// mod n: it must be unpredictable, and 2047 random bits are.
private func blindingFactor(below n: BigUInt) -> BigUInt {
    let bits = n.bitWidth - 1
    var generator = SystemRandomNumberGenerator()
    var limbs = (0..<((bits + 63) / 64)).map { _ in generator.next() as UInt64 }
    if bits % 64 != 0 { limbs[limbs.count - 1] &= (1 << UInt64(bits % 64)) - 1 }
    return BigUInt(limbs: limbs)
}
