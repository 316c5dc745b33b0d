// Server-to-server notifications ("Processing changes for Sign in with Apple accounts"): Apple POSTs
// {"payload": "<JWS>"} to the app's endpoint. The JWS is verified like an identity token (its aud is the
// app's client ID); its "events" claim is a JSON object serialized as a string.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// One account event from Apple.
public struct AppleServerNotification: Sendable, Hashable {
    /// What happened to the account ("events.type").
    public enum EventType: Sendable, Hashable {
        /// The relay stopped / resumed forwarding email; the user withdrew consent for the app; the user
        /// deleted their Apple Account (delete their data).
        case emailDisabled, emailEnabled, consentRevoked, accountDeleted
        /// A type this library does not know yet, as sent.
        case other(String)

        init(_ text: String) {
            switch text {
            case "email-disabled": self = .emailDisabled
            case "email-enabled": self = .emailEnabled
            case "consent-revoked": self = .consentRevoked
            case "account-delete", "account-deleted": self = .accountDeleted
            default: self = .other(text)
            }
        }
    }

    /// The event's type.
    public let type: EventType
    /// The user the event is about.
    public let sub: String
    /// When the event happened (Apple sends milliseconds since 1970).
    public let eventTime: Date
    /// The relay address concerned, for email events.
    public let email: String?
    /// Whether `email` is a private relay address.
    public let isPrivateEmail: Bool?
    /// The notification's own "jti", for deduplicating redeliveries.
    public let id: String?
}

/// The POST body Apple sends.
private struct NotificationBody: Decodable { let payload: String }

/// Verifies notifications for the app's client IDs against a fixed key set (`SignInWithApple` fetches
/// and caches the keys and calls this).
public struct AppleServerNotificationVerifier: Sendable {
    private let check: AppleJWTCheck

    /// A verifier for notifications to any of `clientIDs`, signed by a key of `keySet`, with `leeway`
    /// seconds of clock skew.
    public init(clientIDs: Set<String>, keySet: JSONWebKeySet, leeway: TimeInterval = 60,
                now: @escaping @Sendable () -> Date = { Date() }) {
        check = AppleJWTCheck(clientIDs: clientIDs, keySet: keySet, leeway: leeway, now: now)
    }

    /// Verifies a POST body: `{"payload": "<JWS>"}` or the bare JWS. The body is read by PureJWT's strict
    /// parser (a body with two "payload" members is refused, not read one way here and another elsewhere).
    public func verify<Body: Collection>(body: Body) throws(AppleAuthError) -> AppleServerNotification where Body.Element == UInt8 {
        try verify(token: Self.token(inBody: body))
    }

    /// The JWS of a notification body, not yet verified (for choosing the key by its kid).
    static func token<Body: Collection>(inBody body: Body) throws(AppleAuthError) -> String where Body.Element == UInt8 {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = Array(body)
        let trimmed = Array(bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        guard trimmed.first == UInt8(ascii: "{") else { return String(decoding: trimmed, as: UTF8.self) }
        do { return try StrictJSONDecoder(maximumSize: 64 * 1024).decode(NotificationBody.self, from: trimmed).payload } catch {
            throw AppleAuthError(.tokenRejected(JWTError(.malformed(part: "notification body", detail: "expected {\"payload\": \"<JWS>\"}: \(error)"))))
        }
    }

    /// Verifies the notification JWS itself.
    public func verify(token: String) throws(AppleAuthError) -> AppleServerNotification {
        struct Claims: Decodable { let events: String; let jti: String? }
        struct Event: Decodable {
            let type: String
            let sub: String
            let event_time: Double
            let email: String?
            let is_private_email: LenientBool?
        }
        let (claims, _) = try check.claims(of: token, as: Claims.self)
        let event: Event
        do { event = try StrictJSONDecoder(maximumSize: 64 * 1024).decode(Event.self, from: claims.events) } catch {
            throw AppleAuthError(.tokenRejected(JWTError(.claimsDecoding("\"events\" is not the expected JSON object: \(error)"))))
        }
        // Milliseconds since 1970, from 1970 to 9999: anything else is not a time.
        guard event.event_time >= 0, event.event_time <= 253_402_300_799_000 else {
            throw AppleAuthError(.tokenRejected(JWTError(.claimsDecoding("\"event_time\" is not a time in milliseconds since 1970"))))
        }
        return AppleServerNotification(type: .init(event.type), sub: event.sub,
                                       eventTime: Date(timeIntervalSince1970: event.event_time / 1000),
                                       email: event.email, isPrivateEmail: event.is_private_email?.value, id: claims.jti)
    }
}
