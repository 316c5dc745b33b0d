// The one error type of AppleAuth.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// Why a Sign in with Apple step failed, with what to check.
public struct AppleAuthError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        /// A team, key or client ID that cannot be right (which, and why).
        case invalidIdentifier(String)
        /// The .p8 key could not be loaded (the underlying message).
        case invalidPrivateKey(String)
        /// A client-secret lifetime outside (0, 15,777,000] seconds.
        case invalidLifetime(TimeInterval)
        /// The identity token failed verification (the JWT error says which check).
        case tokenRejected(JWTError)
        /// The token is signed with something other than RS256.
        case unexpectedAlgorithm(String)
        /// A nonce was expected but the token has none.
        case missingNonce
        /// The token's nonce is not the expected one.
        case nonceMismatch
        /// The token's c_hash is not the hash of the authorization code it came with.
        case codeHashMismatch
    }

    public let reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .invalidIdentifier(let why): return why
        case .invalidPrivateKey(let why):
            return "the Sign in with Apple key (.p8) could not be loaded: \(why)"
        case .invalidLifetime(let lifetime):
            return "a client secret must live more than 0 and at most 15,777,000 seconds (about six months, Apple's limit); \(Int(lifetime)) was asked for"
        case .tokenRejected(let error):
            return "the identity token was rejected: \(error)"
        case .unexpectedAlgorithm(let alg):
            return "Apple signs identity tokens with RS256, but this token says \(alg)"
        case .missingNonce:
            return "a nonce was expected but the identity token has none; pass the nonce in the authorization request"
        case .nonceMismatch:
            return "the identity token's nonce does not match the one this session sent (possible replay)"
        case .codeHashMismatch:
            return "the identity token's c_hash does not match the authorization code it was returned with"
        }
    }
}
