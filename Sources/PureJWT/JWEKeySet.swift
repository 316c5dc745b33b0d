// A JWK Set (RFC 7517 §5) read for JWE: a recipient's published encryption keys (the "jwks_uri" an
// OpenID Connect provider encrypts ID tokens to, RFC 7516's key types with "use": "enc"), or a server's
// own decryption keys kept as one document.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JWE keys of a JWK Set. The document is read as `JSONWebKeySet` reads one — the same size and
/// key-count limits, checked before any key is built, the same strict JSON, and two entries with one
/// "kid" refused — and each entry goes through `JSONWebKey.jweKey()`: keys that are not encryption keys (a
/// `"use": "sig"` key, an RSA1_5 key, an unsupported curve, a malformed entry) are skipped with the reason,
/// so that one odd key does not take down the others.
///
/// Unlike a signature key set, shared keys may stand beside RSA and EC keys here: every JWE key is bound
/// to its key-management algorithms (an "oct" JWK must name its "alg"; an RSA or EC key never serves as a
/// `dir` or key-wrap secret), so no key can be read as another kind.
public struct JWEKeySet: Sendable {
    /// The usable keys, in the set's order.
    public let keys: [JWEKey]
    /// The entries that were skipped, with the reason.
    public let skipped: [(kid: String?, reason: String)]

    /// Parses a JWKS document.
    public init(json: Data, maximumKeyCount: Int = JSONWebKeySet.defaultMaximumKeyCount,
                maximumSize: Int = JSONWebKeySet.defaultMaximumSize) throws(JWTError) {
        var keys: [JWEKey] = []
        var skipped: [(kid: String?, reason: String)] = []
        for entry in try JSONWebKeySet.entries(of: json, maximumKeyCount: maximumKeyCount, maximumSize: maximumSize) {
            switch entry {
            case .success(let jwk):
                do { keys.append(try jwk.jweKey()) } catch { skipped.append((jwk.kid, error.description)) }
            case .failure(let error):
                skipped.append((nil, "not a JWK: \(JSONNodeDecoder.describe(error))"))
            }
        }
        self.keys = keys
        self.skipped = skipped
    }

    /// Parses a JWKS document from text.
    public init(json: String, maximumKeyCount: Int = JSONWebKeySet.defaultMaximumKeyCount,
                maximumSize: Int = JSONWebKeySet.defaultMaximumSize) throws(JWTError) {
        try self.init(json: Data(json.utf8), maximumKeyCount: maximumKeyCount, maximumSize: maximumSize)
    }

    /// The key with this kid.
    public func key(withID kid: String) -> JWEKey? { keys.first { $0.keyID == kid } }
}
