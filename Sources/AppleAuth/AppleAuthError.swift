// The one error type of AppleAuth: every public entry of the module throws it. `reason` says exactly what
// failed; `category` is what a server switches on to choose its answer.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// Why a Sign in with Apple step failed, with what to check.
///
/// ```swift
/// do {
///     let user = try await signInWithApple.verifyIdentityToken(token, nonce: .raw(rawNonce))
/// } catch {
///     switch error.category {
///     case .rejectedToken: return .unauthorized                 // 401: the client sent something invalid
///     case .appleError: return .badRequest                       // 400: Apple refused (error.appleError?.code)
///     case .keysUnavailable, .transport: return .serviceUnavailable   // 503: Apple unreachable; try later
///     case .configuration: return .internalServerError           // 500: fix the server's settings
///     }
/// }
/// ```
public struct AppleAuthError: Error, Sendable, CustomStringConvertible {
    /// Exactly what failed.
    public enum Reason: Sendable {
        /// A team, key or client ID that cannot be right (which, and why).
        case invalidIdentifier(String)
        /// The .p8 key could not be loaded (the underlying message).
        case invalidPrivateKey(String)
        /// A client-secret lifetime outside (0, 15,777,000] seconds.
        case invalidLifetime(TimeInterval)
        /// Another setting that cannot work (which, and why): a NaN leeway, a client ID that is not
        /// configured, a base URL that is not http(s), a REST call on a verify-only configuration.
        case invalidConfiguration(String)
        /// The identity token or notification failed verification (the JWT error says which check).
        case tokenRejected(JWTError)
        /// The token is signed with something other than RS256.
        case unexpectedAlgorithm(String)
        /// A nonce was expected but the token has none.
        case missingNonce
        /// The token's nonce is not the expected one.
        case nonceMismatch
        /// An authorization code was given but the token has no c_hash to bind it to.
        case missingCodeHash
        /// The token's c_hash is not the hash of the authorization code it came with.
        case codeHashMismatch
        /// The token's "azp" is missing (with several audiences) or not one of the app's client IDs.
        case authorizedPartyMismatch(found: String?)
        /// Apple's form_post callback (or its "user" JSON) is not what Apple sends (what is wrong).
        case invalidCallback(String)
        /// Apple answered the request with an error (its code and description, and the likely causes).
        case appleRejected(AppleAPIError)
        /// Apple answered 2xx with a body that is not what its documentation describes.
        case invalidResponse(String)
        /// Apple's signing keys cannot be had: never fetched, or held too long past their expiry (why).
        case keysUnavailable(String)
        /// The request did not complete (the transport's message). `requestMayHaveReachedApple` is false
        /// only when the connection never opened, so the request certainly was not sent.
        case transport(String, requestMayHaveReachedApple: Bool)
    }

    /// What kind of failure this is, for choosing an answer.
    public enum Category: Sendable, Hashable {
        /// The identity token, notification or callback is not valid (answer 400/401; do not retry).
        case rejectedToken
        /// Apple refused the request (see `appleError?.code`: `invalid_grant` is an expired or used code).
        case appleError
        /// Apple's keys cannot be fetched and none usable are held (answer 503; retry later).
        case keysUnavailable
        /// Apple could not be reached, did not answer in time, or answered 5xx or 429 after the retries
        /// (answer 503; retry later).
        case transport
        /// The server's own settings are wrong (fix them; retrying will not help).
        case configuration
    }

    /// Exactly what failed.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// The kind of failure, for choosing an answer (see `Category`).
    public var category: Category {
        switch reason {
        case .invalidIdentifier, .invalidPrivateKey, .invalidLifetime, .invalidConfiguration: return .configuration
        case .tokenRejected(let error):
            if case .keysUnavailable = error.reason { return .keysUnavailable }
            if case .invalidValidation = error.reason { return .configuration }
            return .rejectedToken
        case .unexpectedAlgorithm, .missingNonce, .nonceMismatch, .missingCodeHash, .codeHashMismatch,
             .authorizedPartyMismatch, .invalidCallback:
            return .rejectedToken
        case .appleRejected(let error):
            // A 5xx or 429 (after the retries) is Apple being unable to serve, not Apple refusing.
            return error.status >= 500 || error.status == 429 ? .transport : .appleError
        case .invalidResponse: return .appleError
        case .keysUnavailable: return .keysUnavailable
        case .transport: return .transport
        }
    }

    /// Apple's error, when Apple answered with one.
    public var appleError: AppleAPIError? {
        if case .appleRejected(let error) = reason { return error }
        return nil
    }

    public var description: String {
        switch reason {
        case .invalidIdentifier(let why): return why
        case .invalidPrivateKey(let why):
            return "the Sign in with Apple key (.p8) could not be loaded: \(why)"
        case .invalidLifetime(let lifetime):
            return "a client secret must live more than 0 and at most 15,777,000 seconds (about six months, Apple's limit); \(Self.number(lifetime)) was asked for"
        case .invalidConfiguration(let why):
            return "invalid Sign in with Apple configuration: \(why)"
        case .tokenRejected(let error):
            return "the token was rejected: \(error)"
        case .unexpectedAlgorithm(let alg):
            return "Apple signs identity tokens with RS256, but this token says \(alg)"
        case .missingNonce:
            return "a nonce was expected but the identity token has none; pass the nonce in the authorization request"
        case .nonceMismatch:
            return "the identity token's nonce does not match the one this session sent (possible replay)"
        case .missingCodeHash:
            return "an authorization code was given but the identity token has no c_hash binding it to the code; a token from the token endpoint (it has at_hash) is verified without the code"
        case .codeHashMismatch:
            return "the identity token's c_hash does not match the authorization code it was returned with"
        case .authorizedPartyMismatch(let found):
            if let found { return "the identity token's authorized party (azp) \"\(found)\" is not one of this app's client IDs" }
            return "the identity token has several audiences but no authorized party (azp) (OpenID Connect Core §3.1.3.7)"
        case .invalidCallback(let why):
            return "the Sign in with Apple callback is invalid: \(why)"
        case .appleRejected(let error):
            return error.description
        case .invalidResponse(let why):
            return "Apple's answer could not be read: \(why)"
        case .keysUnavailable(let why):
            return "Apple's signing keys are unavailable: \(why)"
        case .transport(let message, let mayHaveReachedApple):
            return "Apple could not be reached: \(message)" + (mayHaveReachedApple
                ? " (the request may have reached Apple; an authorization code may be spent, so ask the user to sign in again)"
                : " (the request was not sent; retrying is safe)")
        }
    }

    /// A number as it can be shown: whole numbers without a fraction, anything else (NaN, infinity, 1e300)
    /// as Double prints it. `Int(_:)` on those traps.
    static func number(_ value: Double) -> String {
        if value.isFinite, value.rounded(.towardZero) == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Wraps a JWTError from PureJWT: a key-set failure becomes `keysUnavailable`, anything else a rejected
    /// token (an algorithm mismatch is named as such).
    init(_ error: JWTError) {
        switch error.reason {
        case .keysUnavailable(let why): self.init(.keysUnavailable(why))
        case .algorithmMismatch(let header, _): self.init(.unexpectedAlgorithm(header))
        case .invalidValidation(let why): self.init(.invalidConfiguration(why))
        default: self.init(.tokenRejected(error))
        }
    }
}
