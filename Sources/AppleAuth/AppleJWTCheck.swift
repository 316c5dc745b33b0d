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

    init(clientIDs: Set<String>, keySet: JSONWebKeySet, leeway: TimeInterval, now: @escaping @Sendable () -> Date) {
        // Apple signs with RS256 only: any other key in the set is not used.
        verifier = JWTVerifier(keys: keySet.keys.filter { $0.algorithm == .rs256 })
        validation = JWTValidation(issuer: AppleIdentityTokenVerifier.issuer, audiences: clientIDs, leeway: leeway, now: now)
    }

    func claims<Claims: Decodable>(of token: String, as type: Claims.Type) throws(AppleAuthError) -> Claims {
        do { return try verifier.verify(token, as: Claims.self, validation: validation) } catch {
            if case .algorithmMismatch(let header, _) = error.reason { throw AppleAuthError(.unexpectedAlgorithm(header)) }
            throw AppleAuthError(.tokenRejected(error))
        }
    }
}
