// Writing keys as JWKs (RFC 7517; members per RFC 7518 §6, RFC 8037 §2 and RFC 9964 §2 for AKP): the public form of any
// asymmetric key, and the full form — private members included — of a private key or an HMAC secret.
// "alg" is set when the key has one algorithm (an RSA key or HMAC secret made for a family has none) and
// "kid" when the key has one. The full form
// holds a secret: it is for a key file, never for a log (a JSONWebKey's description redacts it).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

extension JSONWebKey {
    /// A JWK with only its key type ("RSA", "EC", "OKP", "AKP", "oct"), for setting its members one by one.
    public init(kty: String) {
        self.kty = kty
    }

    /// The public JWK of `key`, with no private member; nil for an HMAC secret, which has no public half.
    public init?(publicKeyOf key: JWTKey) {
        guard let members = Self.members(of: key, includingPrivate: false) else { return nil }
        self = members
    }

    /// The complete JWK of a private key or an HMAC secret: "d" (and RSA's "p", "q", "dp", "dq", "qi"), or
    /// "k". Throws for a public key, which has no private members to write.
    public init(privateKeyOf key: JWTKey) throws(JWTError) {
        guard key.canSign, let members = Self.members(of: key, includingPrivate: true) else {
            throw JWTError(.invalidKey("a public key has no private members to write; use JSONWebKey(publicKeyOf:)"))
        }
        if case .mldsaPrivate(let signer) = key.material, signer.seed == nil {
            throw JWTError(.invalidKey("an AKP JWK's \"priv\" is the 32-byte seed (RFC 9964 §2), and this ML-DSA key was read from its expanded form without one; keep it as PKCS#8 instead"))
        }
        self = members
    }

    /// The members of `key`'s JWK; nil for an HMAC secret when private members are not wanted.
    private static func members(of key: JWTKey, includingPrivate: Bool) -> JSONWebKey? {
        func encode(_ bytes: [UInt8]) -> String { Base64URL.encode(bytes) }
        var jwk: JSONWebKey
        func ec(_ curve: String, raw: [UInt8], d: [UInt8]?) -> JSONWebKey {
            let half = raw.count / 2
            var jwk = JSONWebKey(kty: "EC")
            jwk.crv = curve
            jwk.x = encode(Array(raw[..<half]))
            jwk.y = encode(Array(raw[half...]))
            if includingPrivate, let d { jwk.d = encode(d) }
            return jwk
        }
        switch key.material {
        case .p256Public(let publicKey): jwk = ec("P-256", raw: publicKey.rawRepresentation, d: nil)
        case .p256Private(let privateKey): jwk = ec("P-256", raw: privateKey.publicKey.rawRepresentation, d: privateKey.rawRepresentation)
        case .p384Public(let publicKey): jwk = ec("P-384", raw: publicKey.rawRepresentation, d: nil)
        case .p384Private(let privateKey): jwk = ec("P-384", raw: privateKey.publicKey.rawRepresentation, d: privateKey.rawRepresentation)
        case .p521Public(let publicKey): jwk = ec("P-521", raw: publicKey.rawRepresentation, d: nil)
        case .p521Private(let privateKey): jwk = ec("P-521", raw: privateKey.publicKey.rawRepresentation, d: privateKey.rawRepresentation)
        case .secp256k1Public(let publicKey): jwk = ec("secp256k1", raw: publicKey.rawRepresentation, d: nil)
        case .secp256k1Private(let privateKey):
            jwk = ec("secp256k1", raw: privateKey.publicKey.rawRepresentation, d: privateKey.rawRepresentation)
        case .ed25519Public(let publicKey):
            jwk = JSONWebKey(kty: "OKP")
            jwk.crv = "Ed25519"
            jwk.x = encode(publicKey.rawRepresentation)
        case .ed25519Private(let privateKey):
            jwk = JSONWebKey(kty: "OKP")
            jwk.crv = "Ed25519"
            jwk.x = encode(privateKey.publicKey.rawRepresentation)
            if includingPrivate { jwk.d = encode(privateKey.rawRepresentation) }
        case .ed448Public(let publicKey):
            jwk = JSONWebKey(kty: "OKP")
            jwk.crv = "Ed448"
            jwk.x = encode(publicKey.rawRepresentation)
        case .ed448Private(let privateKey):
            jwk = JSONWebKey(kty: "OKP")
            jwk.crv = "Ed448"
            jwk.x = encode(privateKey.publicKey.rawRepresentation)
            if includingPrivate { jwk.d = encode(privateKey.rawRepresentation) }
        case .rsa(let publicKey):
            jwk = JSONWebKey(kty: "RSA")
            jwk.n = encode(publicKey.modulus.bigEndianBytes())
            jwk.e = encode(publicKey.publicExponent.bigEndianBytes())
        case .rsaPrivate(let privateKey):
            jwk = JSONWebKey(kty: "RSA")
            jwk.n = encode(privateKey.publicKey.modulus.bigEndianBytes())
            jwk.e = encode(privateKey.publicKey.publicExponent.bigEndianBytes())
            if includingPrivate {
                let pkcs1 = privateKey.pkcs1
                jwk.d = encode(pkcs1.privateExponent)
                jwk.p = encode(pkcs1.prime1)
                jwk.q = encode(pkcs1.prime2)
                jwk.dp = encode(pkcs1.exponent1)
                jwk.dq = encode(pkcs1.exponent2)
                jwk.qi = encode(pkcs1.coefficient)
            }
        case .mldsaPublic(let publicKey):
            jwk = JSONWebKey(kty: "AKP")
            jwk.pub = encode(publicKey.rawRepresentation)
        case .mldsaPrivate(let privateKey):
            jwk = JSONWebKey(kty: "AKP")
            jwk.pub = encode(privateKey.publicKey.rawRepresentation)
            if includingPrivate, let seed = privateKey.seed { jwk.priv = encode(seed) }
        case .hmac(let hmac):
            guard includingPrivate else { return nil }
            jwk = JSONWebKey(kty: "oct")
            jwk.k = hmac.secret.withUnsafeBytes { encode(Array($0)) }
        }
        // "alg" names one algorithm (RFC 7517 §4.4): a key for a family is written without it.
        jwk.alg = key.algorithms.count == 1 ? key.algorithm.rawValue : nil
        jwk.kid = key.keyID
        return jwk
    }
}
