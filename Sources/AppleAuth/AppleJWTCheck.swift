// What identity tokens and notifications share: RS256 with a key from Apple's set by kid, iss
// "https://appleid.apple.com", aud one of the app's client IDs, exp/nbf/iat with a leeway and a clock.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

struct AppleJWTCheck: Sendable {
    let verifier: JWTVerifier
    let validation: JWTValidation
    let clientIDs: Set<String>

    init(clientIDs: Set<String>, keySet: JSONWebKeySet, leeway: TimeInterval, now: @escaping @Sendable () -> Date) {
        // Apple signs with RS256 only: any other key in the set is not used.
        verifier = JWTVerifier(keys: keySet.keys.filter { $0.algorithm == .rs256 })
        validation = JWTValidation(issuer: AppleIdentityTokenVerifier.issuer, audiences: clientIDs, leeway: leeway, now: now)
        self.clientIDs = clientIDs
    }

    /// The claims, after every check. Beyond JWTValidation's "one audience is ours", every audience must be
    /// ours: OpenID Connect Core §3.1.3.7 (3) rejects an ID token with audiences the client does not trust.
    func claims<Claims: Decodable>(of token: String, as type: Claims.Type) throws(AppleAuthError) -> Claims {
        do throws(JWTError) {
            let both = try verifier.verify(token, as: WithAudience<Claims>.self, validation: validation)
            let untrusted = both.aud.values.filter { !clientIDs.contains($0) }
            guard untrusted.isEmpty else {
                throw JWTError(.audienceMismatch(expected: clientIDs.sorted(), found: both.aud.values))
            }
            return both.claims
        } catch {
            if case .algorithmMismatch(let header, _) = error.reason { throw AppleAuthError(.unexpectedAlgorithm(header)) }
            throw AppleAuthError(.tokenRejected(error))
        }
    }
}

/// The caller's claims and the audience, from one decode.
private struct WithAudience<Claims: Decodable>: Decodable {
    let aud: Audience
    let claims: Claims

    init(from decoder: any Decoder) throws {
        aud = try decoder.container(keyedBy: AnyCodingKey.self).decode(Audience.self, forKey: AnyCodingKey(stringValue: "aud"))
        claims = try Claims(from: decoder)
    }
}
