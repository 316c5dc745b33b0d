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
    public enum EventType: Sendable, Hashable {
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

    public let type: EventType
    /// The user the event is about.
    public let sub: String
    /// When the event happened (Apple sends milliseconds since 1970).
    public let eventTime: Date
    public let email: String?
    public let isPrivateEmail: Bool?
    /// The notification's own "jti", for deduplicating redeliveries.
    public let id: String?
}

/// Verifies notifications for the app's client IDs against Apple's keys.
public struct AppleServerNotificationVerifier: Sendable {
    private let check: AppleJWTCheck

    public init(clientIDs: Set<String>, keySet: JSONWebKeySet, leeway: TimeInterval = 60,
                now: @escaping @Sendable () -> Date = { Date() }) {
        check = AppleJWTCheck(clientIDs: clientIDs, keySet: keySet, leeway: leeway, now: now)
    }

    /// Verifies a POST body: `{"payload": "<JWS>"}` or the bare JWS.
    public func verify(body: Data) throws(AppleAuthError) -> AppleServerNotification {
        struct Body: Decodable { let payload: String }
        if let wrapped = try? JSONDecoder().decode(Body.self, from: body) { return try verify(token: wrapped.payload) }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = Array(body)
        let trimmed = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        return try verify(token: String(decoding: Array(trimmed), as: UTF8.self))
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
        let claims = try check.claims(of: token, as: Claims.self)
        let event: Event
        do { event = try JSONDecoder().decode(Event.self, from: Data(claims.events.utf8)) } catch {
            throw AppleAuthError(.tokenRejected(JWTError(.claimsDecoding("\"events\" is not the expected JSON object: \(error)"))))
        }
        return AppleServerNotification(type: .init(event.type), sub: event.sub,
                                       eventTime: Date(timeIntervalSince1970: event.event_time / 1000),
                                       email: event.email, isPrivateEmail: event.is_private_email?.value, id: claims.jti)
    }
}
