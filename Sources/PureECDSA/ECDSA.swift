// ECDSA, FIPS 186-5 §6.4, over any curve of this module: signing constant-time in the private key and
// the nonce, verification variable-time (its inputs are public) with the checks of DESIGN.md (r and s in
// [1, n − 1]; the public key was validated when it was built).

@usableFromInline package enum ECDSA<C: WeierstrassCurve> {
    /// bits2int (RFC 6979 §2.3.2; FIPS 186-5 §6.4.1 step 2): the leftmost qlen bits of `bytes` as a
    /// `byteCount`-byte big-endian integer; a shorter string is taken whole (left-padded).
    @inlinable
    package static func bits2int(_ bytes: [UInt8]) -> [UInt8] {
        let length = C.byteCount
        guard bytes.count * 8 > C.orderBitCount else {
            return [UInt8](repeating: 0, count: length - bytes.count) + bytes
        }
        // Keep the first `length` bytes, then shift right by the bits beyond qlen in them.
        var kept = Array(bytes.prefix(length))
        let shift = length * 8 - C.orderBitCount                                          // 0…7
        if shift > 0 {
            var carry: UInt8 = 0
            for index in kept.indices {
                let byte = kept[index]
                kept[index] = (byte >> UInt8(shift)) | carry
                carry = byte << UInt8(8 - shift)
            }
        }
        return kept
    }

    /// e of §6.4.1 step 2 (bits2int of the digest: its leftmost bit-length-of-n bits), below 2n. A digest
    /// no longer than n (SHA-384 for P-384, SHA-512 for P-521) is the integer itself, read in place.
    @inlinable
    package static func digestScalar<Digest: Collection>(_ digest: Digest) -> C.Scalar where Digest.Element == UInt8 {
        if digest.count * 8 <= C.orderBitCount { return C.Scalar(reducingOnce: digest) }
        return C.Scalar(reducingOnce: bits2int(Array(digest)))
    }

    /// Signs with the nonce k ∈ [1, n − 1] (big-endian bytes); nil if r or s came out zero (the caller then
    /// takes the next nonce). Constant-time in d and k.
    @inlinable
    package static func sign(digest: [UInt8], privateKey d: C.Scalar, nonce k: [UInt8]) -> (r: [UInt8], s: [UInt8])? {
        // R = k·G; r = x(R) mod n (x < p < 2n for these curves: one masked subtraction).
        guard let point = C.generatorComb.multiply(bigEndianScalar: k).affine(),
              let kScalar = C.Scalar(canonicalBigEndian: k) else { return nil }
        let r = C.Scalar(reducingOnce: point.x.canonicalBigEndianBytes)
        // s = k⁻¹(e + r·d) mod n
        let s = kScalar.inverted * (digestScalar(digest) + r * d)
        guard (r.isZeroMask | s.isZeroMask) == 0 else { return nil }
        return (r.canonicalBigEndianBytes, s.canonicalBigEndianBytes)
    }

    /// Whether (r, s) (each `byteCount` big-endian bytes) is a valid signature of `digest` under the public
    /// key `q`. VARIABLE-TIME: every input is public. Nothing here allocates: the scalars' bytes and the
    /// NAF digits live on the stack.
    ///
    /// 1. r and s in [1, n − 1]. 2. w = s⁻¹, u1 = e·w, u2 = r·w. 3. R = u1·G + u2·Q, not the point at
    /// infinity. 4. Valid iff x(R) mod n = r. x(R) = X/Z² is not computed: x(R) mod n = r means x(R) = r
    /// or, when r + n < p, x(R) = r + n, and x(R) = c ⇔ X = c·Z² (mod p).
    @inlinable
    package static func verify<Digest: Collection, Bytes: Collection>(digest: Digest, r rBytes: Bytes, s sBytes: Bytes,
                                                                      publicKey q: AffinePoint<C>) -> Bool
    where Digest.Element == UInt8, Bytes.Element == UInt8 {
        guard let r = C.Scalar(canonicalBigEndian: rBytes), r.isZeroMask == 0,
              let s = C.Scalar(canonicalBigEndian: sBytes), s.isZeroMask == 0 else { return false }
        let w = s.invertedVartime
        let u1 = digestScalar(digest) * w
        let u2 = r * w
        let point = u1.withCanonicalBigEndianBytes { u1Bytes in
            u2.withCanonicalBigEndianBytes { u2Bytes in
                JacobianPoint<C>.doubleScalarMultiplyVartime(u1: u1Bytes, u2: u2Bytes, q: q)
            }
        }
        guard !point.isInfinity else { return false }
        let zz = point.z.squared
        // r < n < p, so r is a field element; r + n only when it is still below p (rare: p − n is tiny).
        let rField = r.withCanonicalBigEndianBytes { C.Field(canonicalBigEndian: $0) }
        if let rField, rField * zz == point.x { return true }
        guard let rPlusN = BigEndian.add(Array(rBytes), C.orderBytes),
              let c = rPlusN.withUnsafeBytes({ C.Field(canonicalBigEndian: $0) }) else { return false }
        return c * zz == point.x
    }
}

/// Arithmetic on public big-endian byte strings of equal length.
@usableFromInline package enum BigEndian {
    /// a + b, or nil if the sum does not fit in the same length.
    @inlinable
    package static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8]? {
        guard a.count == b.count else { return nil }
        var sum = [UInt8](repeating: 0, count: a.count)
        var carry: UInt16 = 0
        for index in a.indices.reversed() {
            let total = UInt16(a[index]) + UInt16(b[index]) + carry
            sum[index] = UInt8(truncatingIfNeeded: total)
            carry = total >> 8
        }
        return carry == 0 ? sum : nil
    }

    /// Left-pads to `length` bytes; nil if `bytes` has more significant (non-zero) bytes than that.
    @inlinable
    package static func padded<Bytes: Collection>(_ bytes: Bytes, to length: Int) -> [UInt8]? where Bytes.Element == UInt8 {
        var trimmed = ArraySlice(bytes)
        while trimmed.count > length, trimmed.first == 0 { trimmed = trimmed.dropFirst() }
        guard trimmed.count <= length else { return nil }
        return [UInt8](repeating: 0, count: length - trimmed.count) + trimmed
    }
}
