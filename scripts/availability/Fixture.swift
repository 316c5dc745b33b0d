// The availability check's self-test: uses of declarations newer than macOS 13 / iOS 16 / tvOS 16 /
// watchOS 9 / visionOS 1, some guarded and some not. Fixture.expected lists the unguarded ones; the check
// must find exactly those. Compiled only by scripts/availability-check.sh, never part of the package.
import Synchronization

// Unguarded: a stdlib type (in a signature and in a body), a stdlib initializer, a Synchronization type.
func unguardedWide(_ a: UInt64) -> UInt128 {
    UInt128(a)
}

func unguardedValidating(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

final class UnguardedLock: Sendable {
    let mutex = Mutex(0)
}

// Guarded by the declaration's own attribute.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func declaredWide(_ a: UInt64) -> UInt128 {
    UInt128(a) &* 3
}

// Guarded by `if #available` and by `guard #available`; the fallbacks use nothing new.
func guardedBranches(_ bytes: [UInt8]) -> Int {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return Int(truncatingIfNeeded: declaredWide(UInt64(bytes.count)))
    }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
        return bytes.count
    }
    return String(validating: bytes, as: UTF8.self)?.utf8.count ?? 0
}

// Guarded on macOS only: iOS, tvOS, watchOS and visionOS still lack Int128 there (`*` means the minimum).
func macOnlyGuard() -> Int {
    if #available(macOS 15, *) {
        let value: Int128 = 7
        return Int(value)
    }
    return 7
}

// The package's own @available declaration, called without a guard.
func unguardedCallOfOwnDeclaration() -> UInt64 {
    UInt64(truncatingIfNeeded: declaredWide(1))
}

// Old enough: Duration and ContinuousClock are macOS 13 / iOS 16, exactly the minimums.
func oldEnough() -> Duration {
    ContinuousClock().now.duration(to: ContinuousClock().now)
}
