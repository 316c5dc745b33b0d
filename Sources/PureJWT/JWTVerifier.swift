// Verifying a token: the short path is the safe one. The order of checks: size, structure, header rules
// ("none", "crit", "b64", algorithm), key by "kid", algorithm of the key, signature; only then the payload
// is read and the claims validated.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

/// Verifies JWS compact tokens against a fixed set of keys.
///
/// ```swift
/// let verifier = JWTVerifier(keySet: try JSONWebKeySet(json: jwksData))
/// let claims = try verifier.verify(token, as: MyClaims.self,
///                                  validation: JWTValidation(issuer: "https://appleid.apple.com", audiences: ["com.example.app"]))
/// ```
public struct JWTVerifier: Sendable {
    /// The keys tokens are checked against: by "kid" when the token names one, else by algorithm.
    public let keys: [JWTKey]
    /// Tokens larger than this many bytes are refused before any decoding (default 16 KiB).
    public var maximumTokenSize: Int
    /// The most signatures a JWS JSON serialization may list (``verifiedJSONSerialization(_:)``); more are
    /// refused before any is checked.
    public var maximumSignatureCount = 10

    /// A verifier for `keys`.
    public init(keys: [JWTKey], maximumTokenSize: Int = 16 * 1024) {
        self.keys = keys
        self.maximumTokenSize = maximumTokenSize
    }

    /// A verifier for the usable keys of a JWKS.
    public init(keySet: JSONWebKeySet, maximumTokenSize: Int = 16 * 1024) {
        self.init(keys: keySet.keys, maximumTokenSize: maximumTokenSize)
    }

    /// Verifies `token` and returns its claims decoded as `Claims`, after checking the registered claims
    /// with `validation`.
    public func verify<Claims: Decodable>(_ token: String, as type: Claims.Type = Claims.self,
                                          validation: JWTValidation) throws(JWTError) -> Claims {
        try verifiedJWT(token, as: Claims.self, validation: validation).claims
    }

    /// `verify(_:as:validation:)`, also returning the header and the registered claims it validated, for
    /// checks beyond `JWTValidation` (AppleAuth requires every audience to be one of the app's) without
    /// decoding the payload twice.
    public func verifiedJWT<Claims: Decodable>(
        _ token: String, as type: Claims.Type = Claims.self, validation: JWTValidation
    ) throws(JWTError) -> VerifiedJWT<Claims> {
        let jws = try verifiedJWS(token)
        let (object, registered) = try Self.validatedClaims(jws.payload, validation: validation)
        return VerifiedJWT(header: jws.header, registeredClaims: registered, claims: try Self.decode(Claims.self, from: .object(object)))
    }

    /// The payload as a claims object and its registered claims, validated. One parse: the registered
    /// claims and the caller's type both come from the same tree.
    static func validatedClaims(_ payload: [UInt8], validation: JWTValidation) throws(JWTError) -> (JSONObject, RegisteredClaims) {
        let object: JSONObject
        do { object = try JSONNode.parseObject(payload) } catch {
            throw JWTError(.claimsDecoding("the payload is not a JSON object: \(error.message) at byte \(error.offset)"))
        }
        let registered = try RegisteredClaims(object: object)
        try validation.validate(registered)
        return (object, registered)
    }

    /// Verifies the signature of a JWS whose payload need not be JWT claims, and returns the payload.
    /// No claim is checked: use `verify(_:as:validation:)` for JWTs.
    public func verifiedPayload(_ token: String) throws(JWTError) -> [UInt8] {
        try verifiedJWS(token).payload
    }

    /// Checks everything up to and including the signature.
    func verifiedJWS(_ token: String) throws(JWTError) -> CompactJWS {
        let jws = try CompactJWS(token, maximumSize: maximumTokenSize)
        try jws.header.validate()
        let algorithm = try JWTAlgorithm.fromHeader(jws.header.alg)
        // Candidates: the keys with the header's kid, or without a kid, the keys for its algorithm — in
        // order, and without building an array of them (a key copy is a reference-count update).
        let kid = jws.header.kid
        var foundCandidate = false
        for key in keys where kid.map({ key.keyID == $0 }) ?? key.allows(algorithm) {
            foundCandidate = true
            guard key.allows(algorithm) else {
                throw JWTError(.algorithmMismatch(header: jws.header.alg, key: key.algorithmNames))
            }
            if try key.verify(signature: jws.signature, signingInput: jws.signingInput, algorithm: algorithm) { return jws }
        }
        guard foundCandidate else { throw JWTError(.keyNotFound(kid: kid)) }
        throw JWTError(.invalidSignature)
    }

    private static func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws(JWTError) -> T {
        do { return try JSONNodeDecoder.decode(T.self, from: node) } catch {
            throw JWTError(.claimsDecoding(JSONNodeDecoder.describe(error)))
        }
    }

    /// The claims of `token` WITHOUT checking its signature or any claim: for debugging and logging only.
    /// Never make a decision on what this returns.
    public static func unverifiedClaims<Claims: Decodable>(of token: String, as type: Claims.Type = Claims.self,
                                                           maximumTokenSize: Int = 16 * 1024) throws(JWTError) -> Claims {
        let jws = try CompactJWS(token, maximumSize: maximumTokenSize)
        let node: JSONNode
        do { node = try JSONNode.parse(jws.payload) } catch {
            throw JWTError(.claimsDecoding("the payload is not JSON: \(error)"))
        }
        return try decode(Claims.self, from: node)
    }
}

/// A token whose signature and registered claims have been checked.
public struct VerifiedJWT<Claims> {
    /// The protected header (its `alg` matched the key that verified the signature).
    public let header: JWTHeader
    /// iss, sub, aud, exp, nbf, iat and jti as the token carries them (already validated).
    public let registeredClaims: RegisteredClaims
    /// The payload decoded as the caller's type.
    public let claims: Claims
}

extension VerifiedJWT: Sendable where Claims: Sendable {}

/// Signs claims into compact JWS tokens with a private key or an HMAC secret; the key decides "alg".
public struct JWTSigner: Sendable {
    /// The signing key; it decides "alg".
    public let key: JWTKey

    /// A signer with `key` (a private key or an HMAC secret; a public key throws when signing).
    public init(key: JWTKey) { self.key = key }

    /// `claims` signed with the key. Without a header: {"alg" (the key's `algorithm`), "kid" (the key's
    /// ID), "typ": "JWT"}. A header's "alg" must be one of the key's algorithms (an RSA key made for RS256
    /// and PS256 signs either); its "kid", when nil, becomes the key's ID. Registered claims of the wrong
    /// type ("exp" not a number, "sub" not a string, …), which every verifier refuses, throw `invalidJSON`.
    public func sign<Claims: Encodable>(_ claims: Claims, header: JWTHeader? = nil) throws(JWTError) -> String {
        let (header, algorithm) = try resolved(header)
        let node: JSONNode
        do {
            node = try JSONNodeEncoder.encode(claims)
        } catch {
            throw JWTError(.claimsDecoding("could not encode: \(error)"))
        }
        if case .object(let object) = node { try RegisteredClaims.checkForSigning(object) }
        return try sign(payload: node.jsonBytes, header: header, algorithm: algorithm)
    }

    /// Claims that exist as JSON text (a file, a request body) rather than as a Swift type: the text must
    /// be one JSON object, read by the strict rules of verification (duplicate names, bad UTF-8 and deep
    /// nesting refused), and is signed written compactly, member names sorted, numbers exactly as given.
    /// The header and the check of the registered claims as for `sign(_:header:)`.
    public func sign(claimsJSON: [UInt8], header: JWTHeader? = nil, maximumSize: Int = 1 << 20) throws(JWTError) -> String {
        guard claimsJSON.count <= maximumSize else {
            throw JWTError(.invalidJSON("the claims are \(claimsJSON.count) bytes, over the limit of \(maximumSize)"))
        }
        let object: JSONObject
        do { object = try JSONNode.parseObject(claimsJSON) } catch {
            throw JWTError(.invalidJSON("the claims are not a JSON object: \(error.message) at byte \(error.offset)"))
        }
        try RegisteredClaims.checkForSigning(object)
        let (header, algorithm) = try resolved(header)
        return try sign(payload: JSONNode.object(object).jsonBytes, header: header, algorithm: algorithm)
    }

    /// The header to sign with, and its algorithm: one of the key's.
    private func resolved(_ header: JWTHeader?) throws(JWTError) -> (JWTHeader, JWTAlgorithm) {
        var header = header ?? JWTHeader(alg: key.algorithm.rawValue, kid: key.keyID)
        guard let algorithm = JWTAlgorithm(rawValue: header.alg), key.allows(algorithm) else {
            throw JWTError(.algorithmMismatch(header: header.alg, key: key.algorithmNames))
        }
        if header.kid == nil { header.kid = key.keyID }
        return (header, algorithm)
    }

    private func sign(payload claimsJSON: [UInt8], header: JWTHeader, algorithm: JWTAlgorithm) throws(JWTError) -> String {
        // header.payload encoded in place into one buffer sized for the whole token, signed, then
        // .signature appended: one buffer, one String at the end.
        let headerJSON = try header.jsonBytes()
        var token: [UInt8] = []
        token.reserveCapacity(Base64URL.encodedCount(headerJSON.count) + Base64URL.encodedCount(claimsJSON.count)
                              + Base64URL.encodedCount(key.maximumSignatureLength) + 2)
        Base64URL.append(headerJSON, to: &token)
        token.append(UInt8(ascii: "."))
        Base64URL.append(claimsJSON, to: &token)
        let signature = try key.sign(token, algorithm: algorithm)
        token.append(UInt8(ascii: "."))
        Base64URL.append(signature, to: &token)
        return String(decoding: token, as: UTF8.self)
    }
}
