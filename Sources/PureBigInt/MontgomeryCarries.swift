// How the Montgomery kernel (Montgomery.swift) computes carries, borrows and masks: one kernel, two
// policies, chosen at compile time (the kernel is generic and inlined, so each call site is specialized).
//
// Constant-time: carries and borrows from comparisons (the processor's flags) XORed with an opaque zero,
// so the optimizer cannot know they are 0 or 1. Without that, LLVM compiled `overflow ? 1 : 0` in this
// kernel into a conditional jump on the data (`add; jae; inc` in the machine code), which leaks through
// timing; until 1.2.0 the carries were bit arithmetic (Hacker's Delight §2-13), at about twice the cost.
// Masks also pass through a barrier the optimizer cannot see into, so that it cannot turn a masked select
// back into a branch. scripts/audit-branches.sh checks the 16-, 24- and 32-limb kernels.
//
// Variable-time: carries from comparisons, which LLVM turns into the processor's flags (sometimes into
// branches). About twice as fast; for public operands only (RSA verification through `powerVartime`).

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
/// written; exclusivity checking is off for it (every read would otherwise be a runtime call).
@exclusivity(unchecked) nonisolated(unsafe) var bigIntOpaqueZero: UInt64 = 0
