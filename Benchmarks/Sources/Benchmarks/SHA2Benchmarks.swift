// SHA-256, SHA-384, SHA-512 and HMAC-SHA256 rows, against swift-crypto (BoringSSL).

import Crypto
import _CryptoExtras
import PureSHA2

enum SHA2Benchmarks {
    static func comparisons() -> [Comparison] {
        var rows: [Comparison] = []
        for (label, size) in [("64 B", 64), ("1 KiB", 1024), ("1 MiB", 1 << 20)] {
            let message = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
            rows.append(Comparison(
                name: "SHA-256 \(label)", peer: "swift-crypto",
                ours: { firstWord(PureSHA2.SHA256.hash(data: message)) },
                theirs: { firstWord(Crypto.SHA256.hash(data: message)) },
                bytes: size))
        }
        let mebibyte = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        rows.append(Comparison(
            name: "SHA-384 1 MiB", peer: "swift-crypto",
            ours: { firstWord(PureSHA2.SHA384.hash(data: mebibyte)) },
            theirs: { firstWord(Crypto.SHA384.hash(data: mebibyte)) },
            bytes: 1 << 20))
        rows.append(Comparison(
            name: "SHA-512 1 MiB", peer: "swift-crypto",
            ours: { firstWord(PureSHA2.SHA512.hash(data: mebibyte)) },
            theirs: { firstWord(Crypto.SHA512.hash(data: mebibyte)) },
            bytes: 1 << 20))
        let message = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 17) }
        let keyBytes = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ 1) }
        let ourKey = PureSHA2.SymmetricKey(data: keyBytes)
        let theirKey = Crypto.SymmetricKey(data: keyBytes)
        rows.append(Comparison(
            name: "HMAC-SHA256 64 B", peer: "swift-crypto",
            ours: { firstWord(PureSHA2.HMAC<PureSHA2.SHA256>.authenticationCode(for: message, using: ourKey)) },
            theirs: { firstWord(Crypto.HMAC<Crypto.SHA256>.authenticationCode(for: message, using: theirKey)) },
            bytes: 64))
        // PBKDF2 as JWE's PBES2-HS256+A128KW runs it (RFC 7518 §4.8): a 16-byte key from a password and
        // the `alg ‖ 0x00 ‖ p2s` salt, 100,000 iterations (OWASP's figure for PBKDF2-HMAC-SHA256 is 600,000;
        // the row scales linearly). The peer is swift-crypto's `KDF.Insecure.PBKDF2` (BoringSSL).
        let password = Array("correct horse battery staple".utf8)
        let salt = Array("PBES2-HS256+A128KW".utf8) + [0] + (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 5) }
        rows.append(Comparison(
            name: "PBKDF2-HMAC-SHA256 100,000 rounds", peer: "swift-crypto",
            ours: {
                let key = try! PureSHA2.PBKDF2<PureSHA2.SHA256>.deriveKey(fromPassword: password, salt: salt, rounds: 100_000,
                                                                         outputByteCount: 16)
                return key.withUnsafeBytes { firstWord($0) }
            },
            theirs: {
                let key = try! KDF.Insecure.PBKDF2.deriveKey(from: password, salt: salt, using: .sha256, outputByteCount: 16,
                                                             unsafeUncheckedRounds: 100_000)
                return key.withUnsafeBytes { firstWord($0) }
            }))
        return rows
    }
}

/// The first 8 bytes of a digest-like sequence, so results feed the sink.
@inline(__always)
func firstWord<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
    var word: UInt64 = 0
    for (index, byte) in bytes.enumerated() where index < 8 { word = word << 8 | UInt64(byte) }
    return word
}
