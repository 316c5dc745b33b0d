// JSON Web Keys (RFC 7517) for RSA (RFC 7518 §6.3: n, e, and the private members; "alg" RS* or PS*), EC
// P-256, P-384 and P-521 (§6.2: crv, x, y, and d), OKP Ed25519 (RFC 8037 §2: crv, x, and d; "alg" EdDSA or
// RFC 9864's Ed25519), oct (§6.4: k; HS256, HS384 or HS512), key sets (§5), and JWK thumbprints (RFC 7638,
// and RFC 8037 §2 for OKP), AKP ML-DSA keys (RFC 9964 §2: alg, pub, and priv, the seed). Writing them:
// JSONWebKeyExport.swift.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCurve25519
import PureCurve448
import PureMLDSA
import PureP256
import PureP384
import PureSecp256k1
import PureP521
import PureRSA
import PureSHA2

/// One JWK as it appears in JSON. Unknown members are ignored.
public struct JSONWebKey: Codable, Sendable, Hashable {
    /// "kty": the key type ("RSA", "EC", "OKP", "oct"; RFC 7517 §4.1, RFC 8037 §2).
    public var kty: String
    /// "kid": the key ID tokens name in their header (§4.5).
    public var kid: String?
    /// "alg": the one algorithm the key is for, when the publisher says (§4.4).
    public var alg: String?
    /// "use": "sig" or "enc" (§4.2); a key for "enc" is not used to verify.
    public var use: String?
    /// "n": an RSA modulus, base64url big-endian (RFC 7518 §6.3.1.1).
    public var n: String?
    /// "e": an RSA public exponent, base64url big-endian (§6.3.1.2).
    public var e: String?
    /// "crv": the curve of an EC key ("P-256"; §6.2.1.1) or OKP key ("Ed25519"; RFC 8037 §2).
    public var crv: String?
    /// "x": an EC point's x coordinate, base64url, 32 bytes for P-256 (§6.2.1.2); an OKP public key.
    public var x: String?
    /// "y": an EC point's y coordinate, base64url (§6.2.1.3).
    public var y: String?
    /// "d": an EC private scalar (§6.2.2.1), an RSA private exponent (§6.3.2.1) or an OKP private key
    /// (RFC 8037 §2). A secret: never log a JWK that has it.
    public var d: String?
    /// "p", "q": an RSA private key's primes (RFC 7518 §6.3.2.2–3). Secrets, as are "dp", "dq" and "qi".
    public var p: String?
    /// "q": the second prime.
    public var q: String?
    /// "dp": d mod (p − 1).
    public var dp: String?
    /// "dq": d mod (q − 1).
    public var dq: String?
    /// "qi": q⁻¹ mod p.
    public var qi: String?
    /// "k": an HMAC secret (§6.4.1). A secret: never log a JWK that has it.
    public var k: String?
    /// "pub": an AKP public key (RFC 9964 §2), base64url of the ML-DSA encoding pk.
    public var pub: String?
    /// "priv": an AKP private key (RFC 9964 §2), base64url of the 32-byte ML-DSA seed. A secret.
    public var priv: String?
    /// "key_ops" (RFC 7517 §4.3); when present, must allow "verify" (or "sign").
    public var keyOperations: [String]?

    enum CodingKeys: String, CodingKey {
        case kty, kid, alg, use, n, e, crv, x, y, d, k, p, q, dp, dq, qi, pub, priv
        case keyOperations = "key_ops"
    }

    /// The usable key, validated: RSA key policy, EC point on the curve, oct length. A key whose own "alg"
    /// differs from its type's algorithm, or whose "use" is not "sig", is refused.
    public func jwtKey() throws(JWTError) -> JWTKey {
        if let use, use != "sig" { throw JWTError(.invalidKey("\"use\" is \"\(use)\"; only signature keys (\"sig\") sign and verify JWS tokens (\"enc\" keys are for JWE)")) }
        if let keyOperations, !keyOperations.contains("verify"), !keyOperations.contains("sign") {
            throw JWTError(.invalidKey("\"key_ops\" is \(keyOperations); a key for tokens must allow \"verify\" or \"sign\""))
        }
        let key: JWTKey
        switch kty {
        case "RSA":
            let modulus = try field(n, "n"), exponent = try field(e, "e")
            if let d {
                key = try rsaPrivateKey(modulus: modulus, exponent: exponent, d: d)
                break
            }
            let rsaKey: RSA.Signing.PublicKey
            do { rsaKey = try RSA.Signing.PublicKey(modulus: modulus, publicExponent: exponent) } catch {
                throw JWTError(.invalidKey("\(error)"))
            }
            key = try JWTKey.rsa(rsaKey, algorithms: try rsaAlgorithms(), keyID: kid)
        case "EC":
            key = try ecKey()
        case "OKP":
            key = try okpKey()
        case "AKP":
            key = try akpKey()
        case "oct":
            let secret = SymmetricKey(data: try field(k, "k"))
            if let alg, JWTAlgorithm(rawValue: alg).map(JWTKey.hmacAlgorithms.contains) != true {
                throw JWTError(.invalidKey("an oct key for \"\(alg)\" is not supported (HS256, HS384 and HS512 are)"))
            }
            // "alg" names the one algorithm; without it, every HS algorithm the secret is long enough for.
            key = try JWTKey.hmac(secret, algorithms: alg.flatMap(JWTAlgorithm.init(rawValue:)).map { [$0] }, keyID: kid)
        default:
            throw JWTError(.invalidKey("key type \"\(kty)\" is not supported (RSA, EC, OKP, AKP and oct are)"))
        }
        if let alg, key.algorithms != [JWTAlgorithm(rawValue: alg)] {
            throw JWTError(.invalidKey("the key says alg \"\(alg)\" but a \(kty) key here is for \(key.algorithmNames)"))
        }
        return key
    }

    /// An RSA private JWK (RFC 7518 §6.3.2): two primes, every member present and consistent (a
    /// multi-prime key's "oth" is not read, so its p and q do not multiply to n and it is refused).
    private func rsaPrivateKey(modulus: [UInt8], exponent: [UInt8], d: String) throws(JWTError) -> JWTKey {
        for (name, value) in [("p", p), ("q", q), ("dp", dp), ("dq", dq), ("qi", qi)] where value == nil {
            throw JWTError(.invalidKey("an RSA private JWK needs \"p\", \"q\", \"dp\", \"dq\" and \"qi\" as well as \"d\"; \"\(name)\" is missing"))
        }
        let privateKey: RSA.Signing.PrivateKey
        do {
            privateKey = try RSA.Signing.PrivateKey(modulus: modulus, publicExponent: exponent, privateExponent: try field(d, "d"),
                                                    prime1: try field(p, "p"), prime2: try field(q, "q"), exponent1: try field(dp, "dp"),
                                                    exponent2: try field(dq, "dq"), coefficient: try field(qi, "qi"))
        } catch let error as JWTError {
            throw error
        } catch {
            throw JWTError(.invalidKey("\(error)"))
        }
        return try JWTKey.rsa(privateKey, algorithms: try rsaAlgorithms(), keyID: kid)
    }

    /// The RSA key's algorithms: the one its "alg" names, or without "alg" the RS and PS families.
    private func rsaAlgorithms() throws(JWTError) -> [JWTAlgorithm] {
        guard let alg else { return JWTKey.rsaAlgorithms }
        guard let algorithm = JWTAlgorithm(rawValue: alg), JWTKey.rsaAlgorithms.contains(algorithm) else {
            throw JWTError(.invalidKey("an RSA key for \"\(alg)\" is not supported (RS256/384/512 and PS256/384/512 are)"))
        }
        return [algorithm]
    }

    /// An EC key (RFC 7518 §6.2): the curve decides the algorithm (P-256 ES256, P-384 ES384, P-521
    /// ES512, secp256k1 ES256K by RFC 8812 §3.1); coordinates must have the curve's exact length (§6.2.1.2), and "d", when present, the same
    /// length (§6.2.2.1) and a public key equal to x and y.
    private func ecKey() throws(JWTError) -> JWTKey {
        func coordinates(_ length: Int) throws(JWTError) -> (xy: [UInt8], d: [UInt8]?) {
            let xBytes = try field(x, "x"), yBytes = try field(y, "y")
            guard xBytes.count == length, yBytes.count == length else {
                throw JWTError(.invalidKey("\(crv ?? "") coordinates are \(length) bytes each (RFC 7518 §6.2.1.2)"))
            }
            guard let d else { return (xBytes + yBytes, nil) }
            let scalar = try field(d, "d")
            guard scalar.count == length else {
                throw JWTError(.invalidKey("a \(crv ?? "") private key \"d\" is \(length) bytes (RFC 7518 §6.2.2.1)"))
            }
            return (xBytes + yBytes, scalar)
        }
        func matching(_ derived: [UInt8], _ stated: [UInt8]) throws(JWTError) {
            guard derived == stated else { throw JWTError(.invalidKey("the EC private key \"d\" does not match \"x\" and \"y\"")) }
        }
        do {
            switch crv {
            case "P-256"?:
                let (xy, d) = try coordinates(32)
                let publicKey = try P256.Signing.PublicKey(rawRepresentation: xy)
                guard let d else { return .es256(publicKey, keyID: kid) }
                let privateKey = try P256.Signing.PrivateKey(rawRepresentation: d)
                try matching(privateKey.publicKey.rawRepresentation, xy)
                return .es256(privateKey, keyID: kid)
            case "P-384"?:
                let (xy, d) = try coordinates(48)
                let publicKey = try P384.Signing.PublicKey(rawRepresentation: xy)
                guard let d else { return .es384(publicKey, keyID: kid) }
                let privateKey = try P384.Signing.PrivateKey(rawRepresentation: d)
                try matching(privateKey.publicKey.rawRepresentation, xy)
                return .es384(privateKey, keyID: kid)
            case "P-521"?:
                let (xy, d) = try coordinates(66)
                let publicKey = try P521.Signing.PublicKey(rawRepresentation: xy)
                guard let d else { return .es512(publicKey, keyID: kid) }
                let privateKey = try P521.Signing.PrivateKey(rawRepresentation: d)
                try matching(privateKey.publicKey.rawRepresentation, xy)
                return .es512(privateKey, keyID: kid)
            case "secp256k1"?:
                let (xy, d) = try coordinates(32)
                let publicKey = try Secp256k1.Signing.PublicKey(rawRepresentation: xy)
                guard let d else { return .es256k(publicKey, keyID: kid) }
                let privateKey = try Secp256k1.Signing.PrivateKey(rawRepresentation: d)
                try matching(privateKey.publicKey.rawRepresentation, xy)
                return .es256k(privateKey, keyID: kid)
            default:
                throw JWTError(.invalidKey("EC curve \"\(crv ?? "")\" is not supported (P-256, P-384, P-521 and secp256k1 are)"))
            }
        } catch let error as JWTError {
            throw error
        } catch {
            throw JWTError(.invalidKey("\(error)"))
        }
    }

    /// An OKP key (RFC 8037 §2): Ed25519, for "EdDSA" and "Ed25519" (RFC 9864), or Ed448, for "EdDSA" and
    /// "Ed448", or the one its "alg" names; the other curves say why they are not usable here.
    private func okpKey() throws(JWTError) -> JWTKey {
        switch crv {
        case "Ed25519"?:
            let xBytes = try field(x, "x")
            guard xBytes.count == 32 else { throw JWTError(.invalidKey("an Ed25519 \"x\" is 32 bytes (RFC 8037 §2), not \(xBytes.count)")) }
            // "alg" names one of the key's two names ("EdDSA", "Ed25519") and the key is for that one; without
            // it, for both (RFC 9864 §2.2: the same signature).
            // Any other "alg" is refused below, with the key's names.
            let named = alg.flatMap(JWTAlgorithm.init(rawValue:)).flatMap { JWTKey.ed25519Names.contains($0) ? [$0] : nil }
            let names = named ?? JWTKey.ed25519Names
            do {
                let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: xBytes)
                guard let d else { return try JWTKey.eddsa(publicKey, keyID: kid).restricted(to: names) }
                let privateKey = try Curve25519.Signing.PrivateKey(rawRepresentation: try field(d, "d"))
                guard privateKey.publicKey == publicKey else {
                    throw JWTError(.invalidKey("the Ed25519 private key \"d\" does not match \"x\""))
                }
                return try JWTKey.eddsa(privateKey, keyID: kid).restricted(to: names)
            } catch let error as JWTError {
                throw error
            } catch {
                throw JWTError(.invalidKey("\(error)"))
            }
        case "Ed448"?:
            let xBytes = try field(x, "x")
            guard xBytes.count == 57 else { throw JWTError(.invalidKey("an Ed448 \"x\" is 57 bytes (RFC 8037 §2), not \(xBytes.count)")) }
            let named = alg.flatMap(JWTAlgorithm.init(rawValue:)).flatMap { JWTKey.ed448Names.contains($0) ? [$0] : nil }
            let names = named ?? JWTKey.ed448Names
            do {
                let publicKey = try Curve448.Signing.PublicKey(rawRepresentation: xBytes)
                guard let d else { return try JWTKey.eddsa(publicKey, keyID: kid).restricted(to: names) }
                let privateKey = try Curve448.Signing.PrivateKey(rawRepresentation: try field(d, "d"))
                guard privateKey.publicKey == publicKey else {
                    throw JWTError(.invalidKey("the Ed448 private key \"d\" does not match \"x\""))
                }
                return try JWTKey.eddsa(privateKey, keyID: kid).restricted(to: names)
            } catch let error as JWTError {
                throw error
            } catch {
                throw JWTError(.invalidKey("\(error)"))
            }
        case let curve? where curve == "X25519" || curve == "X448":
            throw JWTError(.invalidKey("an OKP \(curve) key is for key agreement (ECDH-ES, RFC 8037 §3.2), not for signatures"))
        case let curve?:
            throw JWTError(.invalidKey("OKP curve \"\(curve)\" is not supported (Ed25519 and Ed448 are)"))
        case nil:
            throw JWTError(.invalidKey("missing \"crv\""))
        }
    }

    /// An AKP key (RFC 9964 §2): "alg" names the parameter set and is required; "pub" is pk; "priv", when
    /// present, is the 32-byte seed, and the public key it gives must be "pub".
    private func akpKey() throws(JWTError) -> JWTKey {
        guard let alg else { throw JWTError(.invalidKey("an AKP key needs \"alg\" (RFC 9964 §2): it names the parameter set")) }
        guard let algorithm = MLDSAAlgorithm(rawValue: alg) else {
            throw JWTError(.invalidKey("AKP algorithm \"\(alg)\" is not supported (ML-DSA-44, ML-DSA-65 and ML-DSA-87 are)"))
        }
        let publicBytes = try field(pub, "pub")
        do {
            let publicKey = try JWTKey.mldsa(publicKey: publicBytes, algorithm: algorithm, keyID: kid)
            guard let priv else { return publicKey }
            let privateKey = try JWTKey.mldsa(seed: try field(priv, "priv"), algorithm: algorithm, keyID: kid)
            guard case .mldsaPrivate(let signer) = privateKey.material, signer.publicKey.rawRepresentation == publicBytes else {
                throw JWTError(.invalidKey("the AKP private key \"priv\" does not give the public key \"pub\": the JWK is corrupted or was assembled from two keys"))
            }
            return privateKey
        } catch let error as JWTError {
            throw error
        } catch {
            throw JWTError(.invalidKey("\(error)"))
        }
    }

    private func field(_ value: String?, _ name: String) throws(JWTError) -> [UInt8] {
        guard let value else { throw JWTError(.invalidKey("missing \"\(name)\"")) }
        do { return try Base64URL.decode(value) } catch {
            throw JWTError(.invalidKey("\"\(name)\" is not base64url: \(error)"))
        }
    }

    /// The RFC 7638 thumbprint: SHA-256 of the required members in lexicographic order, no whitespace,
    /// base64url-encoded. For an "oct" key that is a hash of the secret: harmless for a random key, but
    /// not to be published for a PBES2 password (anyone could test guesses against it at hash speed).
    public func thumbprint() throws(JWTError) -> String {
        let members: [(String, String?)]
        switch kty {
        case "RSA": members = [("e", e), ("kty", kty), ("n", n)]
        case "EC": members = [("crv", crv), ("kty", kty), ("x", x), ("y", y)]
        case "OKP": members = [("crv", crv), ("kty", kty), ("x", x)]
        case "oct": members = [("k", k), ("kty", kty)]
        case "AKP": members = [("alg", alg), ("kty", kty), ("pub", pub)]
        default: throw JWTError(.invalidKey("no thumbprint is defined here for key type \"\(kty)\""))
        }
        var json = "{"
        for (index, (name, value)) in members.enumerated() {
            guard let value else { throw JWTError(.invalidKey("missing \"\(name)\"")) }
            json += (index > 0 ? "," : "") + "\"\(name)\":\"\(value)\""
        }
        json += "}"
        return Base64URL.encode(SHA256.hash(data: Array(json.utf8)))
    }
}

/// A JWK Set (RFC 7517 §5), e.g. Apple's https://appleid.apple.com/auth/keys. Keys that cannot be used
/// (unsupported type or curve, invalid values) are skipped, not fatal: one odd key must not take down
/// verification with all the others. Two things make the whole set ambiguous and are refused: two usable
/// keys with the same "kid", and symmetric ("oct") keys mixed with public keys (a published key set never
/// holds secrets; mixing them invites algorithm confusion).
///
/// A key set is input from the network, and building an RSA key costs a modular exponentiation (~20 µs
/// for 2048 bits, over a millisecond for 16384), so a hostile or broken set could otherwise make one
/// parse cost seconds. The document is refused, before any key is built, when it is larger than
/// `maximumSize` bytes (default 1 MiB) or lists more than `maximumKeyCount` keys (default 100); Apple's
/// set is about 1.5 KB with three keys.
public struct JSONWebKeySet: Sendable {
    /// The usable keys, in the set's order.
    public let keys: [JWTKey]
    /// The keys that were skipped, with the reason.
    public let skipped: [(kid: String?, reason: String)]

    /// The default limit on the number of entries in "keys" (usable or not).
    public static let defaultMaximumKeyCount = 100
    /// The default limit on the document's size in bytes.
    public static let defaultMaximumSize = 1 << 20

    /// Parses a JWKS document.
    public init(json: Data, maximumKeyCount: Int = defaultMaximumKeyCount,
                maximumSize: Int = defaultMaximumSize) throws(JWTError) {
        let results = try Self.entries(of: json, maximumKeyCount: maximumKeyCount, maximumSize: maximumSize)
        var keys: [JWTKey] = []
        var skipped: [(kid: String?, reason: String)] = []
        for entry in results {
            switch entry {
            case .success(let jwk):
                do { keys.append(try jwk.jwtKey()) } catch { skipped.append((jwk.kid, error.description)) }
            case .failure(let error):
                skipped.append((nil, "not a JWK: \(JSONNodeDecoder.describe(error))"))
            }
        }
        let symmetric = keys.filter { $0.algorithm.isSymmetric }.count
        if symmetric > 0 && symmetric < keys.count {
            throw JWTError(.invalidKey("the key set mixes symmetric (oct) keys with public keys"))
        }
        self.keys = keys
        self.skipped = skipped
    }

    /// Parses a JWKS document from text.
    public init(json: String, maximumKeyCount: Int = defaultMaximumKeyCount,
                maximumSize: Int = defaultMaximumSize) throws(JWTError) {
        try self.init(json: Data(json.utf8), maximumKeyCount: maximumKeyCount, maximumSize: maximumSize)
    }

    /// The key with this kid.
    public func key(withID kid: String) -> JWTKey? { keys.first { $0.keyID == kid } }

    /// The entries of a JWKS document, each a JWK or why it is not one; shared with `JWEKeySet`. Refused
    /// as a whole: a document over `maximumSize` bytes or listing over `maximumKeyCount` keys (checked
    /// before any key is built), one that is not a JSON object with a "keys" array, and two entries with
    /// the same "kid", usable or not (which one a token means would be ambiguous).
    static func entries(of json: Data, maximumKeyCount: Int, maximumSize: Int) throws(JWTError) -> [Result<JSONWebKey, any Error>] {
        guard json.count <= maximumSize else {
            throw JWTError(.malformed(part: "JWKS", detail: "the document is \(json.count) bytes, over the limit of \(maximumSize); pass maximumSize: to accept larger sets from a source you trust"))
        }
        // The strict parser (duplicate members refused at any depth: two "keys" arrays, or a key with two
        // "n"s, would let two readers of one document see different keys), then each entry on its own, so
        // that one odd key is skipped rather than fatal.
        let root: JSONObject
        do { root = try JSONNode.parseObject(Array(json)) } catch {
            throw JWTError(.malformed(part: "JWKS", detail: "not a JSON object with a \"keys\" array: \(error)"))
        }
        guard case .array(let entries)? = root["keys"] else {
            throw JWTError(.malformed(part: "JWKS", detail: "not a JSON object with a \"keys\" array"))
        }
        guard entries.count <= maximumKeyCount else {
            throw JWTError(.malformed(part: "JWKS", detail: "the set lists \(entries.count) keys, over the limit of \(maximumKeyCount); pass maximumKeyCount: to accept larger sets from a source you trust"))
        }
        let results: [Result<JSONWebKey, any Error>] = entries.map { entry in
            Result { try JSONNodeDecoder.decode(JSONWebKey.self, from: entry) }
        }
        var seen = Set<String>()
        for case .success(let jwk) in results {
            guard let kid = jwk.kid else { continue }
            guard seen.insert(kid).inserted else {
                throw JWTError(.invalidKey("the key set has two keys with kid \"\(kid)\"; a kid must name one key"))
            }
        }
        return results
    }
}

// A JWK may carry a private scalar ("d") or an HMAC secret ("k"); printing, `dump` and string
// interpolation show that one is there, never its value.
extension JSONWebKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var redactedMembers: [(String, String)] {
        var members: [(String, String)] = [("kty", kty)]
        for (name, value) in [("kid", kid), ("alg", alg), ("use", use), ("crv", crv), ("x", x), ("y", y), ("n", n), ("e", e), ("pub", pub)] {
            if let value { members.append((name, value)) }
        }
        for (name, value) in [("d", d), ("p", p), ("q", q), ("dp", dp), ("dq", dq), ("qi", qi), ("priv", priv)] where value != nil {
            members.append((name, "redacted"))
        }
        if k != nil { members.append(("k", "redacted")) }
        return members
    }

    /// The public members; "d" and "k" appear as "redacted".
    public var description: String {
        "JSONWebKey(" + redactedMembers.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
    }

    /// Same as `description`: secrets redacted.
    public var debugDescription: String { description }

    /// The public members; "d" and "k" appear as "redacted".
    public var customMirror: Mirror {
        Mirror(self, children: redactedMembers.map { (label: Optional($0.0), value: $0.1 as Any) }, displayStyle: .struct)
    }
}
