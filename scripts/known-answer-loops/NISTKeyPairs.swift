// Every P-384 and P-521 key pair of NIST's SigGen.txt (CAVP 186-4 ECDSA, Tests/PureP384Tests/Vectors and
// Tests/PureP521Tests/Vectors hold the same file) on the release build, through the public API: the signing
// key d's public key (the generator's comb) is the file's (Qx, Qy), and d's shared secret with G (the
// key-agreement ladder) is Qx. The debug tests (GroupLawTests.nistKeyPairs of both curves) check every fifth
// pair through the verification tables and the comb, whose entry points are internal.

import Foundation
import PureP384
import PureP521

/// The (d, Qx, Qy) records of the sections whose names start with `curve` ("P-384," say), in file order.
private func keyPairs(_ text: String, curve: String) -> [(d: String, qx: String, qy: String)] {
    var pairs: [(d: String, qx: String, qy: String)] = []
    var inCurve = false, d: String?, qx: String?
    // CRLF lines: "\r\n" is one Character, which `isNewline` matches.
    for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("[") { inCurve = line.dropFirst().hasPrefix(curve); d = nil; qx = nil; continue }
        guard inCurve, let equals = line.firstIndex(of: "=") else { continue }
        let name = line[..<equals].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        switch name {
        case "d": d = value
        case "Qx": qx = value
        case "Qy":
            if let d, let qx { pairs.append((d, qx, value)) }
            d = nil; qx = nil
        default: break
        }
    }
    return pairs
}

/// `hex` as `count` big-endian bytes (NIST writes some values with fewer digits), or nil.
private func fixedWidth(_ hex: String, _ count: Int) -> [UInt8]? {
    guard let bytes = hexBytes(hex.count % 2 == 0 ? hex : "0" + hex), bytes.count <= count else { return nil }
    return [UInt8](repeating: 0, count: count - bytes.count) + bytes
}

/// Runs every P-384 and P-521 key pair of the file; prints a line a curve. True when all matched and there
/// were 75 of each.
func runNISTKeyPairs(path: String) -> Bool {
    guard let text = readText(path) else { return false }
    func check(_ curve: String, byteCount: Int, _ matches: (_ d: [UInt8], _ qx: [UInt8], _ qy: [UInt8]) throws -> Bool) -> Bool {
        let pairs = keyPairs(text, curve: curve + ",")
        var failures = pairs.count == 75 ? 0 : 1
        for (index, pair) in pairs.enumerated() {
            if let d = fixedWidth(pair.d, byteCount), let qx = fixedWidth(pair.qx, byteCount), let qy = fixedWidth(pair.qy, byteCount),
               (try? matches(d, qx, qy)) == true { continue }
            print("\(curve) key pair \(index + 1) of SigGen.txt: d·G is not the file's Q")
            failures += 1
        }
        print("SigGen.txt \(curve) key pairs, d·G by the comb and the ladder: \(pairs.count) (75 expected), \(failures == 0 ? "all matched" : "\(failures) FAILED")")
        return failures == 0
    }
    let p384 = check("P-384", byteCount: 48) { d, qx, qy in
        let comb = try P384.Signing.PrivateKey(rawRepresentation: d).publicKey.rawRepresentation
        let generator = try P384.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 47) + [1]).publicKey
        let ladder = try P384.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: generator)
        return Array(comb) == qx + qy && ladder.withUnsafeBytes { Array($0) } == qx
    }
    let p521 = check("P-521", byteCount: 66) { d, qx, qy in
        let comb = try P521.Signing.PrivateKey(rawRepresentation: d).publicKey.rawRepresentation
        let generator = try P521.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 65) + [1]).publicKey
        let ladder = try P521.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: generator)
        return Array(comb) == qx + qy && ladder.withUnsafeBytes { Array($0) } == qx
    }
    return p384 && p521
}
