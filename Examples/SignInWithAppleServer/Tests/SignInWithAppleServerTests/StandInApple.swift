// A stand-in for Apple's Sign in with Apple endpoints, on 127.0.0.1, for the end-to-end tests: a key set
// with keys the test controls (rotatable), identity tokens signed with them (RS256, by swift-crypto — an
// implementation independent of PureJWT, the verifier under test), a token endpoint and a revocation
// endpoint that check the form fields and the ES256 client secret as Apple documents them, and faults.

import AsyncHTTPClient
import Crypto
import _CryptoExtras
import Foundation
import Hummingbird
import IntegrationTestSupport
import NIOConcurrencyHelpers
import PureJWT
import PureP256
import ServiceLifecycle
import Logging

final class StandInApple: Sendable {
    /// What goes wrong at "Apple": nothing; every endpoint answers 503; `down`, nothing listens on the
    /// port (connections are refused); `slow`, every answer comes only after `slowDelay` (longer than the
    /// server waits) and is a 503 — the request was not acted upon.
    enum Fault: Sendable { case none, unavailable, down, slow }

    struct SigningKey: Sendable {
        let kid: String
        let key: _RSA.Signing.PrivateKey
    }

    struct State {
        var keys: [SigningKey]
        var fault = Fault.none
        var revoked: [String] = []
        var exchanged: [String] = []
        var keyFetches = 0
        var clientSecretProblems: [String] = []
        /// Requests that arrived while the stand-in was slow (answered late, not acted upon).
        var lateRequests = 0
        /// OCSP answers by path ("ocsp-intermediate", "ocsp-root"), for the App Store online checks.
        var ocsp: [String: [UInt8]] = [:]
        var ocspRequests = 0
    }

    static let teamID = "TEAM123456"
    static let keyID = "KEY1234567"
    /// How long a slow stand-in takes to answer.
    static let slowDelay: Duration = .seconds(12)
    let p8: PureP256.P256.Signing.PrivateKey
    let clientIDs: [String]
    let state: NIOLockedValueBox<State>
    /// The running HTTP server, nil while the stand-in is down.
    private let listener = NIOLockedValueBox<(group: ServiceGroup, run: Task<Void, Never>)?>(nil)
    let port: Int
    /// Holds `port` while the stand-in is down (IntegrationTestSupport's ReservedPort), so that it refuses
    /// connections and the stand-in can listen there again.
    private let reserved: ReservedPort

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(clientIDs: [String] = ["com.example.app", "com.example.web"]) async throws {
        p8 = PureP256.P256.Signing.PrivateKey()
        state = NIOLockedValueBox(State(keys: [SigningKey(kid: "k1", key: try _RSA.Signing.PrivateKey(keySize: .bits2048))]))
        self.clientIDs = clientIDs
        reserved = try ReservedPort()
        port = await Self.listen(port: ReservedPort.serverMayShare ? reserved.port : 0, state: state, p8: p8, listener: listener)
    }

    /// Switches the fault; `down` closes the port, and leaving `down` listens again on the same port.
    func setFault(_ fault: Fault) async {
        let before = state.withLockedValue { value -> Fault in defer { value.fault = fault }; return value.fault }
        if fault == .down, before != .down { await stopListening() }
        if fault != .down, before == .down { _ = await Self.listen(port: port, state: state, p8: p8, listener: listener) }
    }

    func shutdown() async { await stopListening() }

    private static func listen(port: Int, state: NIOLockedValueBox<State>, p8: PureP256.P256.Signing.PrivateKey,
                               listener: NIOLockedValueBox<(group: ServiceGroup, run: Task<Void, Never>)?>) async -> Int {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "stand-in-apple")
        logger.logLevel = .warning
        let app = Application(router: router(state: state, p8: p8),
                              configuration: .init(address: .hostname("127.0.0.1", port: port)),
                              onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
                              logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let run = Task { _ = try? await group.run() }
        listener.withLockedValue { $0 = (group, run) }
        var iterator = ports.makeAsyncIterator()
        return await iterator.next() ?? 0
    }

    /// Stops the HTTP server and waits until the port is closed.
    private func stopListening() async {
        guard let running = listener.withLockedValue({ value in defer { value = nil }; return value }) else { return }
        await running.group.triggerGracefulShutdown()
        await running.run.value
    }

    private static func router(state: NIOLockedValueBox<State>, p8: PureP256.P256.Signing.PrivateKey) -> Router<BasicRequestContext> {
        /// The fault's answer, if the stand-in is not answering normally.
        @Sendable func faultAnswer() async -> Response? {
            switch state.withLockedValue({ $0.fault }) {
            case .none, .down: return nil
            case .unavailable: return Response(status: .serviceUnavailable)
            case .slow:
                state.withLockedValue { $0.lateRequests += 1 }
                try? await Task.sleep(for: slowDelay)
                return Response(status: .serviceUnavailable)
            }
        }
        let router = Router()
        router.get("auth/keys") { _, _ -> Response in
            if let answer = await faultAnswer() { return answer }
            let keys = state.withLockedValue { value -> [SigningKey] in value.keyFetches += 1; return value.keys }
            return Self.json(["keys": keys.map(Self.jwk)])
        }
        router.post("auth/token") { request, _ -> Response in
            let form = try await Self.form(request)
            if let problem = Self.checkClientSecret(form, p8: p8) {
                state.withLockedValue { $0.clientSecretProblems.append(problem) }
                return Self.json(["error": "invalid_client"], status: .badRequest)
            }
            if let answer = await faultAnswer() { return answer }
            guard form["grant_type"] == "authorization_code", let code = form["code"] else {
                return Self.json(["error": "unsupported_grant_type"], status: .badRequest)
            }
            if code.hasPrefix("used-") { return Self.json(["error": "invalid_grant"], status: .badRequest) }
            state.withLockedValue { $0.exchanged.append(code) }
            return Self.json(["access_token": "at-\(code)", "token_type": "Bearer", "expires_in": 3600,
                              "refresh_token": "rt-\(code)", "id_token": "x.y.z"])
        }
        for path in ["ocsp-intermediate", "ocsp-root"] {
            router.post(RouterPath(path)) { _, _ -> Response in
                if let answer = await faultAnswer() { return answer }
                guard let bytes = state.withLockedValue({ value -> [UInt8]? in value.ocspRequests += 1; return value.ocsp[path] }) else {
                    return Response(status: .notFound)
                }
                return Response(status: .ok, headers: [.contentType: "application/ocsp-response"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        router.post("auth/revoke") { request, _ -> Response in
            let form = try await Self.form(request)
            if let problem = Self.checkClientSecret(form, p8: p8) {
                state.withLockedValue { $0.clientSecretProblems.append(problem) }
                return Self.json(["error": "invalid_client"], status: .badRequest)
            }
            guard form["token_type_hint"] == "refresh_token", let token = form["token"] else {
                return Self.json(["error": "invalid_request"], status: .badRequest)
            }
            if let answer = await faultAnswer() { return answer }
            state.withLockedValue { $0.revoked.append(token) }
            return Response(status: .ok)
        }
        return router
    }

    // MARK: Tokens

    /// An identity token signed by the key `kid` (the first key by default), with Apple's claims.
    func identityToken(sub: String, aud: String = "com.example.app", nonce: String? = nil, code: String? = nil,
                       expiresIn: Double = 600, kid: String? = nil, email: String? = "user@example.com") throws -> String {
        let keys = state.withLockedValue { $0.keys }
        guard let key = kid.map({ id in keys.first { $0.kid == id } }) ?? keys.first else { throw HTTPError(.internalServerError, message: "the stand-in has no key \(kid ?? "")") }
        let now = Date().timeIntervalSince1970
        var claims: [String: Any] = ["iss": "https://appleid.apple.com", "aud": aud, "sub": sub,
                                     "iat": Int(now), "exp": Int(now + expiresIn), "email_verified": true]
        if let email { claims["email"] = email }
        if let nonce { claims["nonce"] = nonce }
        if let code { claims["c_hash"] = Self.base64url(Data(SHA256.hash(data: Data(code.utf8))).prefix(16)) }
        return try sign(claims, key: key)
    }

    /// A notification body `{"payload": JWS}` for an event about `sub`.
    func notificationBody(type: String, sub: String, id: String) throws -> String {
        let now = Date().timeIntervalSince1970
        let events = String(decoding: try JSONSerialization.data(withJSONObject: [
            "type": type, "sub": sub, "event_time": Int(now * 1000)]), as: UTF8.self)
        let token = try sign(["iss": "https://appleid.apple.com", "aud": "com.example.app", "iat": Int(now),
                              "exp": Int(now + 600), "jti": id, "events": events],
                             key: state.withLockedValue { $0.keys[0] })
        return String(decoding: try JSONSerialization.data(withJSONObject: ["payload": token]), as: UTF8.self)
    }

    /// Adds a key to the set (a rotation): tokens signed with it carry a kid the server has not seen.
    func rotate(to kid: String) throws {
        let key = SigningKey(kid: kid, key: try _RSA.Signing.PrivateKey(keySize: .bits2048))
        state.withLockedValue { $0.keys.append(key) }
    }

    private func sign(_ claims: [String: Any], key: SigningKey) throws -> String {
        let header = Self.base64url(try JSONSerialization.data(withJSONObject: ["alg": "RS256", "kid": key.kid]))
        let payload = Self.base64url(try JSONSerialization.data(withJSONObject: claims))
        let signature = try key.key.signature(for: Data("\(header).\(payload)".utf8), padding: .insecurePKCS1v1_5)
        return "\(header).\(payload).\(Self.base64url(signature.rawRepresentation))"
    }

    // MARK: Helpers

    static func base64url(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func jwk(_ key: SigningKey) -> [String: String] {
        let components = try! key.key.publicKey.getKeyPrimitives()
        return ["kty": "RSA", "kid": key.kid, "alg": "RS256", "use": "sig",
                "n": base64url(components.modulus), "e": base64url(components.publicExponent)]
    }

    private static func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = try! JSONSerialization.data(withJSONObject: object)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: data)))
    }

    private static func form(_ request: Request) async throws -> [String: String] {
        let body = String(buffer: try await request.body.collect(upTo: 64 * 1024))
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    /// Apple's rules for `client_secret`: ES256 by the team's key (kid = key ID), iss the team ID, aud
    /// https://appleid.apple.com, sub the request's client_id, not expired, at most six months long.
    private static func checkClientSecret(_ form: [String: String], p8: PureP256.P256.Signing.PrivateKey) -> String? {
        struct Claims: Decodable { let iss: String; let sub: String; let iat: Double; let exp: Double }
        guard let secret = form["client_secret"], let clientID = form["client_id"] else { return "no client_secret or client_id" }
        do {
            let claims = try JWTVerifier(keys: [.es256(p8.publicKey, keyID: keyID)]).verify(
                secret, as: Claims.self, validation: JWTValidation(issuer: teamID, audiences: ["https://appleid.apple.com"]))
            if claims.sub != clientID { return "sub \(claims.sub) is not client_id \(clientID)" }
            if claims.exp - claims.iat > 15_777_000 { return "lifetime over six months" }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
