// jwt keygen and jwt public-key.

import CommandLineSupport
import Foundation
import PureCurve25519
import PureCurve448
import PureJWT
import PureMLDSA
import PureP256
import PureP384
import PureP521
import PureSecp256k1
import PureRSA
import PureSHA2

enum KeyCommands {
    static let keygenHelp = """
        usage: jwt keygen --alg ALG [--enc ENC] [--crv P-256|P-384|P-521|X25519|X448] [--bits 2048|3072|4096] [--format pem|jwk] [--kid ID]
        Makes a new key for ALG from the system's random number generator and prints it:
          ES256, ES384, ES512, EdDSA   a PKCS#8 PEM private key ("PRIVATE KEY"), or with --format jwk a private JWK
          ES256K                       the same, on secp256k1 (RFC 8812; a JWK's "crv": "secp256k1")
          Ed25519                      the same key as EdDSA under RFC 9864's name (a JWK's "alg": "Ed25519")
          Ed448                        an Ed448 key (RFC 8032 §5.2; a JWK's "crv" and "alg": "Ed448"), which
                                       signs "EdDSA" tokens too (jwt sign --alg EdDSA)
          ML-DSA-44, -65, -87          the same: PKCS#8 in the seed form (RFC 9881), or an AKP JWK whose
                                       "priv" is the 32-byte seed (RFC 9964)
          RS256 … PS512                the same, RSA of --bits bits (default 2048)
          HS256, HS384, HS512          always a JWK ("oct") holding a secret of 32, 48 or 64 bytes
        and for JWE:
          RSA-OAEP, RSA-OAEP-256 …     an RSA key as for RS256 (a JWK has "use": "enc")
          ECDH-ES, ECDH-ES+A128KW …    an EC key on --crv (default P-256) as for ES256; X25519 and X448 keys as
                                       JWKs unless --format pem (PKCS#8, RFC 8410)
          A128KW … A256GCMKW           an oct JWK of the algorithm's size
          dir                          an oct JWK of the size --enc needs
        A JWK has "alg" set, and "kid" when --kid is given. The output is a secret: redirect it to a file
        only you can read. (PBES2 passwords are chosen, not generated: write {"kty":"oct","alg":...,"k":...}.)
        """

    static func keygen(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["alg", "bits", "format", "kid", "enc", "crv"])
        if args.wantsHelp { print(keygenHelp); return }
        guard args.positional.isEmpty else { throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; see --help") }
        let name = try args.required("alg")
        if name == "RSA1_5" || JWEKeyManagementAlgorithm(rawValue: name) != nil {
            return try EncryptionCommands.keygen(args, algorithm: try EncryptionCommands.parseAlgorithm(name), bits: try bits(args))
        }
        for option in ["enc", "crv"] where args.value(option) != nil {
            throw ToolError.usage("--\(option) applies to JWE algorithms, not \(name)")
        }
        let algorithm = try ToolAlgorithms.parse(name)
        let isRSA = JWTKey.rsaAlgorithms.contains(algorithm)
        if args.value("bits") != nil && !isRSA { throw ToolError.usage("--bits applies to RSA algorithms (RS*, PS*), not \(algorithm)") }
        let format = args.value("format") ?? (algorithm.isSymmetric ? "jwk" : "pem")
        guard format == "pem" || format == "jwk" else { throw ToolError.usage("--format must be pem or jwk, got \"\(format)\"") }
        if algorithm.isSymmetric && format == "pem" {
            throw ToolError.usage("an HMAC secret has no PEM form; it is written as a JWK (leave out --format)")
        }
        if format == "pem" && args.value("kid") != nil { throw ToolError.usage("--kid is written only in a JWK; add --format jwk") }
        let key = try generate(algorithm, bits: try bits(args), keyID: args.value("kid"))
        if format == "pem" {
            guard let pem = key.privateKeyPEMRepresentation else { throw ToolError.usage("\(algorithm) has no PEM form") }
            print(pem, terminator: "")
        } else {
            print(try ToolInput.json(try JSONWebKey(privateKeyOf: key)))
        }
    }

    static func bits(_ args: Arguments) throws -> Int {
        guard let text = args.value("bits") else { return 2048 }
        guard let bits = Int(text), [2048, 3072, 4096].contains(bits) else {
            throw ToolError.usage("--bits must be 2048, 3072 or 4096, got \"\(text)\"")
        }
        return bits
    }

    private static func generate(_ algorithm: JWTAlgorithm, bits: Int, keyID: String?) throws -> JWTKey {
        do {
            switch algorithm {
            case .es256: return .es256(P256.Signing.PrivateKey(), keyID: keyID)
            case .es384: return .es384(P384.Signing.PrivateKey(), keyID: keyID)
            case .es512: return .es512(P521.Signing.PrivateKey(), keyID: keyID)
            case .es256k: return .es256k(Secp256k1.Signing.PrivateKey(), keyID: keyID)
            // The name asked for is the one the key is for (its JWK's "alg").
            case .eddsa, .ed25519: return try JWTKey.eddsa(Curve25519.Signing.PrivateKey(), keyID: keyID).restricted(to: [algorithm])
            case .ed448: return try JWTKey.eddsa(Curve448.Signing.PrivateKey(), keyID: keyID).restricted(to: [algorithm])
            case .mldsa44: return .mldsa(MLDSA44.PrivateKey(), keyID: keyID)
            case .mldsa65: return .mldsa(MLDSA65.PrivateKey(), keyID: keyID)
            case .mldsa87: return .mldsa(MLDSA87.PrivateKey(), keyID: keyID)
            case .hs256, .hs384, .hs512:
                var generator = SystemRandomNumberGenerator()
                let length = algorithm == .hs256 ? 32 : algorithm == .hs384 ? 48 : 64
                let secret = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                return try .hmac(secret, algorithms: [algorithm], keyID: keyID)
            default:
                let key = try RSA.Signing.PrivateKey(keySize: RSA.Signing.KeySize(bitCount: bits))
                return try .rsa(key, algorithms: [algorithm], keyID: keyID)
            }
        } catch {
            throw ToolError.usage("cannot make a key: \(error)")
        }
    }

    static let thumbprintHelp = """
        usage: jwt thumbprint --key FILE
        Prints the RFC 7638 thumbprint of the key in FILE (any key file this tool reads, for signing or for
        encryption: PEM, a certificate, or one JWK): base64url of the SHA-256 of the key's required public
        members — e, kty, n for RSA; crv, kty, x, y for EC; crv, kty, x for OKP; alg, kty, pub for AKP
        (RFC 9964) — or of k and kty for an HMAC secret or a shared JWE key (not a PBES2 password: its
        hash would let anyone test guesses). A private key and its public key have the same thumbprint; it
        makes a good "kid".
        """

    static func thumbprint(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key"])
        if args.wantsHelp { print(thumbprintHelp); return }
        guard args.positional.isEmpty else { throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; see --help") }
        let path = try args.required("key")
        let text = try ToolInput.keyText(path)
        let jwk: JSONWebKey
        do {
            let key = try ToolInput.keyFile(text: text, named: path).key
            do { jwk = try JSONWebKey(publicKeyOf: key) ?? JSONWebKey(privateKeyOf: key) } catch {
                throw ToolError.usage("no thumbprint for this key: \(error)")
            }
        } catch let signingError {
            // Not a signing key: an encryption key (a JWK with "use": "enc" or a JWE "alg", an X25519 PEM)
            // has a thumbprint too — of its public half, or of "k" for a shared key (RFC 7638 §3.2).
            guard let encryptionKey = try? EncryptionCommands.jweKey(text: text, named: path, keyID: nil) else { throw signingError }
            // A password's thumbprint is SHA-256 of the password: published as a "kid", it would let anyone
            // test guesses at the speed of one hash, without PBES2's thousands of iterations.
            let pbes2: Set<JWEKeyManagementAlgorithm> = [.pbes2HS256A128KW, .pbes2HS384A192KW, .pbes2HS512A256KW]
            if encryptionKey.algorithms.contains(where: pbes2.contains) {
                throw ToolError.usage("a PBES2 password gets no thumbprint: SHA-256 of the password, published as a \"kid\", would let anyone test guesses without PBES2's iterations; choose a kid yourself")
            }
            if let publicJWK = JSONWebKey(publicKeyOf: encryptionKey) {
                jwk = publicJWK
            } else {
                guard let sharedJWK = try? StrictJSONDecoder().decode(JSONWebKey.self, from: text) else { throw signingError }
                jwk = sharedJWK
            }
        }
        do { print(try jwk.thumbprint()) } catch {
            throw ToolError.usage("no thumbprint for this key: \(error)")
        }
    }

    static let publicKeyHelp = """
        usage: jwt public-key --key FILE [--format pem|jwk] [--kid ID]
        Prints the public key of FILE (a private or public key: PEM, a certificate, or one JWK) as a
        SubjectPublicKeyInfo PEM ("PUBLIC KEY", the default) or as a public JWK, with "kid" from --kid or
        from the key, and "alg" when the key has one algorithm (an RSA key from PEM has several, an Ed25519
        key from PEM the two names EdDSA and Ed25519: no "alg").
        An encryption key (a JWK with "use": "enc" or a JWE "alg", an RSA-OAEP or ECDH-ES key) prints the
        same way, its JWK with "use": "enc". An HMAC secret, a shared JWE key and a password have no public key.
        """

    static func publicKey(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "format", "kid"])
        if args.wantsHelp { print(publicKeyHelp); return }
        guard args.positional.isEmpty else { throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; see --help") }
        let path = try args.required("key")
        let text = try ToolInput.keyText(path)
        let key: JWTKey
        do { key = try ToolInput.keyFile(text: text, named: path).key } catch let signingError {
            // Not a signing key: an encryption key (a JWK with "use": "enc" or a JWE "alg") has a public half too.
            guard let encryptionKey = try? EncryptionCommands.jweKey(text: text, named: path, keyID: args.value("kid")) else {
                throw signingError
            }
            try printPublicHalf(of: encryptionKey, format: args.value("format") ?? "pem", kid: args.value("kid"))
            return
        }
        guard let publicKey = key.publicKey else {
            throw ToolError.usage("an HMAC secret has no public key: it is shared, not published")
        }
        switch args.value("format") ?? "pem" {
        case "pem":
            if args.value("kid") != nil { throw ToolError.usage("--kid is written only in a JWK; add --format jwk") }
            print(publicKey.publicKeyPEMRepresentation ?? "", terminator: "")
        case "jwk":
            let named = args.value("kid").map { publicKey.withKeyID($0) } ?? publicKey
            guard let jwk = JSONWebKey(publicKeyOf: named) else { throw ToolError.usage("the key has no public JWK") }
            print(try ToolInput.json(jwk))
        case let other:
            throw ToolError.usage("--format must be pem or jwk, got \"\(other)\"")
        }
    }

    /// `jwt public-key` of a JWE key: the SubjectPublicKeyInfo PEM or the public JWK ("use": "enc").
    static func printPublicHalf(of key: JWEKey, format: String, kid: String?) throws {
        let shared = ToolError.usage("a shared key or password has no public key: it is shared, not published")
        switch format {
        case "pem":
            if kid != nil { throw ToolError.usage("--kid is written only in a JWK; add --format jwk") }
            guard let pem = key.publicKeyPEMRepresentation else { throw shared }
            print(pem, terminator: "")
        case "jwk":
            guard let jwk = JSONWebKey(publicKeyOf: key) else { throw shared }
            print(try ToolInput.json(jwk))
        case let other:
            throw ToolError.usage("--format must be pem or jwk, got \"\(other)\"")
        }
    }
}
