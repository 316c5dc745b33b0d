#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// Known answers too long for the debug test run, on the release build: RFC 7748 §5.2's X25519 iterated
// 1,000,000 times (k = u = 9; then k, u = X25519(k, u), k). Run by scripts/known-answer-loops.sh with the
// expected result as its argument; exit 0 when it matches.

import PureCurve25519

func hexBytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var out: [UInt8] = []
    var index = 0
    while index < digits.count {
        guard let high = Int(String(UnicodeScalar(digits[index])), radix: 16),
              let low = Int(String(UnicodeScalar(digits[index + 1])), radix: 16) else { return nil }
        out.append(UInt8(high << 4 | low))
        index += 2
    }
    return out
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let iterations = Int(arguments[1]), iterations > 0, let expected = hexBytes(arguments[2]) else {
    print("usage: known-answer-loops ITERATIONS EXPECTED_HEX")
    exit(2)
}
var k: [UInt8] = [9] + [UInt8](repeating: 0, count: 31), u = k
for _ in 0..<iterations {
    let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: k)
    // A low-order u never occurs in this sequence; an all-zero result would throw and fail the run.
    let next = try key.sharedSecretFromKeyAgreement(with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: u))
    (k, u) = (next.withUnsafeBytes { Array($0) }, k)
}
let matched = k == expected
print("X25519 iterated \(iterations) times (RFC 7748 §5.2): \(matched ? "ok" : "MISMATCH")")
exit(matched ? 0 : 1)
