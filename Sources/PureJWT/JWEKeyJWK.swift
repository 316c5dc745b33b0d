// JWEKey from a JWK (RFC 7517, RFC 7518 §6, RFC 8037 for X25519): the key's own "alg" decides its algorithm
// when present; "use" must be absent or "enc". An oct key needs "alg": a shared secret's use cannot be
// guessed from its length ("dir", or a content-encryption name as RFC 7520 writes dir keys; A*KW; A*GCMKW;
// PBES2, whose "k" is the password's bytes).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCurve25519
import PureCurve448
import PureP256
import PureP384
import PureP521
import PureRSA
import PureSHA2

extension JSONWebKey {
    /// The key for JWE: validated (RSA key policy, the EC point on its curve, a private key matching its
    /// public members), with the algorithms its "alg" allows (or its family's when absent).
    public func jweKey() throws(JWTError) -> JWEKey {
        if let use, use != "enc" { throw JWTError(.invalidKey("\"use\" is \"\(use)\"; only encryption keys (\"enc\") decrypt or encrypt tokens")) }
        if alg == "RSA1_5" {
            throw JWTError(.refusedAlgorithm(name: "RSA1_5", reason: "RSAES-PKCS1-v1_5 key transport is open to Bleichenbacher's attack; use RSA-OAEP-256"))
        }
        let named = try alg.map { (name: String) throws(JWTError) -> JWEKeyManagementAlgorithm in
            if let algorithm = JWEKeyManagementAlgorithm(rawValue: name) { return algorithm }
            if kty == "oct", JWEContentEncryptionAlgorithm(rawValue: name) != nil { return .direct }
            throw JWTError(.invalidKey("\"alg\" \"\(name)\" is not a JWE key-management algorithm PureJWT implements"))
        }
        switch kty {
        case "oct":
            guard let named else {
                throw JWTError(.invalidKey("an oct key for JWE needs \"alg\" (dir, A128KW…, A128GCMKW…, PBES2-…): its use cannot be told from its length"))
            }
            let secret = try jweField(k, "k")
            if named.rawValue.hasPrefix("PBES2-") {
                guard !secret.isEmpty else { throw JWTError(.invalidKey("the PBES2 password is empty")) }
                return JWEKey(material: .password(secret), keyID: kid, algorithms: [named])
            }
            if let alg, let encryption = JWEContentEncryptionAlgorithm(rawValue: alg), secret.count != encryption.keyByteCount {
                throw JWTError(.invalidKey("a dir key for \(alg) must be \(encryption.keyByteCount * 8) bits, not \(secret.count * 8)"))
            }
            return try JWEKey.symmetric(SymmetricKey(data: secret), algorithm: named, keyID: kid)
        case "RSA":
            let algorithms = named.map { [$0] } ?? JWEKey.rsaFamily
            let modulus = try jweField(n, "n"), exponent = try jweField(e, "e")
            do {
                guard let d else {
                    return try JWEKey.rsa(try RSA.Encryption.PublicKey(modulus: modulus, publicExponent: exponent), algorithms: algorithms, keyID: kid)
                }
                let key = try RSA.Signing.PrivateKey(modulus: modulus, publicExponent: exponent, privateExponent: try jweField(d, "d"),
                                                     prime1: try jweField(p, "p"), prime2: try jweField(q, "q"), exponent1: try jweField(dp, "dp"),
                                                     exponent2: try jweField(dq, "dq"), coefficient: try jweField(qi, "qi"))
                return try JWEKey.rsa(RSA.Encryption.PrivateKey(key), algorithms: algorithms, keyID: kid)
            } catch let error as JWTError {
                throw error
            } catch {
                throw JWTError(.invalidKey("\(error)"))
            }
        case "EC", "OKP":
            let algorithms = named.map { [$0] } ?? JWEKey.ecdhFamily
            _ = try JWEKey.ecdhAlgorithms(algorithms)
            return JWEKey(material: try agreementMaterial(), keyID: kid, algorithms: algorithms)
        default:
            throw JWTError(.invalidKey("key type \"\(kty)\" is not supported for JWE (RSA, EC, OKP X25519 and X448, and oct are)"))
        }
    }

    private func agreementMaterial() throws(JWTError) -> JWEKey.Material {
        let x = try jweField(self.x, "x")
        let privateBytes = try d.map { (value: String) throws(JWTError) -> [UInt8] in try jweField(value, "d") }
        func matching<Key: Equatable>(_ derived: Key, _ stated: Key) throws(JWTError) {
            guard derived == stated else { throw JWTError(.invalidKey("the private key \"d\" does not belong to the public key in \"x\"/\"y\"")) }
        }
        do {
            switch (kty, crv) {
            case ("EC", "P-256"?):
                let publicKey = try P256.KeyAgreement.PublicKey(rawRepresentation: x + (try jweField(y, "y")))
                guard let privateBytes else { return .agreementPublic(.p256(publicKey)) }
                let key = try P256.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
                try matching(key.publicKey, publicKey)
                return .agreementPrivate(.p256(key))
            case ("EC", "P-384"?):
                let publicKey = try P384.KeyAgreement.PublicKey(rawRepresentation: x + (try jweField(y, "y")))
                guard let privateBytes else { return .agreementPublic(.p384(publicKey)) }
                let key = try P384.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
                try matching(key.publicKey, publicKey)
                return .agreementPrivate(.p384(key))
            case ("EC", "P-521"?):
                let publicKey = try P521.KeyAgreement.PublicKey(rawRepresentation: x + (try jweField(y, "y")))
                guard let privateBytes else { return .agreementPublic(.p521(publicKey)) }
                let key = try P521.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
                try matching(key.publicKey, publicKey)
                return .agreementPrivate(.p521(key))
            case ("OKP", "X25519"?):
                let publicKey = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: x)
                guard let privateBytes else { return .agreementPublic(.x25519(publicKey)) }
                let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
                try matching(key.publicKey.rawRepresentation, publicKey.rawRepresentation)
                return .agreementPrivate(.x25519(key))
            case ("OKP", "X448"?):
                let publicKey = try Curve448.KeyAgreement.PublicKey(rawRepresentation: x)
                guard let privateBytes else { return .agreementPublic(.x448(publicKey)) }
                let key = try Curve448.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
                try matching(key.publicKey.rawRepresentation, publicKey.rawRepresentation)
                return .agreementPrivate(.x448(key))
            default:
                throw JWTError(.invalidKey("\(kty) curve \"\(crv ?? "none")\" is not supported for ECDH-ES (P-256, P-384, P-521, X25519, X448 are)"))
            }
        } catch let error as JWTError {
            throw error
        } catch {
            throw JWTError(.invalidKey("\(error)"))
        }
    }

    private func jweField(_ value: String?, _ name: String) throws(JWTError) -> [UInt8] {
        guard let value else { throw JWTError(.invalidKey("missing \"\(name)\"")) }
        do { return try Base64URL.decode(value) } catch {
            throw JWTError(.invalidKey("\"\(name)\" is not base64url: \(error)"))
        }
    }
}

extension JSONWebKey {
    /// The public JWK of an encryption key, to publish for senders: RSA "n" and "e", EC "crv", "x" and
    /// "y", OKP X25519 or X448 "crv" and "x" (RFC 8037 §2), with "use": "enc", "kid" when the key has one and
    /// "alg" when it allows one algorithm. A private key gives its public half; nil for a shared key or a
    /// password, which have none.
    public init?(publicKeyOf key: JWEKey) {
        let agreement: AgreementPublicKey
        switch key.material {
        case .symmetric, .password: return nil
        case .rsaPublic(let rsa): self.init(rsaEncryptionKey: rsa, of: key); return
        case .rsaPrivate(let rsa): self.init(rsaEncryptionKey: rsa.publicKey, of: key); return
        case .agreementPublic(let publicKey): agreement = publicKey
        case .agreementPrivate(let privateKey): agreement = privateKey.publicKey
        }
        func coordinates(_ raw: [UInt8]) -> (String, String) {
            (Base64URL.encode(Array(raw[..<(raw.count / 2)])), Base64URL.encode(Array(raw[(raw.count / 2)...])))
        }
        switch agreement {
        case .p256(let point): self.init(kty: "EC"); (x, y) = coordinates(point.rawRepresentation)
        case .p384(let point): self.init(kty: "EC"); (x, y) = coordinates(point.rawRepresentation)
        case .p521(let point): self.init(kty: "EC"); (x, y) = coordinates(point.rawRepresentation)
        case .x25519(let point): self.init(kty: "OKP"); x = Base64URL.encode(point.rawRepresentation)
        case .x448(let point): self.init(kty: "OKP"); x = Base64URL.encode(point.rawRepresentation)
        }
        crv = agreement.curve
        finishEncryptionKey(key)
    }

    private init(rsaEncryptionKey rsa: RSA.Encryption.PublicKey, of key: JWEKey) {
        self.init(kty: "RSA")
        n = Base64URL.encode(rsa.modulus.bigEndianBytes())
        e = Base64URL.encode(rsa.publicExponent.bigEndianBytes())
        finishEncryptionKey(key)
    }

    private mutating func finishEncryptionKey(_ key: JWEKey) {
        use = "enc"
        kid = key.keyID
        if key.algorithms.count == 1 { alg = key.algorithms[0].rawValue }
    }
}
