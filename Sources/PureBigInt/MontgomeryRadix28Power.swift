// Modular powers through the vector kernels of Radix28Montgomery.swift (28-bit limbs, 27-bit above 3,554
// bits), on x86-64: the CRT exponentiations of RSA-2048, -3072, -4096, -6144 and -8192 (primes of 1024 to 4096
// bits) and the public operations of RSA-2048, -3072 and -4096 (verification, the blinding factor r^e, the
// fault check).
//
// Where: `MontgomeryContext` makes the vector kernels' constants for 16-, 24-, 32-, 48- and 64-limb moduli when
// compiled for x86-64, where they were measured faster (2026-11-28, § machine: 1.19 against 1.71 µs per
// 2048-bit multiplication, 317 against 381 ns per 1024-bit squaring; 2026-12-03: an RSA-3072 verification
// 57 → 40 µs, RSA-4096 100 → 74 µs, an RSA-3072 signature 3.4 → 2.7 ms); elsewhere, and for other sizes,
// the 64-bit kernels run as before. Callers do not see the difference: `powerOfMontgomeryForm` takes and
// gives numbers in the 64-bit kernels' Montgomery form (a·2^(64k)), converting at each end with one
// multiplication by a precomputed power of two.
//
// What may leak: the constant-time window (`radix28PowerOfMontgomeryForm`) is the 64-bit one's — a fixed
// 5-bit window over all limbs of the exponent, every table entry read and kept by mask — on kernels whose
// time depends on L alone; the conversions between 64-bit and b-bit limbs shift at public positions, and the
// final subtraction keeps or drops its result by mask. `radix28PowerVartime` branches on the exponent's
// bits (public) and on nothing else.

extension MontgomeryContext {
    /// Whether moduli of `limbs` 64-bit limbs get the vector kernels: 1024-, 1536-, 2048-, 3072- and 4096-bit moduli
    /// on x86-64 (the sizes with kernels compiled for them; the generic code is slower than the 64-bit kernels).
    package static func usesRadix28(limbs: Int) -> Bool {
        #if arch(x86_64)
        return limbs == 16 || limbs == 24 || limbs == 32 || limbs == 48 || limbs == 64
        #else
        return false
        #endif
    }

    /// `base^exponent mod n` (`scaled` false) or `base^exponent · 2^(−bL·f) mod n` (`scaled` true: the raw
    /// base, never in Montgomery form, as MontgomeryScaledPower.swift describes for R = 2^(bL)), for a
    /// nonzero exponent and a base below n given as `count` limbs; the result, below n, into `result`
    /// (`count` limbs).
    func radix28PowerVartime(_ modulus: Radix28Modulus, base: UnsafePointer<UInt64>, exponent: BigUInt, scaled: Bool,
                             into result: UnsafeMutablePointer<UInt64>) {
        let w = modulus.width
        Radix28Workspace.with(modulus, numbers: 4) { r in
            let b = r.number(0), baseR = r.number(1)
            var x = r.number(2), y = r.number(3)
            Radix28Modulus.split(base, count: count, into: b, limbCount: modulus.limbCount, limbBits: modulus.limbBits)
            // The leading bit: x = b (scaled) or b·R.
            if scaled {
                x.update(from: b, count: w)
            } else {
                modulus.rSquared.withUnsafeBufferPointer { y.update(from: $0.baseAddress!, count: w) }
                r.multiply(baseR, b, y)
                x.update(from: baseR, count: w)
            }
            var bit = exponent.bitWidth - 2
            var leftMontgomeryForm = scaled
            while bit >= 0 {
                r.square(y, x)
                if exponent.bit(bit) {
                    // Unscaled, the last multiplication takes the base in normal form and leaves Montgomery form.
                    let last = bit == 0 && !scaled
                    r.multiply(x, y, scaled || last ? b : baseR)
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
                r.multiply(baseR, x, y)
                x = baseR
            }
            leave(x, r, into: result)
        }
    }

    /// `powerOfMontgomeryForm` on the vector kernels: w.x = (w.y)^e, both in the 64-bit kernels' Montgomery form
    /// (w.y below n). The same fixed 5-bit window, table and masked lookups; see the top of this file.
    func radix28PowerOfMontgomeryForm(_ modulus: Radix28Modulus, _ w: Workspace, _ e: [UInt64]) {
        let width = modulus.width
        let entries = Self.tableEntries
        Radix28Workspace.with(modulus, numbers: 3 + entries) { r in
            let x = r.number(0), z = r.number(1), y = r.number(2), table = r.number(3)
            // table[1] = base·2^(bL): w.y = base·2^(64k) times 2^(2bL − 64k), reduced once.
            Radix28Modulus.split(w.y, count: count, into: z, limbCount: modulus.limbCount, limbBits: modulus.limbBits)
            modulus.fromWordForm.withUnsafeBufferPointer { y.update(from: $0.baseAddress!, count: width) }
            r.multiply(table + width, z, y)
            modulus.one.withUnsafeBufferPointer { table.update(from: $0.baseAddress!, count: width) }
            for i in 2..<entries {
                if i % 2 == 0 {
                    r.square(table + i * width, table + (i / 2) * width)
                } else {
                    r.multiply(table + i * width, table + (i - 1) * width, table + width)
                }
            }
            let bits = e.count * 64
            var window = (bits + Self.windowBits - 1) / Self.windowBits - 1
            if window < 0 {
                x.update(from: table, count: width)                                   // e has no limbs: 1
            } else {
                select(digit(of: e, window: window), from: table, into: x, limbs: width)
                window -= 1
                while window >= 0 {
                    r.square(z, x)
                    r.square(x, z)
                    r.square(z, x)
                    r.square(x, z)
                    r.square(z, x)
                    select(digit(of: e, window: window), from: table, into: y, limbs: width)
                    r.multiply(x, z, y)
                    window -= 1
                }
            }
            // Back to the 64-bit kernels' form: times 2^(64k), reduced.
            modulus.toWordForm.withUnsafeBufferPointer { y.update(from: $0.baseAddress!, count: width) }
            r.multiply(z, x, y)
            leave(z, r, into: w.x)
        }
    }

    /// `result` (count limbs) = x mod n for x < 2n in b-bit lanes: joined into count + 1 limbs in the
    /// workspace's scratch, then n subtracted unless x is below it (by mask).
    private func leave(_ x: UnsafeMutablePointer<UInt64>, _ r: Radix28Workspace, into result: UnsafeMutablePointer<UInt64>) {
        let k = count
        let joined = r.scratch
        Radix28Modulus.join(x, limbCount: r.modulus.limbCount, limbBits: r.modulus.limbBits, into: joined, count: k + 1)
        n.withUnsafeBufferPointer {
            subtractModulusIfNotBelow(result, joined, top: joined[k], $0.baseAddress!, k, ConstantTimeCarries.self)
        }
    }
}

/// The buffers of one vector-kernel power: n's lanes, `numbers` numbers of W lanes, the kernels' scratch; one
/// heap allocation, 16-byte aligned for the vector loads, zeroed before it is freed.
struct Radix28Workspace {
    let modulus: Radix28Modulus
    let n: UnsafeMutablePointer<UInt64>
    let numbers: UnsafeMutablePointer<UInt64>
    /// 3W + 4P lanes: the multiplication's shifted operand (W of them) or the squaring's d, d shifted and
    /// diagonal pairs; also where a result is joined into 64-bit limbs.
    let scratch: UnsafeMutablePointer<UInt64>
    /// 2W lanes.
    let accumulator: UnsafeMutablePointer<UInt64>

    static func with<R>(_ modulus: Radix28Modulus, numbers count: Int, _ body: (Radix28Workspace) -> R) -> R {
        let w = modulus.width
        let scratchCount = 3 * w + 4 * modulus.pairCount
        let laneCount = 2 * w + count * w + scratchCount + 2 * w
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8 * laneCount, alignment: 16)
        let lanes = buffer.initializeMemory(as: UInt64.self, repeating: 0, count: laneCount)
        defer {
            lanes.update(repeating: 0, count: laneCount)
            buffer.deallocate()
        }
        modulus.lanes.withUnsafeBufferPointer { lanes.update(from: $0.baseAddress!, count: 2 * w) }
        let numbers = lanes + 2 * w, scratch = numbers + count * w
        return body(Radix28Workspace(modulus: modulus, n: lanes, numbers: numbers, scratch: scratch,
                                     accumulator: scratch + scratchCount))
    }

    func number(_ i: Int) -> UnsafeMutablePointer<UInt64> { numbers + i * modulus.width }

    /// out = a·b·2^(−bL) mod n (below 2n); out overlaps neither.
    func multiply(_ out: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>) {
        switch modulus.limbCount {   // public: the modulus's size
        case 37: radix28Multiply37(out, a, b, scratch, n, modulus.n0Inverse, accumulator)
        case 55: radix28Multiply55(out, a, b, scratch, n, modulus.n0Inverse, accumulator)
        case 74: radix28Multiply74(out, a, b, scratch, n, modulus.n0Inverse, accumulator)
        case 110: radix28Multiply110(out, a, b, scratch, n, modulus.n0Inverse, accumulator)
        case 152: radix27Multiply152(out, a, b, scratch, n, modulus.n0Inverse, accumulator)
        default: radix28MultiplyLimbs(out, a, b, scratch, n, modulus.n0Inverse, accumulator, limbCount: modulus.limbCount,
                                      limbBits: UInt64(modulus.limbBits))
        }
    }

    /// out = a²·2^(−bL) mod n (below 2n); out does not overlap a.
    func square(_ out: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>) {
        switch modulus.limbCount {
        case 37: radix28Square37(out, a, scratch, n, modulus.n0Inverse, accumulator)
        case 55: radix28Square55(out, a, scratch, n, modulus.n0Inverse, accumulator)
        case 74: radix28Square74(out, a, scratch, n, modulus.n0Inverse, accumulator)
        case 110: radix28Square110(out, a, scratch, n, modulus.n0Inverse, accumulator)
        case 152: radix27Square152(out, a, scratch, n, modulus.n0Inverse, accumulator)
        default: radix28SquareLimbs(out, a, scratch, n, modulus.n0Inverse, accumulator, limbCount: modulus.limbCount,
                                    limbBits: UInt64(modulus.limbBits))
        }
    }
}
