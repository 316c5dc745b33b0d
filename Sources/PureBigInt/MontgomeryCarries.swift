// How the Montgomery kernel (Montgomery.swift) computes carries, borrows and masks: one kernel, three
// policies, chosen at compile time (the kernel is generic and inlined, so each call site is specialized).
//
// Constant-time: carries and borrows from comparisons (the processor's flags) XORed with an opaque zero,
// so the optimizer cannot know they are 0 or 1. Without that, LLVM compiled `overflow ? 1 : 0` in this
// kernel into a conditional jump on the data (`add; jae; inc` in the machine code), which leaks through
// timing; until 1.2.0 the carries were bit arithmetic (Hacker's Delight §2-13), at about twice the cost.
// Masks also pass through a barrier the optimizer cannot see into, so that it cannot turn a masked select
// back into a branch. The XOR costs: in the 16-limb kernels it keeps LLVM from feeding the comparison's
// flag straight into `adc`, about 30% more time (430 → 551 ns per multiplication, 2026-11-27, § machine).
//
// Audited: carries from plain comparisons, for the fixed-size kernels of RSA signing only (16, 24 and 32
// limbs, `montgomeryMultiply16` …, `montgomerySquare16` …), whose release machine code
// scripts/audit-branches.sh checks for conditional jumps on every CI run. There LLVM emits `setb`/`adc`
// and no branch today, and the audit, not the source, is what keeps it so: a compiler that branched would
// fail CI. Every other constant-time caller (other limb counts, the CRT's reductions, safegcd) uses the
// opaque zero. (Until 1.2.0 the opaque zero was an internal variable that whole-module optimization saw
// was never written and folded to a constant, so all of these compiled as "audited" without saying so;
// it is `package` now, which the optimizer cannot fold.)
//
// Variable-time: carries from comparisons, which LLVM turns into the processor's flags (sometimes into
// branches). For public operands only (RSA verification through `powerVartime`).

/// A carry/borrow/mask policy for `montgomeryMultiplyLimbs`.
protocol CarryArithmetic {
    /// The carry out of `a + b`, given `sum = a &+ b`: 0 or 1.
    static func carry(_ a: UInt64, _ b: UInt64, _ sum: UInt64) -> UInt64
    /// The borrow out of `a − b`, given `difference = a &- b`: 0 or 1.
    static func borrow(_ a: UInt64, _ b: UInt64, _ difference: UInt64) -> UInt64
    /// A mask (0 or all ones), hidden from the optimizer where that matters.
    static func barrier(_ mask: UInt64) -> UInt64
}

enum ConstantTimeCarries: CarryArithmetic {
    /// The comparison becomes the processor's carry flag (`setb`/`adc`); the XOR with an opaque zero keeps
    /// LLVM from knowing the result is 0 or 1, which is what let it branch around an increment.
    @inline(__always) static func carry(_ a: UInt64, _ b: UInt64, _ sum: UInt64) -> UInt64 {
        (sum < a ? 1 : 0) ^ bigIntOpaqueZero
    }
    @inline(__always) static func borrow(_ a: UInt64, _ b: UInt64, _ difference: UInt64) -> UInt64 {
        (a < b ? 1 : 0) ^ bigIntOpaqueZero
    }
    @inline(__always) static func barrier(_ mask: UInt64) -> UInt64 { constantTimeBarrier(mask) }
}

/// Plain comparisons, for the fixed-size kernels whose machine code scripts/audit-branches.sh checks (see
/// the header): use it nowhere else.
enum AuditedCarries: CarryArithmetic {
    @inline(__always) static func carry(_ a: UInt64, _ b: UInt64, _ sum: UInt64) -> UInt64 { sum < a ? 1 : 0 }
    @inline(__always) static func borrow(_ a: UInt64, _ b: UInt64, _ difference: UInt64) -> UInt64 { a < b ? 1 : 0 }
    @inline(__always) static func barrier(_ mask: UInt64) -> UInt64 { constantTimeBarrier(mask) }
}

enum VartimeCarries: CarryArithmetic {
    @inline(__always) static func carry(_ a: UInt64, _ b: UInt64, _ sum: UInt64) -> UInt64 { sum < a ? 1 : 0 }
    @inline(__always) static func borrow(_ a: UInt64, _ b: UInt64, _ difference: UInt64) -> UInt64 { a < b ? 1 : 0 }
    @inline(__always) static func barrier(_ mask: UInt64) -> UInt64 { mask }
}

/// Hides a mask from the optimizer, which otherwise knows it is 0 or all ones and may turn the masked
/// select back into a branch. Not inlined, not optimized.
@inline(never) @_optimize(none)
func constantTimeBarrier(_ value: UInt64) -> UInt64 { value }

/// Always zero, but mutable, so the optimizer cannot assume its value (see `ConstantTimeCarries`). Never
/// written; `package`, not internal, because whole-module optimization folds an internal variable that no
/// code writes into the constant it starts as (it did, until 1.2.0), while another module of the package
/// could write this one. Exclusivity checking is off for it (every read would otherwise be a runtime call).
@exclusivity(unchecked) nonisolated(unsafe) package var bigIntOpaqueZero: UInt64 = 0

/// r = t − n if t + top·R ≥ n, else t, for t + top·R < 2n (top 0 or 1): the final subtraction of a
/// Montgomery reduction, selected by mask, not branch. Two passes over the limbs: the first only finds the
/// final borrow; the second computes the difference again and writes the selected limb. Each pass carries
/// the borrow from limb to limb, so neither is vectorised — a vectorised select of t against a stored
/// difference came with a run-time check of whether r overlaps t, a forward jump the branch audit would
/// have to take on trust.
@inline(__always)
func subtractModulusIfNotBelow<C: CarryArithmetic>(
    _ r: UnsafeMutablePointer<UInt64>, _ t: UnsafePointer<UInt64>, top: UInt64, _ n: UnsafePointer<UInt64>,
    _ k: Int, _: C.Type
) {
    var borrow: UInt64 = 0
    var j = 0
    while j < k {
        let tj = t[j], nj = n[j]
        let d1 = tj &- nj
        let d2 = d1 &- borrow
        borrow = C.borrow(tj, nj, d1) | C.borrow(d1, borrow, d2)
        j &+= 1
    }
    // Keep t when top == 0 and the subtraction borrowed.
    let keepT = C.barrier(0 &- (borrow & (1 &- top)))
    borrow = 0
    j = 0
    while j < k {
        let tj = t[j], nj = n[j]
        let d1 = tj &- nj
        let d2 = d1 &- borrow
        borrow = C.borrow(tj, nj, d1) | C.borrow(d1, borrow, d2)
        r[j] = (tj & keepT) | (d2 & ~keepT)
        j &+= 1
    }
}
