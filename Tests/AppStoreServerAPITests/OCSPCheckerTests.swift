// Online revocation checks against a local OCSP responder (TestSupport's StandInServer answering with the
// responses Python `cryptography` made for PureX509Tests/Vectors/ocsp_vectors.json): good, revoked (leaf
// and intermediate), unknown, wrong signer, stale, nonce mismatch, unreachable, 5xx, tryLater and garbage;
// the good answers cached until their nextUpdate; concurrent checks sharing one request per certificate.

import AppleAuthURLSession
import AppStoreServerAPI
import Foundation
import PureX509
import Testing
import TestSupport

struct OCSPCheckerVectors: Decodable {
    let root: String, intermediate: String, leaf: String
    let check_time: Int64
    let nonce: String
    let request: String
    let notification: String
    let cases: [Case]
    struct Case: Decodable { let name: String; let response: String }

    static func load() throws -> OCSPCheckerVectors {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PureX509Tests/Vectors/ocsp_vectors.json")
        return try JSONDecoder().decode(OCSPCheckerVectors.self, from: Data(contentsOf: path))
    }

    func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64) ?? Data()) }
    func response(_ name: String) -> [UInt8] { bytes(cases.first { $0.name == name }?.response ?? "") }
    var chain: [Certificate] { [leaf, intermediate, root].compactMap { try? Certificate(derRepresentation: bytes($0)) } }
}

// Serialized: run in parallel, its cases put dozens of simultaneous requests on URLSession.shared, which
// FoundationNetworking on Linux is known to leave unanswered together (swift-corelibs-foundation#3287) —
// the likeliest cause of the two CI runs in which every App Store API call in flight timed out at once.
@Suite("App Store online checks (OCSP)", .serialized, .onOwnThread)
struct OCSPCheckerTests {
    let vectors: OCSPCheckerVectors

    init() throws { vectors = try OCSPCheckerVectors.load() }

    /// A responder answering the leaf's requests (/ocsp-intermediate) and the intermediate's (/ocsp-root).
    private func responder(leaf: String, intermediate: String = "intermediate-good") throws -> StandInServer {
        let leafAnswer = vectors.response(leaf), intermediateAnswer = vectors.response(intermediate)
        return try StandInServer { request in
            .init(status: 200, headers: ["Content-Type": "application/ocsp-response"],
                  bytes: request.path == "/ocsp-intermediate" ? leafAnswer : intermediateAnswer)
        }
    }

    private func checker(_ server: StandInServer) throws -> AppStoreOCSPChecker {
        let time = Date(timeIntervalSince1970: Double(vectors.check_time)), nonce = vectors.bytes(vectors.nonce)
        return try AppStoreOCSPChecker(transport: URLSessionTransport(timeout: 5), retryPolicy: .never, responderBaseURL: server.baseURL,
                                       now: { time }, nonce: { nonce })
    }

    private func failure(_ leaf: String, _ intermediate: String = "intermediate-good") async throws -> String? {
        let server = try responder(leaf: leaf, intermediate: intermediate)
        defer { server.stop() }
        let checker = try checker(server)
        do {
            try await checker.check(chain: vectors.chain)
            return nil
        } catch {
            return error.check.identifier   // typed throws: an AppStoreVerificationError
        }
    }

    @Test("good leaf and intermediate: both asked at once with the request cryptography builds; then from the cache")
    func good() async throws {
        let server = try responder(leaf: "good")
        defer { server.stop() }
        let checker = try checker(server)
        try await checker.check(chain: vectors.chain)
        #expect(Set(server.received.map(\.path)) == ["/ocsp-intermediate", "/ocsp-root"])
        let leafRequest = try #require(server.received.first { $0.path == "/ocsp-intermediate" })
        #expect(leafRequest.method == "POST" && leafRequest.bodyBytes == vectors.bytes(vectors.request))
        #expect(leafRequest.headers["content-type"] == "application/ocsp-request")
        try await checker.check(chain: vectors.chain)
        try await checker.check(chain: vectors.chain)
        let exchanges = await checker.exchanges
        #expect(server.received.count == 2 && exchanges == 2)
    }

    @Test("concurrent checks share one request per certificate")
    func concurrent() async throws {
        let server = try responder(leaf: "good-delegated-responder")
        defer { server.stop() }
        let checker = try checker(server)
        let chain = vectors.chain
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await checker.check(chain: chain) } }
            try await group.waitForAll()
        }
        #expect(server.received.count == 2)
    }

    @Test("refusals: revoked leaf or intermediate, unknown, wrong signer, stale, nonce mismatch, another certificate")
    func refusals() async throws {
        #expect(try await failure("revoked") == "certificate_revoked")
        #expect(try await failure("good", "intermediate-revoked") == "certificate_revoked")
        for name in ["unknown", "responder-without-ocsp-signing", "responder-not-certified", "stale", "nonce-mismatch", "other-certificate"] {
            #expect(try await failure(name) == "ocsp_check_failed", "\(name)")
        }
        #expect(try await failure("no-nonce") == nil)
    }

    @Test("unavailable, and retryable: tryLater, garbage, 5xx, unreachable")
    func unavailable() async throws {
        #expect(try await failure("try-later") == "ocsp_unavailable")
        for answer in [StandInServer.Response(status: 200, body: "not DER"), .init(status: 503)] {
            let server = try StandInServer { _ in answer }
            defer { server.stop() }
            let error = await #expect(throws: AppStoreVerificationError.self) { try await checker(server).check(chain: vectors.chain) }
            #expect(error?.check.identifier == "ocsp_unavailable")
        }
        let down = try StandInServer { _ in .init(status: 200) }
        down.goDown()
        defer { down.stop() }
        let error = await #expect(throws: AppStoreVerificationError.self) { try await checker(down).check(chain: vectors.chain) }
        #expect(error?.check.identifier == "ocsp_unavailable")
    }

    @Test("a notification verified with online checks: good passes, a revoked leaf refuses it, an unreachable responder is retryable; offline checks come first")
    func notificationOnline() async throws {
        let root = vectors.bytes(vectors.root)
        let verifier = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", environment: .sandbox)
        let good = try responder(leaf: "good")
        defer { good.stop() }
        let body = Array(#"{"signedPayload": "\#(vectors.notification)"}"#.utf8)
        let verified = try await verifier.verifyNotification(body: body, onlineChecks: checker(good))
        #expect(verified.payload.notificationType == .test && good.received.count == 2)

        let revoked = try responder(leaf: "revoked")
        defer { revoked.stop() }
        let refused = await #expect(throws: AppStoreVerificationError.self) {
            _ = try await verifier.verifyNotification(signedPayload: vectors.notification, onlineChecks: checker(revoked))
        }
        #expect(refused?.check.identifier == "certificate_revoked")

        let other = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.other", environment: .sandbox)
        let offline = await #expect(throws: AppStoreVerificationError.self) {
            _ = try await other.verifyNotification(signedPayload: vectors.notification, onlineChecks: checker(revoked))
        }
        #expect(offline?.check.identifier == "bundle_id_mismatch" && revoked.received.count == 2)

        revoked.goDown()
        let unavailable = await #expect(throws: AppStoreVerificationError.self) {
            _ = try await verifier.verifyNotification(signedPayload: vectors.notification, onlineChecks: checker(revoked))
        }
        #expect(unavailable?.check.identifier == "ocsp_unavailable")
    }
}
