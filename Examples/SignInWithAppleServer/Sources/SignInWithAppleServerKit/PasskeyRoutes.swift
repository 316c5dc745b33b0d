// Passkeys beside Sign in with Apple: registration (a new account by username, or another passkey for the
// signed-in account), sign-in with the same sessions Apple sign-ins get, listing and removing passkeys.
// Every ceremony's options carry a fresh challenge kept in the store (single use, five minutes, shared by
// every instance); a response is matched to its options by the challenge its client data holds. Answers:
// malformed input 400, a failed check 401, too large 413 (each `{"error": ...}`), a taken username or
// credential 409.

import AppleAuth
import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import PureBase64
import PureWebAuthn

/// The largest JSON body a passkey route reads (a registration with attestation certificates is a few KB).
let passkeyBodyLimit = 64 * 1024

private struct CredentialCreated: Encodable { let credentialID: String }
private struct PasskeySignedIn: ResponseEncodable { let userID: String; let sessionToken: String }
private struct PasskeyList: ResponseEncodable {
    struct Item: Encodable { let credentialID: String; let createdAt: String; let lastUsedAt: String?; let backedUp: Bool }
    let passkeys: [Item]
}

/// A JSON body of options: raw bytes, sent as they are.
struct JSONBody: ResponseGenerator {
    let bytes: [UInt8]
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The WebAuthn failure as the answer: 400 for a malformed response, 401 for a failed check.
func webAuthnHTTPError(_ error: WebAuthnError) -> HTTPError {
    switch error.reason {
    case .malformedResponse, .malformedClientData, .malformedAuthenticatorData, .malformedAttestationObject:
        return HTTPError(.badRequest, message: error.description)
    default:
        return HTTPError(.unauthorized, message: error.description)
    }
}

/// Decodes a JSON body as `T`; 400 when it is not one.
func decodeJSONBody<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
    do { return try JSONDecoder().decode(T.self, from: Data(bytes)) } catch {
        throw HTTPError(.badRequest, message: "the body is not the JSON this route takes")
    }
}

/// The passkey routes, on `router` (public ones) and `signedIn` (those needing a session).
func addPasskeyRoutes(router: Router<ServerContext>, signedIn: RouterGroup<ServerContext>, settings: WebAuthnSettings,
                      store: any ServerStore, sessions: SessionTokens, logger: Logger) {
    let relyingParty = settings.relyingParty
    let isoFormatter: @Sendable (Date) -> String = { ISO8601DateFormatter().string(from: $0) }

    // Registration options: for the signed-in account, or for a new account by username.
    signedIn.post("passkeys/registration/options") { request, context -> JSONBody in
        let bytes = try await request.appleBodyBytes(limit: 16 * 1024)
        let user: WebAuthnUser, userID: String, username: String?
        var exclude: [CredentialDescriptor] = []
        if let signedInUser = context.identity {
            userID = signedInUser.id
            username = nil
            let label = signedInUser.name ?? signedInUser.email ?? signedInUser.id
            user = WebAuthnUser(id: Array(userID.utf8), name: label, displayName: label)
            exclude = try await store.passkeys(userID: userID).compactMap { passkey in
                (try? Base64URL.decode(passkey.credentialID)).map { CredentialDescriptor(id: $0) }
            }
        } else {
            struct Body: Decodable { let username: String }
            let name = try decodeJSONBody(Body.self, bytes).username
            guard (1...64).contains(name.count), !name.contains(where: { $0.isNewline }) else {
                throw HTTPError(.badRequest, message: "the username must be 1 to 64 characters on one line")
            }
            guard try await store.userID(username: name) == nil else { throw HTTPError(.conflict, message: "the username is taken") }
            userID = "pk-" + Base64URL.encode(WebAuthnRelyingParty.makeChallenge().prefix(18))
            username = name
            user = WebAuthnUser(id: Array(userID.utf8), name: name, displayName: name)
        }
        let options = relyingParty.registrationOptions(for: user, excluding: exclude, residentKey: .required, userVerification: .required,
                                                       attestation: settings.requiresAttestation ? .direct : .none)
        try await store.saveChallenge(Base64URL.encode(options.challenge), kind: .registration, userID: userID, username: username)
        return JSONBody(bytes: options.json())
    }

    // Registration: the credential's toJSON(), matched to its options by the challenge.
    router.post("passkeys/registration") { request, _ -> Response in
        let bytes = try await request.appleBodyBytes(limit: passkeyBodyLimit)
        let response: RegistrationResponse, challenge: [UInt8]
        do {
            response = try RegistrationResponse(json: bytes)
            challenge = try CollectedClientData(response.clientDataJSON).challenge
        } catch let error as WebAuthnError {
            throw webAuthnHTTPError(error)
        }
        guard let pending = try await store.takeChallenge(Base64URL.encode(challenge), kind: .registration), let userID = pending.userID else {
            throw HTTPError(.unauthorized, message: "the challenge is unknown, expired or already used: ask for new options")
        }
        let registration: VerifiedRegistration
        do {
            registration = try relyingParty.verifyRegistration(response, challenge: challenge, userVerification: .required,
                                                               attestationPolicy: settings.attestationPolicy, userHandle: Array(userID.utf8))
        } catch let error as WebAuthnError {
            logger.info("passkey registration refused", metadata: ["error": "\(error)"])
            throw webAuthnHTTPError(error)
        }
        let credentialID = Base64URL.encode(registration.credential.id)
        let passkey = NewPasskey(credentialID: credentialID, publicKey: registration.credential.publicKey,
                                 signCount: registration.credential.signCount, backupEligible: registration.credential.backupEligible,
                                 backedUp: registration.backedUp)
        let stored: Bool
        if let username = pending.username {
            stored = try await store.createPasskeyAccount(userID: userID, username: username, passkey: passkey)
        } else {
            stored = try await store.addPasskey(passkey, userID: userID)
        }
        guard stored else { throw HTTPError(.conflict, message: "the username or the credential is already registered") }
        return Response(status: .created, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(CredentialCreated(credentialID: credentialID)))))
    }

    // Sign-in options: discoverable credentials ({}), or the named account's passkeys ({"username": ...}).
    router.post("passkeys/authentication/options") { request, _ -> JSONBody in
        struct Body: Decodable { let username: String? }
        let body = try decodeJSONBody(Body.self, try await request.appleBodyBytes(limit: 16 * 1024))
        var allow: [CredentialDescriptor] = []
        if let username = body.username, let userID = try await store.userID(username: username) {
            allow = try await store.passkeys(userID: userID).compactMap { passkey in
                (try? Base64URL.decode(passkey.credentialID)).map { CredentialDescriptor(id: $0) }
            }
        }
        // An unknown username gets options too (no credential listed), so the answer does not tell which exist.
        let options = relyingParty.authenticationOptions(allowing: allow, userVerification: .required)
        try await store.saveChallenge(Base64URL.encode(options.challenge), kind: .authentication, userID: nil, username: nil)
        return JSONBody(bytes: options.json())
    }

    // Sign-in: the assertion's toJSON(); a session like Sign in with Apple's.
    router.post("passkeys/authentication") { request, _ -> PasskeySignedIn in
        let bytes = try await request.appleBodyBytes(limit: passkeyBodyLimit)
        let response: AuthenticationResponse, challenge: [UInt8]
        do {
            response = try AuthenticationResponse(json: bytes)
            challenge = try CollectedClientData(response.clientDataJSON).challenge
        } catch let error as WebAuthnError {
            throw webAuthnHTTPError(error)
        }
        guard try await store.takeChallenge(Base64URL.encode(challenge), kind: .authentication) != nil else {
            throw HTTPError(.unauthorized, message: "the challenge is unknown, expired or already used: ask for new options")
        }
        guard let stored = try await store.passkey(credentialID: Base64URL.encode(response.id)) else {
            throw HTTPError(.unauthorized, message: "the passkey is not registered here (removed, or for another account)")
        }
        let credential = RegisteredCredential(id: response.id, publicKey: stored.publicKey, signCount: stored.signCount,
                                              backupEligible: stored.backupEligible, userHandle: Array(stored.userID.utf8))
        let verified: VerifiedAuthentication
        do { verified = try relyingParty.verifyAuthentication(response, challenge: challenge, credential: credential, userVerification: .required) } catch let error as WebAuthnError {
            logger.warning("passkey sign-in refused", metadata: ["error": "\(error)"])
            throw webAuthnHTTPError(error)
        }
        guard try await store.recordPasskeyUse(credentialID: stored.credentialID, previousSignCount: stored.signCount,
                                               signCount: verified.signCount, backedUp: verified.backedUp) else {
            throw HTTPError(.unauthorized, message: "the passkey's counter changed meanwhile (a concurrent sign-in): try again")
        }
        return PasskeySignedIn(userID: stored.userID, sessionToken: try sessions.issue(userID: stored.userID))
    }

    // The signed-in account's passkeys, and removing one.
    signedIn.get("passkeys") { _, context -> PasskeyList in
        guard let user = context.identity else { throw HTTPError(.unauthorized, message: "unauthorized") }
        return PasskeyList(passkeys: try await store.passkeys(userID: user.id).map {
            PasskeyList.Item(credentialID: $0.credentialID, createdAt: isoFormatter($0.createdAt), lastUsedAt: $0.lastUsedAt.map(isoFormatter),
                             backedUp: $0.backedUp)
        })
    }
    signedIn.delete("passkeys/:credentialID") { _, context -> HTTPResponse.Status in
        guard let user = context.identity else { throw HTTPError(.unauthorized, message: "unauthorized") }
        let credentialID = try context.parameters.require("credentialID")
        guard try await store.deletePasskey(credentialID: credentialID, userID: user.id) else {
            throw HTTPError(.notFound, message: "no such passkey on this account")
        }
        return .noContent
    }

    router.get("passkeys.html") { _, _ -> Response in
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: passkeysPage)))
    }
}
