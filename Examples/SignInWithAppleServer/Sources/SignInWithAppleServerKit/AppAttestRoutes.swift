// App Attest, when APPATTEST_APP_ID is set (404 otherwise): a challenge (32 random bytes, standard base64;
// the app passes SHA-256 of those bytes as clientDataHash), an attestation that registers the key (its
// receipt kept for risk metrics), and assertions whose client data names a challenge this server issued —
// single use, so a replayed assertion finds none — with a counter above the stored one.

import AppAttest
import Foundation
import Hummingbird
import Logging
import PureBase64
import PureP256
import PureSHA2
import PureWebAuthn

private struct ChallengeIssued: ResponseEncodable { let challenge: String }
private struct AssertionAccepted: ResponseEncodable { let counter: UInt32 }
private struct KeyAttested: Encodable { let keyID: String }

func addAppAttestRoutes(router: Router<ServerContext>, settings: AppAttestSettings?, store: any ServerStore, logger: Logger) {
    guard let settings else {
        // Off: the routes answer 404 as any unknown path does.
        return
    }
    let verifier = settings.verifier

    router.post("appattest/challenge") { _, _ -> ChallengeIssued in
        let challenge = Base64.encode(WebAuthnRelyingParty.makeChallenge())
        try await store.saveChallenge(challenge, kind: .appAttest, userID: nil, username: nil)
        return ChallengeIssued(challenge: challenge)
    }

    router.post("appattest/attestation") { request, _ -> Response in
        struct Body: Decodable { let keyID: String; let attestationObject: String; let challenge: String }
        let body = try decodeJSONBody(Body.self, try await request.appleBodyBytes(limit: 64 * 1024))
        guard let keyID = try? Base64.decode(body.keyID), keyID.count == 32 else {
            throw HTTPError(.badRequest, message: "keyID must be the key ID in standard base64 (32 bytes), as DCAppAttestService gives it")
        }
        guard let object = try? Base64.decodeIgnoringWhitespace(body.attestationObject), !object.isEmpty else {
            throw HTTPError(.badRequest, message: "attestationObject must be base64")
        }
        guard let challengeBytes = try? Base64.decode(body.challenge) else { throw HTTPError(.badRequest, message: "challenge must be base64") }
        guard try await store.takeChallenge(body.challenge, kind: .appAttest) != nil else {
            throw HTTPError(.unauthorized, message: "the challenge is unknown, expired or already used: ask for a new one")
        }
        let attested: VerifiedAppAttestation
        do {
            attested = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: Array(SHA256.hash(data: challengeBytes)))
        } catch let error as AppAttestError {
            logger.info("App Attest attestation refused", metadata: ["error": "\(error)"])
            throw HTTPError(error.reason.isMalformation ? .badRequest : .unauthorized, message: error.description)
        }
        guard try await store.saveAppAttestKey(keyID: Base64.encode(keyID), publicKey: attested.publicKey.x963Representation,
                                               receipt: attested.receipt, environment: attested.environment.rawValue) else {
            throw HTTPError(.conflict, message: "this key was attested before")
        }
        return Response(status: .created, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(KeyAttested(keyID: Base64.encode(keyID))))))
    }

    router.post("appattest/assertion") { request, _ -> AssertionAccepted in
        struct Body: Decodable { let keyID: String; let assertion: String; let clientData: String }
        struct ClientData: Decodable { let challenge: String }
        let body = try decodeJSONBody(Body.self, try await request.appleBodyBytes(limit: 64 * 1024))
        guard let assertion = try? Base64.decodeIgnoringWhitespace(body.assertion), !assertion.isEmpty,
              let clientData = try? Base64.decodeIgnoringWhitespace(body.clientData) else {
            throw HTTPError(.badRequest, message: "assertion and clientData must be base64")
        }
        let challenge = try decodeJSONBody(ClientData.self, clientData).challenge
        guard try await store.takeChallenge(challenge, kind: .appAttest) != nil else {
            throw HTTPError(.unauthorized, message: "the client data's challenge is unknown, expired or already used (a replay?)")
        }
        guard let stored = try await store.appAttestKey(keyID: body.keyID),
              let publicKey = try? P256.Signing.PublicKey(x963Representation: stored.publicKey) else {
            throw HTTPError(.unauthorized, message: "the key is not attested here")
        }
        let counter: UInt32
        do {
            counter = try verifier.verifyAssertion(assertion, clientData: clientData, publicKey: publicKey, previousCounter: stored.counter)
        } catch let error as AppAttestError {
            logger.warning("App Attest assertion refused", metadata: ["error": "\(error)"])
            throw HTTPError(error.reason.isMalformation ? .badRequest : .unauthorized, message: error.description)
        }
        guard try await store.recordAppAttestCounter(keyID: stored.keyID, previousCounter: stored.counter, counter: counter) else {
            throw HTTPError(.unauthorized, message: "the key's counter changed meanwhile (a concurrent assertion): try again")
        }
        return AssertionAccepted(counter: counter)
    }
}

extension AppAttestError.Reason {
    /// Whether the object could not be read at all (400) rather than failing a check (401).
    var isMalformation: Bool {
        if case .malformed = self { return true }
        return false
    }
}
