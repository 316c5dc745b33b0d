// Every public numeric parameter of PureJWT and AppleAuth fed NaN, infinities, huge and negative values:
// each is refused with an error (or, for sizes, simply refuses input), and no description traps. A trap
// would end this test process, so reaching the end is part of the test.

import AppleAuth
import AppleAuthURLSession
import Foundation
import PureJWT
import PureP256
import Testing
import TestSupport

private let hostileDoubles: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, -1, .greatestFiniteMagnitude, -.leastNonzeroMagnitude]
private let hostileInts: [Int] = [Int.min, -1, 0]

@Suite("Hostile numbers in public parameters")
struct NumericParameterTests {
    @Test("client secrets: lifetime, backdating, the issue time, the cache's lifetime and margin", arguments: hostileDoubles)
    func clientSecrets(value: Double) throws {
        let configuration = try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.app",
                                                               privateKeyPEM: VectorFiles.text("test.p8"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let lifetime = try #require(throws: AppleAuthError.self) { try configuration.makeSecret(lifetime: value, now: now) }
        #expect(!lifetime.description.isEmpty)
        #expect(throws: AppleAuthError.self) { try configuration.makeSecret(lifetime: 600, now: now, backdating: value) }
        // (-5e-324 s since 1970 is 1970 itself once in a Date: a valid time.)
        if !value.isFinite || value <= -1 || value > 253_402_300_799 {
            #expect(throws: AppleAuthError.self) { try configuration.makeSecret(lifetime: 600, now: Date(timeIntervalSince1970: value)) }
        }
        #expect(throws: AppleAuthError.self) { try AppleClientSecretCache(configuration: configuration, lifetime: value) }
        #expect(throws: AppleAuthError.self) { try AppleClientSecretCache(configuration: configuration, lifetime: 3600, renewalMargin: value) }
    }

    @Test("retry policies and transports", arguments: hostileDoubles)
    func retryAndTransport(value: Double) throws {
        let configuration = try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.app",
                                                               privateKeyPEM: VectorFiles.text("test.p8"))
        let transport = try URLSessionTransport()
        for policy in [AppleRetryPolicy(initialBackoff: value), AppleRetryPolicy(maximumBackoff: value), AppleRetryPolicy(maximumRetryAfter: value),
                       AppleRetryPolicy(timeLimit: value)] {
            #expect(throws: AppleAuthError.self) { try AppleAuthClient(transport: transport, configuration: configuration, retryPolicy: policy) }
            #expect(throws: AppleAuthError.self) { try AppleKeyCache(transport: transport, retryPolicy: policy) }
            #expect(throws: AppleAuthError.self) {
                try AppleAuthClient(transport: transport, configuration: configuration, revocationRetryPolicy: policy)
            }
        }
        #expect(throws: AppleAuthError.self) { try AppleAuthClient(transport: transport, configuration: configuration, secretLifetime: value) }
        #expect(throws: AppleAuthError.self) { try URLSessionTransport(timeout: value) }
        for attempts in hostileInts + [Int.max] {
            #expect(throws: AppleAuthError.self) {
                try AppleAuthClient(transport: transport, configuration: configuration, retryPolicy: AppleRetryPolicy(maximumAttempts: attempts))
            }
            #expect(throws: AppleAuthError.self) { try URLSessionTransport(maximumResponseSize: attempts == Int.max ? -5 : attempts) }
        }
    }

    @Test("descriptions of times and lifetimes never trap", arguments: hostileDoubles)
    func descriptions(value: Double) {
        for reason in [JWTError.Reason.expired(expiration: value, now: value), .notYetValid(notBefore: value, now: 0),
                       .issuedInTheFuture(issuedAt: value, now: -value)] {
            #expect(JWTError(reason).description.hasPrefix("the token"))
        }
        #expect(AppleAuthError(.invalidLifetime(value)).description.contains("asked for"))
    }

    @Test("sizes and counts: negative or zero limits refuse input, never trap", arguments: hostileInts)
    func sizes(limit: Int) throws {
        let jwks = #"{"keys":[]}"#
        #expect(throws: JWTError.self) { try JSONWebKeySet(json: jwks, maximumSize: limit) }
        if limit < 0 { #expect(throws: JWTError.self) { try JSONWebKeySet(json: jwks, maximumKeyCount: limit) } }
        let token = "eyJhbGciOiJIUzI1NiJ9.e30.c2ln"
        #expect(throws: JWTError.self) { try JWTHeader(unverifiedFrom: token, maximumTokenSize: limit) }
        #expect(throws: JWTError.self) {
            try JWTVerifier(keys: [], maximumTokenSize: limit).verify(token, as: RegisteredClaims.self, validation: JWTValidation(issuer: nil, audiences: nil))
        }
        #expect(throws: JWTError.self) { try JWTVerifier.unverifiedClaims(of: token, as: RegisteredClaims.self, maximumTokenSize: limit) }
        #expect(throws: JWTError.self) { try StrictJSONDecoder(maximumSize: limit).decode(RegisteredClaims.self, from: "{}") }
    }

    @Test("a NaN or infinite NumericDate is refused when signing, not written as a number JSON cannot hold",
          arguments: [Double.nan, .infinity, -.infinity])
    func numericDates(value: Double) throws {
        let key = try JWTKey.es256(P256.Signing.PrivateKey(pemRepresentation: VectorFiles.text("test.p8")), keyID: "k")
        #expect(throws: JWTError.self) { try JWTSigner(key: key).sign(RegisteredClaims(exp: NumericDate(secondsSince1970: value))) }
    }
}
