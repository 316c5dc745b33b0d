// Reading what apps and Apple send, with a size limit before anything is parsed: the app's sign-in body,
// Apple's form_post callback of the web flow, and a server-to-server notification.

import AppleAuth
import Hummingbird
import Foundation
import NIOCore

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

    /// The app's sign-in body (`AppleSignInRequest`: identityToken, authorizationCode?, nonce?), decoded as
    /// JSON; 400 if it is not one. Sign in with `SignInWithApple.signIn(_:)`.
    public func appleSignInBody(context: some RequestContext, limit: Int = 64 * 1024) async throws -> AppleSignInRequest {
        let bytes = try await appleBodyBytes(limit: limit)
        do {
            return try JSONDecoder().decode(AppleSignInRequest.self, from: Data(bytes))
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
