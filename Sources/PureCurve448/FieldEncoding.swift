// Bytes of GF(2^448 − 2^224 − 1): 56 little-endian bytes (RFC 7748 §5, RFC 8032 §5.2.2), seven to a limb.

extension FieldElement {
    /// The element of 56 little-endian bytes, value below 2^448. Values from p to 2^448 − 1 are accepted
    /// here (X448 reads them modulo p, RFC 7748 §5); `isCanonical` tells them apart for Ed448's decoding.
    init(bytes: UnsafeRawBufferPointer) {
        @inline(__always) func limb(_ index: Int) -> UInt64 {
            var value: UInt64 = 0
            for byte in (0..<7).reversed() { value = (value << 8) | UInt64(bytes[7 * index + byte]) }
            return value
        }
        self.init(limb(0), limb(1), limb(2), limb(3), limb(4), limb(5), limb(6), limb(7))
    }

    /// The element of 56 little-endian bytes in an array slice (see `init(bytes:)`).
    init(bytes: ArraySlice<UInt8>) {
        self = bytes.withUnsafeBytes { FieldElement(bytes: $0) }
    }

    /// The value below p, every limb below 2^56.
    ///
    /// One carry pass leaves limbs below 2^56 + 2^9; a sequential pass then leaves limbs below 2^56 and a
    /// top carry t ≤ 1, which goes back into limbs 0 and 4 (2^448 ≡ 2^224 + 1); a second sequential pass
    /// cannot carry out (when t = 1 the limbs held less than 2^402). The value is now below 2^448 < 2p, so
    /// one subtraction of p, kept by mask when it does not borrow, ends below p.
    var canonical: FieldElement {
        var t = carried()
        @inline(__always) func sequentialPass(_ t: inout FieldElement) -> UInt64 {
            t.l1 &+= t.l0 >> 56; t.l0 &= Self.mask56
            t.l2 &+= t.l1 >> 56; t.l1 &= Self.mask56
            t.l3 &+= t.l2 >> 56; t.l2 &= Self.mask56
            t.l4 &+= t.l3 >> 56; t.l3 &= Self.mask56
            t.l5 &+= t.l4 >> 56; t.l4 &= Self.mask56
            t.l6 &+= t.l5 >> 56; t.l5 &= Self.mask56
            t.l7 &+= t.l6 >> 56; t.l6 &= Self.mask56
            let top = t.l7 >> 56
            t.l7 &= Self.mask56
            return top
        }
        let top = sequentialPass(&t)
        t.l0 &+= top
        t.l4 &+= top
        _ = sequentialPass(&t)
        // t − p, limb by limb with 56-bit borrows (p's limbs: 2^56 − 1, except limb 4: 2^56 − 2).
        var borrow: UInt64 = 0
        @inline(__always) func subtract(_ limb: UInt64, _ pLimb: UInt64) -> UInt64 {
            let value = limb &- pLimb &- borrow
            borrow = value >> 63
            return value & Self.mask56
        }
        let s0 = subtract(t.l0, Self.mask56), s1 = subtract(t.l1, Self.mask56), s2 = subtract(t.l2, Self.mask56)
        let s3 = subtract(t.l3, Self.mask56), s4 = subtract(t.l4, Self.mask56 - 1), s5 = subtract(t.l5, Self.mask56)
        let s6 = subtract(t.l6, Self.mask56), s7 = subtract(t.l7, Self.mask56)
        // No borrow: t ≥ p, keep t − p.
        let keepDifference = borrow &- 1
        return Self.select(keepDifference, FieldElement(s0, s1, s2, s3, s4, s5, s6, s7), t)
    }

    /// The canonical value as 56 little-endian bytes.
    var canonicalBytes: [UInt8] {
        let c = canonical
        let limbs = [c.l0, c.l1, c.l2, c.l3, c.l4, c.l5, c.l6, c.l7]
        return [UInt8](unsafeUninitializedCapacity: 56) { buffer, count in
            for index in 0..<8 {
                for byte in 0..<7 { buffer[7 * index + byte] = UInt8(truncatingIfNeeded: limbs[index] >> UInt64(8 * byte)) }
            }
            count = 56
        }
    }

    /// Whether 56 little-endian bytes encode a value below p (RFC 8032 §5.2.3 refuses y ≥ p). Public data.
    static func isCanonicalVartime(_ bytes: ArraySlice<UInt8>) -> Bool {
        FieldElement(bytes: bytes).canonicalBytes.elementsEqual(bytes)
    }

    /// All ones when self ≡ 0 (mod p), zero otherwise; constant-time.
    var isZeroMask: UInt64 {
        let c = canonical
        let any = c.l0 | c.l1 | c.l2 | c.l3 | c.l4 | c.l5 | c.l6 | c.l7
        // any < 2^56: any − 1 borrows into bit 63 exactly when any is zero.
        return 0 &- ((any &- 1) >> 63)
    }

    /// The low bit of the canonical value: x's sign in RFC 8032 §5.2.2's encoding.
    var lowBit: UInt64 { canonical.l0 & 1 }
}
