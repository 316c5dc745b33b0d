// Short public-exponent powers (RSA's e) through the radix-2^28 kernels of Radix28Montgomery.swift: RSA-2048
// verification, and signing's blinding factor r^e and fault check s^e, on x86-64.
//
// Where: `MontgomeryContext` makes the radix-2^28 constants for 32-limb (2048-bit) moduli when compiled for
// x86-64, the one place they were measured faster (1.38 against 1.71 µs per multiplication, 2026-11-28,
// § machine); elsewhere, and for other sizes, the 64-bit kernels run as before. RSA-2048's CRT halves (16
// limbs) keep the 64-bit constant-time kernels.
//
// The chain is square-and-multiply on the exponent's bits, which are public (it branches on them); the
// base may be secret (the blinding factor r): the kernels, the conversions between 64- and 28-bit limbs
// (shifts at public positions) and the final subtraction (by mask) take the same time for every base.

extension MontgomeryContext {
    /// Whether moduli of `limbs` 64-bit limbs get the radix-2^28 kernels: 2048-bit moduli on x86-64.
    package static func usesRadix28(limbs: Int) -> Bool {
        #if arch(x86_64)
        return limbs == 32
        #else
        return false
        #endif
    }

    /// `base^exponent mod n` (`scaled` false) or `base^exponent · 2^(−28L·f) mod n` (`scaled` true: the raw
    /// base, never in Montgomery form, as MontgomeryScaledPower.swift describes for R = 2^(28L)), for a
    /// nonzero exponent and a base below n given as `count` limbs; the result, below n, into `result`
    /// (`count` limbs). One heap buffer, 16-byte aligned for the vector loads, zeroed before it is freed.
    func radix28PowerVartime(_ modulus: Radix28Modulus, base: UnsafePointer<UInt64>, exponent: BigUInt, scaled: Bool,
                             into result: UnsafeMutablePointer<UInt64>) {
        let l = modulus.limbCount, w = modulus.width, k = count
        // n (2W), b, b·R, x, y, the multiplication's shifted operand (W each), the squaring's scratch
        // (3W + 4P), the accumulator (2W).
        let squaringScratch = 3 * w + 4 * modulus.pairCount
        let laneCount = 2 * w + 5 * w + squaringScratch + 2 * w
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8 * laneCount, alignment: 16)
        let lanes = buffer.initializeMemory(as: UInt64.self, repeating: 0, count: laneCount)
        defer {
            lanes.update(repeating: 0, count: laneCount)
            buffer.deallocate()
        }
        let n = lanes, b = n + 2 * w, baseR = b + w, shifted = baseR + 3 * w, scratch = shifted + w
        let accumulator = scratch + squaringScratch
        var x = baseR + w, y = x + w
        modulus.lanes.withUnsafeBufferPointer { n.update(from: $0.baseAddress!, count: 2 * w) }
        Radix28Modulus.split(base, count: k, into: b, limbCount: l)
        let n0Inverse = modulus.n0Inverse
        @inline(__always) func multiply(_ out: UnsafeMutablePointer<UInt64>, _ u: UnsafeMutablePointer<UInt64>,
                                        _ v: UnsafeMutablePointer<UInt64>) {
            if l == 74 { radix28Multiply74(out, u, v, shifted, n, n0Inverse, accumulator) }
            else { radix28MultiplyLimbs(out, u, v, shifted, n, n0Inverse, accumulator, limbCount: l) }
        }
        @inline(__always) func square(_ out: UnsafeMutablePointer<UInt64>, _ u: UnsafeMutablePointer<UInt64>) {
            if l == 74 { radix28Square74(out, u, scratch, n, n0Inverse, accumulator) }
            else { radix28SquareLimbs(out, u, scratch, n, n0Inverse, accumulator, limbCount: l) }
        }
        // The leading bit: x = b (scaled) or b·R.
        if scaled {
            x.update(from: b, count: w)
        } else {
            modulus.rSquared.withUnsafeBufferPointer { y.update(from: $0.baseAddress!, count: w) }
            multiply(baseR, b, y)
            x.update(from: baseR, count: w)
        }
        var bit = exponent.bitWidth - 2
        var leftMontgomeryForm = scaled
        while bit >= 0 {
            square(y, x)
            if exponent.bit(bit) {
                // Unscaled, the last multiplication takes the base in normal form and leaves Montgomery form.
                let last = bit == 0 && !scaled
                multiply(x, y, scaled || last ? b : baseR)
                if last { leftMontgomeryForm = true }
            } else {
                swap(&x, &y)
            }
            bit -= 1
        }
        if !leftMontgomeryForm {
            // An even exponent: one more multiplication, by 1.
            y.update(repeating: 0, count: w)
            y[0] = 1
            multiply(baseR, x, y)
            x.update(from: baseR, count: w)
        }
        // x < 2n: into 64-bit limbs (one more for bit 64k), then n subtracted unless x is below it.
        let joined = scratch
        Radix28Modulus.join(x, limbCount: l, into: joined, count: k + 1)
        n64 { subtractModulusIfNotBelow(result, joined, top: joined[k], $0, k, ConstantTimeCarries.self) }
    }

    private func n64<R>(_ body: (UnsafePointer<UInt64>) -> R) -> R {
        n.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
