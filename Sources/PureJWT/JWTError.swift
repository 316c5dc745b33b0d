// The one error type of PureJWT: what failed, with the values a person needs to see why.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a token was refused, or why a key or signing request was invalid.
public struct JWTError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The token is larger than the configured limit (size, limit).
        case tokenTooLarge(size: Int, limit: Int)
        /// The token is not three base64url parts separated by dots, or a part does not decode (which part,
        /// and what is wrong).
        case malformed(part: String, detail: String)
        /// `alg` is "none" (in any letter case): unsigned tokens are never accepted.
        case algorithmNone
        /// `alg` names an algorithm PureJWT does not implement (neither a JWS one nor a JWE key management).
        case unsupportedAlgorithm(String)
        /// `crit` lists header parameters this library does not understand (or is empty).
        case unsupportedCriticalHeader([String])
        /// `b64: false` (RFC 7797 unencoded payload), which is not supported.
        case unencodedPayload
        /// No key with this `kid` (nil when the token has no kid and no key fits its algorithm).
        case keyNotFound(kid: String?)
        /// The header's `alg` does not match the key's algorithm (header, key).
        case algorithmMismatch(header: String, key: String)
        /// The signature does not verify.
        case invalidSignature
        /// An ES256 signature that is not 64 bytes of r ‖ s (e.g. DER); the length found is given.
        case invalidSignatureEncoding(length: Int)
        /// `exp` is not after the current time (minus the leeway).
        case expired(expiration: Double, now: Double)
        /// `nbf` is after the current time (plus the leeway).
        case notYetValid(notBefore: Double, now: Double)
        /// `iat` is after the current time (plus the leeway).
        case issuedInTheFuture(issuedAt: Double, now: Double)
        /// A claim the validation requires is absent.
        case missingClaim(String)
        /// `iss` differs from the expected issuer (expected, found).
        case issuerMismatch(expected: String, found: String)
        /// None of the token's audiences is expected (expected, found).
        case audienceMismatch(expected: [String], found: [String])
        /// The payload is not JSON of the requested claims type (the decoder's message).
        case claimsDecoding(String)
        /// A key that cannot be used (why).
        case invalidKey(String)
        /// A JSON document (not a token part) that is not valid, strict JSON of the expected shape (what,
        /// and where).
        case invalidJSON(String)
        /// The validation settings cannot be applied (e.g. a NaN or negative leeway): a configuration error,
        /// reported instead of silently checking less.
        case invalidValidation(String)
        /// A JWE that could not be decrypted: a tag, a key unwrap or an RSA-OAEP block did not check, or the
        /// key is not the one it was encrypted for. Which of these is not said (it would be an oracle).
        case decryptionFailed
        /// A JWE "enc" that PureJWT does not implement.
        case unsupportedEncryption(String)
        /// A JWE "alg" or "enc" that PureJWT implements but the decrypter was narrowed not to accept (the
        /// header member, its value, and the values accepted).
        case notAccepted(member: String, value: String, accepted: [String])
        /// An algorithm refused by name whatever the configuration (the name, and why).
        case refusedAlgorithm(name: String, reason: String)
        /// A PBES2 token asking for more PBKDF2 iterations than allowed (asked, limit), refused before any work.
        case pbes2CountTooLarge(count: Int, limit: Int)
        /// A compressed JWE payload that decompresses to more than the limit (the limit), or not at all (why).
        case decompressionFailed(String)
        /// A JWE encrypter whose settings contradict each other or the serialization asked for (what, and
        /// what to do instead): a configuration error.
        case invalidEncryptionSettings(String)
        /// A JWE JSON serialization listing more recipients than allowed (listed, limit), refused before any
        /// key is tried.
        case tooManyRecipients(count: Int, limit: Int)
        /// A JWS JSON serialization listing more signatures than allowed (listed, limit), refused before
        /// any is checked.
        case tooManySignatures(count: Int, limit: Int)
        /// No usable key set: never fetched successfully, or the one held is past its maximum staleness
        /// and a new one cannot be had (why, and when the next attempt is due).
        case keysUnavailable(String)
    }

    /// What went wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .tokenTooLarge(let size, let limit):
            return "the token is \(size) bytes, over the limit of \(limit); raise JWTVerifier's maximumTokenSize if that is expected"
        case .malformed(let part, let detail):
            return "malformed token (\(part)): \(detail)"
        case .algorithmNone:
            return "the token is unsigned (alg \"none\"), which is never accepted"
        case .unsupportedAlgorithm(let alg):
            return "the token's algorithm \"\(alg)\" is not one PureJWT implements (signatures: "
                + JWTAlgorithm.implemented.map(\.rawValue).joined(separator: ", ") + "; encryption key management: "
                + JWEKeyManagementAlgorithm.all.map(\.rawValue).joined(separator: ", ") + ")"
        case .unsupportedCriticalHeader(let names):
            return names.isEmpty ? "the token's \"crit\" header is empty, which RFC 7515 §4.1.11 forbids"
                : "the token marks header parameters as critical that are not understood: \(names.joined(separator: ", "))"
        case .unencodedPayload:
            return "the token uses an unencoded payload (\"b64\": false, RFC 7797), which is not supported"
        case .keyNotFound(let kid):
            if let kid { return "no key with kid \"\(kid)\"; if the issuer rotated its keys, refresh the key set" }
            return "the token has no kid and no key fits its algorithm"
        case .algorithmMismatch(let header, let key):
            return "the token says alg \"\(header)\" but its key is for \(key); the key decides the algorithm"
        case .invalidSignature:
            return "the signature does not verify: the token was altered or signed with another key"
        case .invalidSignatureEncoding(let length):
            return "the signature has \(length) bytes, the wrong length for its algorithm: ES256, ES256K and Ed25519 signatures are 64 bytes, ES384 96, Ed448 114 and ES512 132 (r ‖ s, RFC 7518 §3.4; R ‖ S, RFC 8032); DER signatures are not JWS signatures"
        case .expired(let expiration, let now):
            return "the token expired at \(Self.seconds(expiration)) (now \(Self.seconds(now)))"
        case .notYetValid(let notBefore, let now):
            return "the token is not valid before \(Self.seconds(notBefore)) (now \(Self.seconds(now)))"
        case .issuedInTheFuture(let issuedAt, let now):
            return "the token says it was issued at \(Self.seconds(issuedAt)), after now (\(Self.seconds(now))); check the clocks"
        case .missingClaim(let name):
            return "the token has no \"\(name)\" claim, which is required"
        case .issuerMismatch(let expected, let found):
            return "the token's issuer is \"\(found)\", expected \"\(expected)\""
        case .audienceMismatch(let expected, let found):
            return "the token's audience \(found) does not include any of \(expected)"
        case .claimsDecoding(let message):
            return "the claims could not be decoded: \(message)"
        case .invalidKey(let why):
            return "invalid key: \(why)"
        case .invalidJSON(let why):
            return "invalid JSON: \(why)"
        case .invalidValidation(let why):
            return "the token validation is misconfigured: \(why)"
        case .decryptionFailed:
            return "the token could not be decrypted: it was altered, or encrypted for another key"
        case .unsupportedEncryption(let enc):
            return "the token's content encryption \"\(enc)\" is not one PureJWT implements ("
                + JWEContentEncryptionAlgorithm.all.map(\.rawValue).joined(separator: ", ") + ")"
        case .notAccepted(let member, let value, let accepted):
            return "the token's \"\(member)\" \"\(value)\" is not accepted here (accepted: \(accepted.joined(separator: ", "))); "
                + "widen the accepted list only where such tokens are expected"
        case .refusedAlgorithm(let name, let why):
            return "\"\(name)\" is refused: \(why)"
        case .pbes2CountTooLarge(let count, let limit):
            return "the token asks for \(count) PBKDF2 iterations, over the limit of \(limit); raise JWEDecrypter's maximumPBES2Count only for senders you trust"
        case .decompressionFailed(let why):
            return "the decrypted payload could not be decompressed: \(why)"
        case .invalidEncryptionSettings(let why):
            return "the JWE encrypter is misconfigured: \(why)"
        case .tooManyRecipients(let count, let limit):
            return "the token lists \(count) recipients, over the limit of \(limit); raise JWEDecrypter's maximumRecipientCount only for senders you trust"
        case .tooManySignatures(let count, let limit):
            return "the JWS lists \(count) signatures, over the limit of \(limit); raise JWTVerifier's maximumSignatureCount only for signers you trust"
        case .keysUnavailable(let why):
            return "no usable signing keys: \(why); tokens cannot be verified until the key set can be fetched again"
        }
    }

    /// Seconds since 1970 as whole seconds when in range, else as the Double prints (a clock or claim can
    /// be NaN, infinite or beyond Int64: converting those with `Int64(_:)` traps).
    static func seconds(_ value: Double) -> String {
        if value.isFinite, abs(value) < 1e15 { return String(Int64(value.rounded(.down))) }
        return "\(value)"
    }
}
