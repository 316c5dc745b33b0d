// Both real server-to-server notifications, as bare JWS and as POST bodies, with their events decoded.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import PureJWT
import Testing
import TestSupport

private struct File: Decodable {
    struct Token: Decodable { let kid: String; let aud: String; let iat: Double; let jwt: String }
    let tokens: [Token]
    let example_request_bodies: [[String: String]]
}
private struct Snapshots: Decodable {
    struct Snapshot: Decodable { let keys: [JSONWebKey] }
    let snapshots: [Snapshot]
}

@Suite("Apple server-to-server notifications")
struct ServerNotificationTests {
    private func keySet(_ kid: String) throws -> JSONWebKeySet {
        let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
        let snapshot = try #require(snapshots.first { $0.keys.contains { $0.kid == kid } })
        return try JSONWebKeySet(json: JSONEncoder().encode(["keys": snapshot.keys]))
    }

    @Test("both notifications verify and decode; the POST body form too")
    func notifications() throws {
        let file = try VectorFiles.json(File.self, "apple_server_notifications_verified.json")
        #expect(file.tokens.count == 2)
        var types: [AppleServerNotification.EventType] = []
        for token in file.tokens {
            let verifier = AppleServerNotificationVerifier(clientIDs: [token.aud], keySet: try keySet(token.kid),
                                                           now: { Date(timeIntervalSince1970: token.iat + 10) })
            let notification = try verifier.verify(token: token.jwt)
            types.append(notification.type)
            #expect(notification.sub.hasPrefix("00"))
            #expect(notification.id != nil)
            #expect(notification.eventTime.timeIntervalSince1970 < token.iat && notification.eventTime.timeIntervalSince1970 > token.iat - 3600)
            let body = try #require(file.example_request_bodies.first { $0["payload"] == token.jwt })
            #expect(try verifier.verify(body: JSONEncoder().encode(body)) == notification)
            #expect(try verifier.verify(body: Data(token.jwt.utf8)) == notification)
            // Another app's client ID is refused.
            #expect(throws: AppleAuthError.self) {
                try AppleServerNotificationVerifier(clientIDs: ["com.example.other"], keySet: try keySet(token.kid),
                                                    now: { Date(timeIntervalSince1970: token.iat + 10) }).verify(token: token.jwt)
            }
        }
        #expect(types.contains(.emailDisabled) && types.contains(.consentRevoked))
        let emailDisabled = try AppleServerNotificationVerifier(
            clientIDs: ["com.gameroasters.stack4"], keySet: try keySet("eXaunmL"),
            now: { Date(timeIntervalSince1970: file.tokens[0].iat + 10) }).verify(token: file.tokens[0].jwt)
        #expect(emailDisabled.isPrivateEmail == true && emailDisabled.email?.hasSuffix("@privaterelay.appleid.com") == true)
    }
}
