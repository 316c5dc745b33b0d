// Addition, subtraction and multiplication. Subtraction below zero traps, as it does for `UInt`; use
// `subtractingReportingOverflow(_:)` when that can happen.

extension BigUInt {
    /// The sum.
    public static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        var result = lhs
        result += rhs
        return result
    }

    /// Adds `rhs` to `lhs`.
    public static func += (lhs: inout BigUInt, rhs: BigUInt) {
        let count = max(lhs.limbs.count, rhs.limbs.count)
        if lhs.limbs.count < count + 1 { lhs.limbs.append(contentsOf: repeatElement(0, count: count + 1 - lhs.limbs.count)) }
        rhs.limbs.withUnsafeBufferPointer { b in
            lhs.limbs.withUnsafeMutableBufferPointer { a in
                guard let ap = a.baseAddress else { return }
                if let bp = b.baseAddress {
                    let carry = addLimbs(ap, bp, count: b.count)
                    _ = addCarry(ap + b.count, carry, count: a.count - b.count)
                }
            }
        }
        lhs.normalize()
    }

    /// `lhs - rhs`, and whether it went below zero (then the result is the two's-complement wrap).
    public func subtractingReportingOverflow(_ rhs: BigUInt) -> (partialValue: BigUInt, overflow: Bool) {
        if self < rhs { return (BigUInt(), true) }
        var result = self
        rhs.limbs.withUnsafeBufferPointer { b in
            result.limbs.withUnsafeMutableBufferPointer { a in
                guard let ap = a.baseAddress, let bp = b.baseAddress else { return }
                let borrow = subtractLimbs(ap, bp, count: b.count)
                _ = subtractBorrow(ap + b.count, borrow, count: a.count - b.count)
            }
        }
        result.normalize()
        return (result, false)
    }

    /// The difference. Traps if `rhs > lhs`, like `UInt`; use `subtractingReportingOverflow` otherwise.
    public static func - (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let (difference, overflow) = lhs.subtractingReportingOverflow(rhs)
        precondition(!overflow, "BigUInt subtraction below zero")
        return difference
    }

    /// Subtracts `rhs` from `lhs`. Traps if `rhs > lhs`.
    public static func -= (lhs: inout BigUInt, rhs: BigUInt) {
        lhs = lhs - rhs
    }

    /// The product (schoolbook, Karatsuba above a threshold).
    public static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        if lhs.isZero || rhs.isZero { return BigUInt() }
        let count = lhs.limbs.count + rhs.limbs.count
        let limbs = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            lhs.limbs.withUnsafeBufferPointer { a in
                rhs.limbs.withUnsafeBufferPointer { b in
                    if a.count == b.count, a.count & 1 == 0, a.count >= karatsubaEvenThreshold {
                        let scratchCount = karatsubaScratchCount(a.count, threshold: karatsubaEvenThreshold)
                        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: scratchCount) { scratch in
                            multiplyKaratsubaEven(buffer.baseAddress!, a.baseAddress!, b.baseAddress!, count: a.count,
                                                  threshold: karatsubaEvenThreshold, scratch: scratch.baseAddress!)
                        }
                    } else {
                        multiply(buffer.baseAddress!, a.baseAddress!, a.count, b.baseAddress!, b.count)
                    }
                }
            }
            initialized = count
        }
        return BigUInt(limbs: limbs)
    }

    /// Multiplies `lhs` by `rhs`.
    public static func *= (lhs: inout BigUInt, rhs: BigUInt) {
        lhs = lhs * rhs
    }

    /// From this many limbs, equal and even in both factors, subtractive Karatsuba
    /// (KaratsubaMultiplication.swift) beats the schoolbook product here.
    static let karatsubaEvenThreshold = 32

    /// Above this many limbs in both factors, Karatsuba beats schoolbook here.
    static let karatsubaThreshold = 40

    /// `r[0..<aCount+bCount] = a * b`, Karatsuba for large balanced operands.
    static func multiply(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ aCount: Int,
                         _ b: UnsafePointer<UInt64>, _ bCount: Int) {
        guard min(aCount, bCount) >= karatsubaThreshold else {
            multiplyLimbs(r, a, aCount: aCount, b, bCount: bCount)
            return
        }
        // Split at `half`: a = a1·B + a0, b = b1·B + b0;
        // a·b = a1b1·B² + ((a0+a1)(b0+b1) − a0b0 − a1b1)·B + a0b0.
        let half = (max(aCount, bCount) + 1) / 2
        if aCount <= half || bCount <= half {
            // Unbalanced: split the longer one only.
            let (long, longCount, short, shortCount) = aCount >= bCount ? (a, aCount, b, bCount) : (b, bCount, a, aCount)
            r.update(repeating: 0, count: aCount + bCount)
            let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: shortCount + half)
            defer { scratch.deallocate() }
            var offset = 0
            while offset < longCount {
                let chunk = min(half, longCount - offset)
                multiply(scratch, long + offset, chunk, short, shortCount)
                let carry = addLimbs(r + offset, scratch, count: chunk + shortCount)
                _ = addCarry(r + offset + chunk + shortCount, carry, count: aCount + bCount - offset - chunk - shortCount)
                offset += chunk
            }
            return
        }
        let a0 = a, a1 = a + half, a1Count = aCount - half
        let b0 = b, b1 = b + half, b1Count = bCount - half
        // r holds a0b0 in the low 2·half limbs and a1b1 above.
        multiply(r, a0, half, b0, half)
        multiply(r + 2 * half, a1, a1Count, b1, b1Count)
        // Sums of halves (each up to half+1 limbs).
        let sumCount = half + 1
        let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * sumCount + 2 * sumCount)
        defer { scratch.deallocate() }
        let sa = scratch, sb = scratch + sumCount, product = scratch + 2 * sumCount
        sa.update(from: a0, count: half)
        sa[half] = addCarry(sa + a1Count, addLimbs(sa, a1, count: a1Count), count: half - a1Count)
        sb.update(from: b0, count: half)
        sb[half] = addCarry(sb + b1Count, addLimbs(sb, b1, count: b1Count), count: half - b1Count)
        multiply(product, sa, sumCount, sb, sumCount)
        // product -= a0b0 + a1b1
        let productCount = 2 * sumCount
        var borrow = subtractLimbs(product, r, count: 2 * half)
        _ = subtractBorrow(product + 2 * half, borrow, count: productCount - 2 * half)
        let highCount = a1Count + b1Count
        borrow = subtractLimbs(product, r + 2 * half, count: highCount)
        _ = subtractBorrow(product + highCount, borrow, count: productCount - highCount)
        // r += product · B^half
        let total = aCount + bCount
        let span = min(productCount, total - half)
        let carry = addLimbs(r + half, product, count: span)
        _ = addCarry(r + half + span, carry, count: total - half - span)
    }
}
