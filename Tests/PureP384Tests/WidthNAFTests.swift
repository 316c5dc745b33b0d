// PureECDSA's width-w NAF, which P-384, P-521, secp256k1 and Ed448 verification read their additions from:
// the digits' shape (odd or zero, below 2^(w−1) in size, w − 1 zeros after each non-zero one) and their
// sum, checked by byte additions alone (the positive digits' sum must equal k plus the negative digits'
// magnitudes), so the check shares nothing with the scan.

import PureECDSA
import Testing
import TestSupport

/// Adds `value · 2^bit` into the little-endian bytes.
private func add(_ value: Int, at bit: Int, into bytes: inout [UInt8]) {
    var carry = value << (bit % 8)
    var index = bit / 8
    while carry != 0 {
        carry += Int(bytes[index])
        bytes[index] = UInt8(carry & 0xff)
        carry >>= 8
        index += 1
    }
}

@Suite("Width-w NAF (PureECDSA)")
struct WidthNAFTests {
    static func scalars() -> [[UInt8]] {
        var generator = SplitMix64(seed: 0x4e4146)
        var result: [[UInt8]] = []
        for count in [32, 48, 56, 66] {
            result.append([UInt8](repeating: 0, count: count))
            result.append([UInt8](repeating: 0, count: count - 1) + [1])
            result.append([UInt8](repeating: 0xff, count: count))                        // one long carry to the top
            result.append([0x80] + [UInt8](repeating: 0, count: count - 1))              // the top bit alone
            result.append([UInt8](repeating: 0, count: count - 8) + [UInt8](repeating: 0xff, count: 8))
            result.append((0..<count).map { $0 % 8 == 7 ? 0xff : 0 })                     // runs ending at word boundaries
            result.append((0..<count).map { $0 % 2 == 0 ? 0xaa : 0x55 })
            for _ in 0..<20 { result.append((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }) }
        }
        return result
    }

    @Test("digits odd or zero, below 2^(w−1), w − 1 zeros after each non-zero one, summing to k", arguments: [2, 4, 5, 7, 8, 10, 15])
    func digits(width: Int) {
        let cases = Self.scalars()
        #expect(cases.count == 108)
        for bigEndian in cases {
            var words = [UInt64](repeating: 0, count: (bigEndian.count + 7) / 8 + 1)
            var digits = [Int16](repeating: 0x55, count: bigEndian.count * 8 + 1)
            let count = bigEndian.withUnsafeBytes { bytes in
                words.withUnsafeMutableBufferPointer { words in
                    digits.withUnsafeMutableBufferPointer { wNAFVartime(bigEndian: bytes, width: width, words: words, into: $0) }
                }
            }
            var positive = [UInt8](repeating: 0, count: bigEndian.count + 2)
            var kPlusNegative = [UInt8](bigEndian.reversed()) + [0, 0]
            var sinceNonZero = width
            for (index, digit) in digits.enumerated() {
                if digit == 0 {
                    sinceNonZero += 1
                    continue
                }
                #expect(digit % 2 != 0 && abs(Int(digit)) < 1 << (width - 1), "digit \(digit) at \(index)")
                #expect(sinceNonZero >= width, "digits closer than \(width) at \(index)")
                #expect(index < count, "non-zero digit at \(index) past the returned count \(count)")
                sinceNonZero = 1
                if digit > 0 { add(Int(digit), at: index, into: &positive) } else { add(-Int(digit), at: index, into: &kPlusNegative) }
            }
            #expect(count == 0 || digits[count - 1] != 0)
            #expect(positive == kPlusNegative, "width \(width), k = \(bigEndian)")
        }
    }
}
