// Inputs shared by the rows: deterministic operands, and real RS256 data read from the project's test
// vectors (public keys and signatures only).

import Foundation

/// Deterministic pseudo-random bytes (SplitMix64), the same on every run.
func deterministicBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
}

/// The repository root, found from this file's path (Benchmarks/Sources/Benchmarks/…).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func vectorJSON(_ relativePath: String) -> Any {
    let url = repositoryRoot.appendingPathComponent(relativePath)
    guard let data = try? Data(contentsOf: url), let json = try? JSONSerialization.jsonObject(with: data) else {
        fatalError("benchmark input missing: \(url.path)")
    }
    return json
}

func hexBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// One RS256 case: key (n, e), message and signature.
struct RSACase {
    let modulus: [UInt8]
    let exponent: [UInt8]
    let spkiDER: [UInt8]
    let message: [UInt8]
    let signature: [UInt8]
}

/// The first valid case of the Wycheproof file for `bits` (2048 or 4096).
func wycheproofRSACase(bits: Int) -> RSACase {
    let root = vectorJSON("Tests/PureRSATests/Vectors/rsa_signature_\(bits)_sha256_test.json") as! [String: Any]
    for group in root["testGroups"] as! [[String: Any]] {
        let key = group["publicKey"] as! [String: String]
        for test in group["tests"] as! [[String: Any]] where (test["result"] as! String) == "valid" {
            return RSACase(modulus: hexBytes(key["modulus"]!), exponent: hexBytes(key["publicExponent"]!),
                           spkiDER: hexBytes(group["publicKeyDer"] as! String),
                           message: hexBytes(test["msg"] as! String), signature: hexBytes(test["sig"] as! String))
        }
    }
    fatalError("no valid case in the \(bits)-bit file")
}
