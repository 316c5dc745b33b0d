// RS256 verification, signing and key construction, against swift-crypto's _RSA (BoringSSL).

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
        // Signing: the same PKCS#8 key on both sides; PKCS#1 v1.5 is deterministic, so the signatures
        // must be equal, and each verifies on the other side.
        let pkcs8 = vectorJSON("Tests/PureRSATests/Vectors/rsa_signing_cryptography.json") as! [String: Any]
        let pem = ((pkcs8["cases"] as! [[String: Any]]).first { ($0["bits"] as! Int) == 2048 })!["pkcs8_pem"] as! String
        let ourKey = try! RSA.Signing.PrivateKey(pemRepresentation: pem)
        let theirKey = try! _RSA.Signing.PrivateKey(pemRepresentation: pem)
        let message = Array("eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJpc3MiOiJodHRwczovL2lzc3Vlci5leGFtcGxlIn0".utf8)
        let ourSignature = try! ourKey.signature(for: message)
        let theirSignature = try! theirKey.signature(for: message, padding: .insecurePKCS1v1_5)
        precondition(ourSignature.rawRepresentation == Array(theirSignature.rawRepresentation), "PKCS#1 v1.5 is deterministic")
        // PSS verification: swift-crypto signs (random salt); each side verifies the other's signature.
        let theirPSS = try! theirKey.signature(for: message, padding: .PSS)
        let ourPSS = RSA.Signing.RSASignature(rawRepresentation: Array(theirPSS.rawRepresentation))
        let ourOwnPSS = try! ourKey.signature(for: message, padding: .PSS)
        precondition(ourKey.publicKey.isValidSignature(ourPSS, for: message, padding: .PSS), "we must verify swift-crypto's PSS signature")
        precondition(theirKey.publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: ourOwnPSS.rawRepresentation),
                                                         for: message, padding: .PSS), "swift-crypto must verify ours")
        let ourPublic = ourKey.publicKey, theirPublic = theirKey.publicKey
        rows.append(Comparison(
            name: "RSA-2048 PSS verify", peer: "swift-crypto",
            ours: { ourPublic.isValidSignature(ourPSS, for: message, padding: .PSS) ? 1 : 0 },
            theirs: { theirPublic.isValidSignature(theirPSS, for: message, padding: .PSS) ? 1 : 0 }))
        rows.append(Comparison(
            name: "RSA-2048 sign", peer: "swift-crypto",
            ours: { UInt64((try! ourKey.signature(for: message)).rawRepresentation[0]) },
            theirs: { UInt64((try! theirKey.signature(for: message, padding: .insecurePKCS1v1_5)).rawRepresentation.first!) }))
        // RSA-OAEP-256 decryption of a 32-byte content key (JWE's RSA-OAEP-256): swift-crypto encrypts,
        // both sides decrypt the same ciphertext; each side decrypts the other's encryption too.
        let ourDecryptor = PureRSA.RSA.Encryption.PrivateKey(ourKey)
        let theirDecryptor = try! _RSA.Encryption.PrivateKey(pemRepresentation: pem)
        let contentKey = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let theirCiphertext = Array(try! theirDecryptor.publicKey.encrypt(contentKey, padding: .PKCS1_OAEP_SHA256))
        let ourCiphertext = try! ourDecryptor.publicKey.encrypt(contentKey, padding: .PKCS1_OAEP_SHA256)
        precondition(try! ourDecryptor.decrypt(theirCiphertext, padding: .PKCS1_OAEP_SHA256) == contentKey, "we must decrypt swift-crypto's OAEP")
        precondition(Array(try! theirDecryptor.decrypt(ourCiphertext, padding: .PKCS1_OAEP_SHA256)) == contentKey, "swift-crypto must decrypt ours")
        rows.append(Comparison(
            name: "RSA-2048 OAEP-256 decrypt", peer: "swift-crypto",
            ours: { UInt64((try! ourDecryptor.decrypt(theirCiphertext, padding: .PKCS1_OAEP_SHA256))[0]) },
            theirs: { UInt64((try! theirDecryptor.decrypt(theirCiphertext, padding: .PKCS1_OAEP_SHA256)).first!) }))
        return rows
    }
}
