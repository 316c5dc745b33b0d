// Reading what apps and Apple send, with a size limit before anything is parsed: the native sign-in body,
// Apple's form_post callback of the web flow, and a server-to-server notification.

import AppleAuth
import PureJWT
import Hummingbird
import Foundation
import NIOCore

/// The body a native app posts after Sign in with Apple:
/// `{"identityToken": "...", "authorizationCode": "...", "nonce": "..."}` (the last two optional; `nonce`
/// is the raw nonce whose SHA-256 the app sent to Apple).
public struct AppleSignInRequestBody: Codable, Sendable {
    /// The identity token (a JWS) from `ASAuthorizationAppleIDCredential.identityToken`.
    public let identityToken: String
    /// The single-use authorization code, to exchange for a refresh token.
    public let authorizationCode: String?
    /// The raw nonce the app hashed into the request, if it sent one.
    public let nonce: String?

    /// A body (for clients and tests).
    public init(identityToken: String, authorizationCode: String? = nil, nonce: String? = nil) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.nonce = nonce
    }

    /// Verifies the identity token (and, with a code, its `c_hash`) with `apple`. With a nonce, the
    /// token must carry its SHA-256; without one, the token must carry no nonce either — a token that
    /// has one was requested with a nonce, and a caller that cannot show it may be replaying a stolen token.
    public func verifiedIdentity(using apple: SignInWithApple) async throws(AppleAuthError) -> AppleIdentityToken {
        let identity = try await apple.verifyIdentityToken(identityToken, nonce: nonce.map { .raw($0) } ?? .notSent,
                                                           authorizationCode: authorizationCode)
        if nonce == nil, identity.nonce != nil { throw AppleAuthError(.nonceMismatch) }
        return identity
    }

    /// Verifies as `verifiedIdentity(using:)` does, then exchanges the authorization code at Apple for the
    /// client ID the token was issued to; `tokens` is nil when the body has no code.
    public func signIn(using apple: SignInWithApple, redirectURI: String? = nil) async throws(AppleAuthError)
        -> (identity: AppleIdentityToken, tokens: AppleTokenResponse?) {
        let identity = try await verifiedIdentity(using: apple)
        guard let code = authorizationCode else { return (identity, nil) }
        guard let clientID = identity.aud.values.first else { throw AppleAuthError(.tokenRejected(JWTError(.missingClaim("aud")))) }
        return (identity, try await apple.exchange(code: code, clientID: clientID, redirectURI: redirectURI))
    }
}

extension Request {
    /// The body's bytes, refused with 413 beyond `limit`.
    public func appleBodyBytes(limit: Int = 64 * 1024) async throws -> [UInt8] {
        do {
            let buffer = try await body.collect(upTo: limit)
            return Array(buffer: buffer)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge, message: "the body is over \(limit) bytes")
        }
    }

    /// The native sign-in body, decoded as JSON; 400 if it is not one.
    public func appleSignInBody(context: some RequestContext, limit: Int = 64 * 1024) async throws -> AppleSignInRequestBody {
        let bytes = try await appleBodyBytes(limit: limit)
        do {
            return try JSONDecoder().decode(AppleSignInRequestBody.self, from: Data(bytes))
        } catch {
            throw HTTPError(.badRequest, message: "expected {\"identityToken\": ..., \"authorizationCode\"?: ..., \"nonce\"?: ...}")
        }
    }

    /// Apple's form_post to the web flow's redirect URI; an `AppleAuthError` (`.invalidCallback`, answer
    /// 400) for a malformed form or the user's cancellation.
    public func appleAuthorizationCallback(limit: Int = 64 * 1024) async throws -> AppleAuthorizationCallback {
        let bytes = try await appleBodyBytes(limit: limit)
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw AppleAuthError(.invalidCallback("the body is not UTF-8"))
        }
        return try AppleAuthorizationCallback(formBody: text)
    }
}
