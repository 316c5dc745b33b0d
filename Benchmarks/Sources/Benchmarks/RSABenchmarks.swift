// RS256 verification and key construction, against swift-crypto's _RSA (BoringSSL).

import _CryptoExtras
import Crypto
import PureRSA

enum RSABenchmarks {
    static func comparisons() -> [Comparison] {
        var rows: [Comparison] = []
        for bits in [2048, 4096] {
            let c = wycheproofRSACase(bits: bits)
            let ours = try! RSA.Signing.PublicKey(modulus: c.modulus, publicExponent: c.exponent)
            let theirs = try! _RSA.Signing.PublicKey(derRepresentation: c.spkiDER)
            let ourSignature = RSA.Signing.RSASignature(rawRepresentation: c.signature)
            let theirSignature = _RSA.Signing.RSASignature(rawRepresentation: c.signature)
            // Both must agree before anything is timed.
            precondition(ours.isValidSignature(ourSignature, for: c.message))
            precondition(theirs.isValidSignature(theirSignature, for: c.message, padding: .insecurePKCS1v1_5))
            rows.append(Comparison(
                name: "RSA-\(bits) verify", peer: "swift-crypto",
                ours: { ours.isValidSignature(ourSignature, for: c.message) ? 1 : 0 },
                theirs: { theirs.isValidSignature(theirSignature, for: c.message, padding: .insecurePKCS1v1_5) ? 1 : 0 }))
        }
        let c = wycheproofRSACase(bits: 2048)
        rows.append(Comparison(
            name: "RSA-2048 key from n, e", peer: "swift-crypto",
            ours: { UInt64((try! RSA.Signing.PublicKey(modulus: c.modulus, publicExponent: c.exponent)).keySizeInBits) },
            theirs: { UInt64((try! _RSA.Signing.PublicKey(n: c.modulus, e: c.exponent)).keySizeInBits) }))
        return rows
    }
}
