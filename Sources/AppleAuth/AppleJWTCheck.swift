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
        // Apple signs with RS256 only: any other key in the set is not used, and an RSA key published
        // without "alg" is narrowed to RS256. (Apple's keys say RS256, so the filter, an array per
        // verifier, is skipped when it would keep them all.)
        let keys = keySet.keys.allSatisfy { $0.algorithms == [.rs256] } ? keySet.keys
            : keySet.keys.compactMap { try? $0.restricted(to: [.rs256]) }
        verifier = JWTVerifier(keys: keys)
        validation = JWTValidation(issuer: AppleIdentityTokenVerifier.issuer, audiences: clientIDs, leeway: leeway, now: now)
        self.clientIDs = clientIDs
    }

    /// The claims and the audiences, after every check. Beyond JWTValidation's "one audience is ours",
    /// every audience must be ours: OpenID Connect Core §3.1.3.7 (3) rejects an ID token with audiences the
    /// client does not trust.
    func claims<Claims: Decodable>(of token: String, as type: Claims.Type) throws(AppleAuthError) -> (Claims, [String]) {
        do throws(JWTError) {
            let verified = try verifier.verifiedJWT(token, as: Claims.self, validation: validation)
            // The validation required an audience, so `aud` is present here.
            let audiences = verified.registeredClaims.aud?.values ?? []
            guard audiences.allSatisfy(clientIDs.contains) else {
                throw JWTError(.audienceMismatch(expected: clientIDs.sorted(), found: audiences))
            }
            return (verified.claims, audiences)
        } catch {
            throw AppleAuthError(error)
        }
    }
}
