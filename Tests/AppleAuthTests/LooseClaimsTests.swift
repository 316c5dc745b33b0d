// The fast paths of `JSONValue` and `LenientBool` (which read PureJWT's parsed tree directly) against the
// general path they replace (the same types decoded by Foundation's JSONDecoder): the same claims must
// give the same values, and the same inputs must fail.

import Foundation
@testable import AppleAuth
import PureBase64
import PureJWT
import Testing

/// The claims of `payload` decoded through PureJWT's decoder (an unsigned token: only decoding is tested).
private func throughPureJWT(_ payload: String) -> AppleIdentityToken? {
    let token = Base64URL.encode(Array(#"{"alg":"RS256"}"#.utf8)) + "." + Base64URL.encode(Array(payload.utf8)) + ".AA"
    return try? JWTVerifier.unverifiedClaims(of: token, as: AppleIdentityToken.self)
}

private func throughFoundation(_ payload: String) -> AppleIdentityToken? {
    try? JSONDecoder().decode(AppleIdentityToken.self, from: Data(payload.utf8))
}

private let required = #""iss":"https://appleid.apple.com","sub":"001.abc","aud":"com.example","exp":2000000000,"iat":1700000000"#

@Suite("Loosely typed claims: PureJWT's fast path against JSONDecoder")
struct LooseClaimsTests {
    @Test("LenientBool and unknown claims of every JSON type", arguments: [
        #"{\#(required)}"#,
        #"{\#(required),"email_verified":true,"is_private_email":"false","nonce_supported":"true"}"#,
        #"{\#(required),"email_verified":"yes"}"#,                      // neither a boolean nor "true"/"false"
        #"{\#(required),"email_verified":1}"#,
        #"{\#(required),"custom":null,"n":-1.5e3,"s":"x","b":false,"a":[1,"2",[null]],"o":{"k":{"l":[]}}}"#,
        #"{\#(required),"huge":1e400}"#,                                 // beyond Double: refused on both paths
    ])
    func samePaths(_ payload: String) {
        let ours = throughPureJWT(payload), theirs = throughFoundation(payload)
        #expect((ours == nil) == (theirs == nil), "\(payload)")
        guard let ours, let theirs else { return }
        #expect(ours.emailVerified == theirs.emailVerified && ours.isPrivateEmail == theirs.isPrivateEmail)
        #expect(ours.nonceSupported == theirs.nonceSupported)
        #expect(ours.otherClaims == theirs.otherClaims)
    }

    @Test("the valid payloads above decode (the comparison is not of two failures)")
    func decodes() {
        let value = throughPureJWT(#"{\#(required),"email_verified":"true","n":2,"a":[true]}"#)
        #expect(value?.emailVerified == true)
        #expect(value?.otherClaims["n"] == .number(2) && value?.otherClaims["a"] == .array([.bool(true)]))
        #expect(throughPureJWT(#"{\#(required),"email_verified":"yes"}"#) == nil)
    }
}
