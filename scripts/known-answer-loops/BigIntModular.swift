// Every `modular` case of Tests/PureBigIntTests/Vectors/bigint_vectors.json (Python's pow and inverse, made
// by generate_bigint_vectors.py) on the release build, with the checks of BigIntVectorTests.modular: the
// power by `power(_:modulus:)`, `powerVartime(_:modulus:)` and, for odd moduli, MontgomeryContext's
// constant-time and variable-time powers (the constant-time one also over two extra exponent limbs), a
// Montgomery product, and the inverse of x (or none). The debug tests run the same checks on every case but
// those with a modulus of 3072 bits or more and an exponent of over 2048 bits (five 3072- and
// 4096-bit powers a case, about three quarters of that file's debug time); these run every case.

import Foundation
import PureBigInt

private struct BigIntVectors: Decodable {
    struct Modular: Decodable {
        let modulus, base, exponent, power, x: String
        let inverse: String?
    }
    let modular: [Modular]
}

/// Runs every modular case of the file; prints each failure and a summary line. True when every case
/// passed and `expectedCases` ran.
func runBigIntModular(path: String, expectedCases: Int) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file = try JSONDecoder().decode(BigIntVectors.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    var run = 0, failures = 0
    for (index, v) in file.modular.enumerated() {
        run += 1
        guard let m = BigUInt(v.modulus, radix: 16), let base = BigUInt(v.base, radix: 16), let e = BigUInt(v.exponent, radix: 16),
              let expected = BigUInt(v.power, radix: 16), let x = BigUInt(v.x, radix: 16) else {
            print("\(name) modular case \(index): unreadable hex")
            failures += 1
            continue
        }
        var wrong: [String] = []
        if base.power(e, modulus: m) != expected { wrong.append("power(_:modulus:)") }
        if base.powerVartime(e, modulus: m) != expected { wrong.append("powerVartime(_:modulus:)") }
        if let context = MontgomeryContext(modulus: m) {
            if context.powerVartime(base, e) != expected { wrong.append("MontgomeryContext.powerVartime") }
            if context.power(base, e) != expected { wrong.append("MontgomeryContext.power") }
            if context.power(base, e, exponentLimbs: m.limbs.count + 2) != expected { wrong.append("MontgomeryContext.power, two extra exponent limbs") }
            if context.multiply(base, base) != base * base % m { wrong.append("MontgomeryContext.multiply") }
        } else if m.isOdd {
            wrong.append("no MontgomeryContext for an odd modulus")
        }
        let inverse = x.inverse(modulo: m)
        if let expectedInverse = v.inverse {
            if inverse != BigUInt(expectedInverse, radix: 16) { wrong.append("inverse") }
        } else if inverse != nil {
            wrong.append("an inverse where there is none")
        }
        if !wrong.isEmpty {
            print("\(name) modular case \(index) (\(m.bitWidth)-bit modulus): wrong \(wrong.joined(separator: ", "))")
            failures += 1
        }
    }
    if run != expectedCases {
        print("\(name): \(run) modular cases, \(expectedCases) expected")
        failures += 1
    }
    print("\(name), modular, release build: \(run) cases, \(failures == 0 ? "all passed" : "\(failures) FAILED")")
    return failures == 0
}
