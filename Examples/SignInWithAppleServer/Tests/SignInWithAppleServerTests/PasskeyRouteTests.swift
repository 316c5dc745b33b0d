// The passkey routes end to end over HTTP, on SQLite and PostgreSQL, with a software authenticator (an ES256
// key; "none" attestation, as browsers send by default): a new account by username, sign-in with the same
// sessions Apple sign-ins get, a second passkey, an Apple account adding one, listing and removing, and what
// must be refused — replayed, expired-by-use and unknown challenges, a removed passkey, a counter
// regression, a changed BE flag, another user's passkey, malformed and too large bodies, a taken username.
// Challenges are shared by instances: options from one server, the response at another.

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PureBase64
import PureCBOR
import PureP256
import PureSHA2
import PureWebAuthn
import SignInWithAppleServerKit
import Testing

/// An authenticator in software: one ES256 credential, its counter and flags.
struct SoftwareAuthenticator {
    let key = P256.Signing.PrivateKey()
    let credentialID: [UInt8] = (0..<32).map { _ in UInt8.random(in: 0...255) }
    var counter: UInt32 = 0
    var backupEligible = true
    var backedUp = true
    var userHandle: [UInt8]?

    var coseKey: [UInt8] {
        let raw = key.publicKey.rawRepresentation
        return try! CBOREncoder.encode(.map(CBORMap(pairs: [
            (.unsignedInteger(1), .unsignedInteger(2)), (.unsignedInteger(3), .negativeInteger(6)), (.negativeInteger(0), .unsignedInteger(1)),
            (.negativeInteger(1), .byteString(Array(raw.prefix(32)))), (.negativeInteger(2), .byteString(Array(raw.suffix(32)))),
        ])))
    }

    func authenticatorData(rpID: String, attested: Bool) -> [UInt8] {
        var flags: UInt8 = 0x01 | 0x04  // UP, UV
        if backupEligible { flags |= 0x08 }
        if backedUp { flags |= 0x10 }
        if attested { flags |= 0x40 }
        var data = Array(SHA256.hash(data: Array(rpID.utf8))) + [flags] + withUnsafeBytes(of: counter.bigEndian, Array.init)
        if attested {
            data += [UInt8](repeating: 0, count: 16) + [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID + coseKey
        }
        return data
    }

    static func clientData(_ type: String, challenge: String, origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    /// The RegistrationResponseJSON for `options` (PublicKeyCredentialCreationOptionsJSON).
    mutating func register(_ options: [String: Any], origin: String) throws -> [String: Any] {
        let challenge = try #require(options["challenge"] as? String)
        let rp = try #require(options["rp"] as? [String: Any])
        let user = try #require(options["user"] as? [String: Any])
        userHandle = try Base64URL.decode(try #require(user["id"] as? String))
        let object = try CBOREncoder.encode(.map(CBORMap(pairs: [
            (.textString("fmt"), .textString("none")), (.textString("attStmt"), .map(CBORMap())),
            (.textString("authData"), .byteString(authenticatorData(rpID: try #require(rp["id"] as? String), attested: true))),
        ])))
        let id = Base64URL.encode(credentialID)
        return ["id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [String: Any](),
                "response": ["clientDataJSON": Base64URL.encode(Self.clientData("webauthn.create", challenge: challenge, origin: origin)),
                             "attestationObject": Base64URL.encode(object), "transports": ["internal"]]]
    }

    /// The AuthenticationResponseJSON for `options` (PublicKeyCredentialRequestOptionsJSON), the counter advanced by `step`.
    mutating func signIn(_ options: [String: Any], origin: String, rpID: String, step: UInt32 = 1) throws -> [String: Any] {
        let challenge = try #require(options["challenge"] as? String)
        counter &+= step
        let authData = authenticatorData(rpID: rpID, attested: false)
        let clientData = Self.clientData("webauthn.get", challenge: challenge, origin: origin)
        let signature = try key.signature(for: authData + Array(SHA256.hash(data: clientData))).derRepresentation
        let id = Base64URL.encode(credentialID)
        return ["id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [String: Any](),
                "response": ["clientDataJSON": Base64URL.encode(clientData), "authenticatorData": Base64URL.encode(authData),
                             "signature": Base64URL.encode(signature), "userHandle": userHandle.map(Base64URL.encode) as Any]]
    }
}

/// A request with a raw body (malformed and oversized bodies).
func callRaw(_ method: HTTPMethod, _ url: String, body: [UInt8]) async throws -> Int {
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "Content-Type", value: "application/json")
    request.body = .bytes(ByteBuffer(bytes: body))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    _ = try await response.body.collect(upTo: 1 << 20)
    return Int(response.status.code)
}

let passkeyOrigin = "https://app.example"
let passkeySettings = WebAuthnSettings(relyingParty: WebAuthnRelyingParty(id: "app.example", name: "Example", origins: [passkeyOrigin]))

@Suite("Passkeys, end to end", .serialized)
struct PasskeyRouteTests {
    @Test("a passkey account: register, sign in, a second passkey, list, remove; what must be refused", arguments: TestBackend.all)
    func lifecycle(_ backend: TestBackend) async throws {
        let apple = try await StandInApple()
        let server = try await RunningServer(apple: apple, database: try await backend.freshDatabase(), webAuthn: passkeySettings)
        defer { Task { await server.stop(); await apple.shutdown() } }
        let url = server.url

        // A new account by username.
        var phone = SoftwareAuthenticator()
        let options = try await call(.POST, url + "/passkeys/registration/options", json: ["username": "alice"])
        #expect(options.status == 200)
        #expect((options.json["authenticatorSelection"] as? [String: Any])?["residentKey"] as? String == "required")
        #expect((options.json["authenticatorSelection"] as? [String: Any])?["userVerification"] as? String == "required")
        let registration = try phone.register(options.json, origin: passkeyOrigin)
        let created = try await call(.POST, url + "/passkeys/registration", json: registration)
        #expect(created.status == 201 && created.json["credentialID"] as? String == Base64URL.encode(phone.credentialID), "\(created.json)")
        // The challenge was single use; the username is now taken.
        #expect(try await call(.POST, url + "/passkeys/registration", json: registration).status == 401)
        #expect(try await call(.POST, url + "/passkeys/registration/options", json: ["username": "alice"]).status == 409)

        // Sign in with a discoverable credential: the same sessions as Sign in with Apple.
        let get = try await call(.POST, url + "/passkeys/authentication/options", json: [:])
        #expect(get.status == 200 && (get.json["allowCredentials"] as? [Any] ?? []).isEmpty)
        let assertion = try phone.signIn(get.json, origin: passkeyOrigin, rpID: "app.example")
        let signedIn = try await call(.POST, url + "/passkeys/authentication", json: assertion)
        #expect(signedIn.status == 200, "\(signedIn.json)")
        let userID = try #require(signedIn.json["userID"] as? String)
        let session = try #require(signedIn.json["sessionToken"] as? String)
        let me = try await call(.GET, url + "/me", bearer: session)
        #expect(me.status == 200 && me.json["userID"] as? String == userID && me.json["name"] as? String == "alice")
        // A replay of the same assertion finds its challenge used.
        #expect(try await call(.POST, url + "/passkeys/authentication", json: assertion).status == 401)

        // A second authenticator's passkey on the signed-in account; the first is excluded.
        var key = SoftwareAuthenticator()
        key.backupEligible = false
        key.backedUp = false
        let addOptions = try await call(.POST, url + "/passkeys/registration/options", json: [:], bearer: session)
        #expect(addOptions.status == 200 && (addOptions.json["excludeCredentials"] as? [Any])?.count == 1)
        #expect(try await call(.POST, url + "/passkeys/registration", json: try key.register(addOptions.json, origin: passkeyOrigin)).status == 201)
        let list = try await call(.GET, url + "/passkeys", bearer: session)
        let passkeys = try #require(list.json["passkeys"] as? [[String: Any]])
        #expect(passkeys.count == 2 && passkeys.map { $0["backedUp"] as? Bool } == [true, false])
        #expect(passkeys[0]["lastUsedAt"] is String && passkeys[0]["createdAt"] is String)
        #expect(try await call(.GET, url + "/passkeys").status == 401)
        // Named sign-in lists both.
        let named = try await call(.POST, url + "/passkeys/authentication/options", json: ["username": "alice"])
        #expect((named.json["allowCredentials"] as? [Any])?.count == 2)
        #expect(try await call(.POST, url + "/passkeys/authentication", json: try key.signIn(named.json, origin: passkeyOrigin, rpID: "app.example")).status == 200)

        // A counter that goes back, and a BE flag that changed, are refused.
        var clone = key
        clone.counter = 0
        let regressed = try await call(.POST, url + "/passkeys/authentication",
                                       json: try clone.signIn(try await call(.POST, url + "/passkeys/authentication/options", json: [:]).json,
                                                              origin: passkeyOrigin, rpID: "app.example"))
        #expect(regressed.status == 401 && (regressed.json["error"] as? String)?.contains("cloned") == true)
        var changed = key
        changed.backupEligible = true
        let beChanged = try await call(.POST, url + "/passkeys/authentication",
                                       json: try changed.signIn(try await call(.POST, url + "/passkeys/authentication/options", json: [:]).json,
                                                                origin: passkeyOrigin, rpID: "app.example"))
        #expect(beChanged.status == 401 && (beChanged.json["error"] as? String)?.contains("BE") == true)
        // Another origin is refused.
        let elsewhere = try await call(.POST, url + "/passkeys/authentication",
                                       json: try key.signIn(try await call(.POST, url + "/passkeys/authentication/options", json: [:]).json,
                                                            origin: "https://evil.example", rpID: "app.example"))
        #expect(elsewhere.status == 401)

        // Removing: another user's passkey is 404; a removed passkey cannot sign in.
        let bob = try await call(.POST, url + "/passkeys/registration/options", json: ["username": "bob"])
        var bobKey = SoftwareAuthenticator()
        #expect(try await call(.POST, url + "/passkeys/registration", json: try bobKey.register(bob.json, origin: passkeyOrigin)).status == 201)
        #expect(try await call(.DELETE, url + "/passkeys/" + Base64URL.encode(bobKey.credentialID), bearer: session).status == 404)
        #expect(try await call(.DELETE, url + "/passkeys/" + Base64URL.encode(key.credentialID), bearer: session).status == 204)
        let removed = try await call(.POST, url + "/passkeys/authentication",
                                     json: try key.signIn(try await call(.POST, url + "/passkeys/authentication/options", json: [:]).json,
                                                          origin: passkeyOrigin, rpID: "app.example"))
        #expect(removed.status == 401)

        // Malformed, too large, unknown challenge.
        #expect(try await callRaw(.POST, url + "/passkeys/registration", body: Array("not json".utf8)) == 400)
        #expect(try await callRaw(.POST, url + "/passkeys/authentication", body: Array(#"{"id":"AA"}"#.utf8)) == 400)
        #expect(try await callRaw(.POST, url + "/passkeys/registration", body: [UInt8](repeating: 0x20, count: 70_000)) == 413)
        #expect(try await callRaw(.POST, url + "/passkeys/registration/options", body: Array(#"{"username":""}"#.utf8)) == 400)
        var stranger = SoftwareAuthenticator()
        let forged = try stranger.register(["challenge": Base64URL.encode([UInt8](repeating: 7, count: 32)), "rp": ["id": "app.example"],
                                            "user": ["id": "AAAA"]], origin: passkeyOrigin)
        #expect(try await call(.POST, url + "/passkeys/registration", json: forged).status == 401)
    }

    @Test("an account made with Sign in with Apple adds a passkey and signs in with either", arguments: TestBackend.all)
    func appleAccountAddsPasskey(_ backend: TestBackend) async throws {
        let apple = try await StandInApple()
        let server = try await RunningServer(apple: apple, database: try await backend.freshDatabase(), webAuthn: passkeySettings)
        defer { Task { await server.stop(); await apple.shutdown() } }
        let token = try apple.identityToken(sub: "001.dana", code: "code-d")
        let appleSession = try #require(try await call(.POST, server.url + "/auth/apple", json: ["identityToken": token, "authorizationCode": "code-d"])
            .json["sessionToken"] as? String)
        var laptop = SoftwareAuthenticator()
        let options = try await call(.POST, server.url + "/passkeys/registration/options", json: [:], bearer: appleSession)
        #expect(Base64URL.encode(Array("001.dana".utf8)) == (options.json["user"] as? [String: Any])?["id"] as? String)
        #expect(try await call(.POST, server.url + "/passkeys/registration", json: try laptop.register(options.json, origin: passkeyOrigin)).status == 201)
        let get = try await call(.POST, server.url + "/passkeys/authentication/options", json: [:])
        let signedIn = try await call(.POST, server.url + "/passkeys/authentication", json: try laptop.signIn(get.json, origin: passkeyOrigin, rpID: "app.example"))
        #expect(signedIn.status == 200 && signedIn.json["userID"] as? String == "001.dana")
        // Deleting the account removes its passkeys.
        #expect([202, 204].contains(try await call(.DELETE, server.url + "/account", bearer: appleSession).status))
        let after = try await call(.POST, server.url + "/passkeys/authentication",
                                   json: try laptop.signIn(try await call(.POST, server.url + "/passkeys/authentication/options", json: [:]).json,
                                                           origin: passkeyOrigin, rpID: "app.example"))
        #expect(after.status == 401)
    }

    @Test("challenges are shared by instances and single use across them", .postgresAvailable)
    func twoInstances() async throws {
        let apple = try await StandInApple()
        let database = try await TestBackend.postgres.freshDatabase()
        let first = try await RunningServer(apple: apple, database: database, webAuthn: passkeySettings)
        let second = try await RunningServer(apple: apple, database: database, webAuthn: passkeySettings)
        defer { Task { await first.stop(); await second.stop(); await apple.shutdown() } }
        var phone = SoftwareAuthenticator()
        let options = try await call(.POST, first.url + "/passkeys/registration/options", json: ["username": "erin"])
        #expect(try await call(.POST, second.url + "/passkeys/registration", json: try phone.register(options.json, origin: passkeyOrigin)).status == 201)
        let get = try await call(.POST, second.url + "/passkeys/authentication/options", json: [:])
        let assertion = Array(try JSONSerialization.data(withJSONObject: try phone.signIn(get.json, origin: passkeyOrigin, rpID: "app.example")))
        // The same assertion at both instances at once: exactly one signs in.
        async let a = callRaw(.POST, first.url + "/passkeys/authentication", body: assertion)
        async let b = callRaw(.POST, second.url + "/passkeys/authentication", body: assertion)
        let statuses = try await [a, b].sorted()
        #expect(statuses == [200, 401])
    }
}
