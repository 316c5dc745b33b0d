// The subcommands. Each prints its result on stdout and throws ToolError for everything else.

import AppleAuth
import AppleAuthURLSession
import CommandLineSupport
import Foundation
import PureASN1
import PureBase64
import PureJWT
import PureP256
import PureRSA

enum Commands {
    // MARK: client-secret

    static let clientSecretHelp = """
        usage: appleauth client-secret --team-id ID --key-id ID --client-id ID --key FILE.p8
                                       [--lifetime SECONDS] [--issued-at UNIX]
        Prints a Sign in with Apple client secret (ES256 JWT) and nothing else.
        """

    static func clientSecret(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["team-id", "key-id", "client-id", "key", "lifetime", "issued-at"])
        if args.wantsHelp { print(clientSecretHelp); return }
        let configuration = try loadConfiguration(args)
        let issuedAt = try args.time("issued-at") ?? Date()
        let lifetime = try args.number("lifetime", in: 1...AppleClientSecretConfiguration.maximumLifetime) ?? 3600
        do {
            let secret = try configuration.makeSecret(lifetime: lifetime, now: issuedAt)
            print(secret.token)
        } catch {
            throw ToolError.usage(error.description)
        }
    }

    static func loadConfiguration(_ args: Arguments) throws -> AppleClientSecretConfiguration {
        let pem = String(decoding: try readInput(try args.required("key")), as: UTF8.self)
        do {
            return try AppleClientSecretConfiguration(teamID: try args.required("team-id"), keyID: try args.required("key-id"),
                                                      clientID: try args.required("client-id"), privateKeyPEM: pem)
        } catch let error as AppleAuthError {
            throw ToolError.usage(error.description)
        }
    }

    // MARK: public-key

    static let publicKeyHelp = """
        usage: appleauth public-key --key FILE [--format pem|jwk] [--key-id ID]
        Prints the public key of a P-256 private key file (.p8 or SEC 1): SPKI PEM, or a JWK.
        """

    static func publicKey(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "format", "key-id"])
        if args.wantsHelp { print(publicKeyHelp); return }
        let pem = String(decoding: try readInput(try args.required("key")), as: UTF8.self)
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: pem) } catch { throw ToolError.usage(error.description) }
        switch args.value("format") ?? "pem" {
        case "pem":
            print(key.publicKey.pemRepresentation, terminator: "")
        case "jwk":
            let raw = key.publicKey.rawRepresentation
            var jwk: [String: String] = ["kty": "EC", "crv": "P-256", "x": Base64URL.encode(raw.prefix(32)),
                                         "y": Base64URL.encode(raw.suffix(32)), "use": "sig", "alg": "ES256"]
            if let kid = args.value("key-id") { jwk["kid"] = kid }
            print(try prettyJSON(jwk))
        case let other:
            throw ToolError.usage("--format must be pem or jwk, got \"\(other)\"")
        }
    }

    // MARK: decode

    static let decodeHelp = """
        usage: appleauth decode TOKEN [--key FILE | --jwks FILE]
        Prints the header and claims as JSON, with UTC dates beside exp, nbf, iat and auth_time.
        With a key (PEM) or a JWKS, also checks the signature (exit 1 if it does not verify).
        TOKEN may be - to read it from stdin.
        """

    static func decode(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "jwks"])
        if args.wantsHelp { print(decodeHelp); return }
        guard let tokenArgument = args.positional.first else { throw ToolError.usage("missing TOKEN; see --help") }
        let token = try readToken(tokenArgument)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let header = try? JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[0]))) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1]))) as? [String: Any] else {
            throw ToolError.usage("not a compact JWS with JSON header and claims")
        }
        print(try prettyJSON(["header": header, "claims": withDates(claims)]))
        var keys: [JWTKey]?
        if let keyPath = args.value("key") {
            let pem = String(decoding: try readInput(keyPath), as: UTF8.self)
            keys = try verificationKeys(fromPEM: pem, kid: header["kid"] as? String)
        } else if let jwksPath = args.value("jwks") {
            do { keys = try JSONWebKeySet(json: readInput(jwksPath)).keys } catch { throw ToolError.usage("\(error)") }
        }
        if let keys {
            do {
                _ = try JWTVerifier(keys: keys).verifiedPayload(token)
                print("signature: valid")
            } catch {
                throw ToolError.rejected("signature: \(error)")
            }
        }
    }

    /// A public (or private) key file as verification keys: P-256 for ES256, RSA for RS256.
    static func verificationKeys(fromPEM pem: String, kid: String?) throws -> [JWTKey] {
        if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) { return [.es256(key.publicKey, keyID: kid)] }
        if let key = try? P256.Signing.PublicKey(pemRepresentation: pem) { return [.es256(key, keyID: kid)] }
        if let key = try? RSA.Signing.PublicKey(pemRepresentation: pem) { return [.rs256(key, keyID: kid)] }
        do { _ = try KeyContainer.identify(pemRepresentation: pem) } catch { throw ToolError.usage("the key file: \(error)") }
        throw ToolError.usage("the key file holds no P-256 or RSA (2048 bits or more) key")
    }

    // MARK: verify

    static let verifyHelp = """
        usage: appleauth verify TOKEN --client-id ID [--client-id ID ...] [--jwks FILE | --apple-base-url URL]
                                [--nonce VALUE | --raw-nonce VALUE] [--code CODE] [--now UNIX] [--leeway SECONDS]
        Verifies an Apple identity token (fetching Apple's keys when no --jwks is given) and prints its
        claims as JSON. With --code, the token's c_hash must be that authorization code's. On rejection:
        exit 1 and one line saying why. TOKEN may be -.
        """

    static func verify(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "jwks", "nonce", "raw-nonce", "code", "now", "leeway", "apple-base-url"])
        if args.wantsHelp { print(verifyHelp); return }
        guard let tokenArgument = args.positional.first else { throw ToolError.usage("missing TOKEN; see --help") }
        let token = try readToken(tokenArgument)
        let now = try args.time("now")
        var configuration = try serviceCall { try SignInWithAppleConfiguration(verifyingOnly: try clientIDs(args)) }
        configuration.leeway = try args.number("leeway", in: 0...86_400) ?? 60
        let service = try await makeService(configuration, args, now: now)
        let nonce: AppleNonceCheck = args.value("raw-nonce").map { .raw($0) } ?? args.value("nonce").map { .exact($0) } ?? .notSent
        let claims = try await serviceCall { try await service.verifyIdentityToken(token, nonce: nonce, authorizationCode: args.value("code")) }
        var out: [String: Any] = ["sub": claims.sub, "iss": claims.iss, "aud": claims.aud.values,
                                  "exp": claims.exp.secondsSince1970, "iat": claims.iat.secondsSince1970]
        if let email = claims.email { out["email"] = email }
        if let verified = claims.emailVerified { out["email_verified"] = verified }
        if let isPrivate = claims.isPrivateEmail { out["is_private_email"] = isPrivate }
        if let nonce = claims.nonce { out["nonce"] = nonce }
        if let status = claims.realUserStatus { out["real_user_status"] = status.rawValue }
        print(try prettyJSON(withDates(out)))
    }

    // MARK: notification

    static let notificationHelp = """
        usage: appleauth notification BODY --client-id ID [--client-id ID ...] [--jwks FILE | --apple-base-url URL]
                                      [--now UNIX] [--leeway SECONDS]
        Verifies a server-to-server notification (BODY: the POST body or the JWS, as a file path or -)
        and prints the event.
        """

    static func notification(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "jwks", "now", "leeway", "apple-base-url"])
        if args.wantsHelp { print(notificationHelp); return }
        guard let bodyArgument = args.positional.first else { throw ToolError.usage("missing BODY; see --help") }
        let body = try readInput(bodyArgument)
        let now = try args.time("now")
        var configuration = try serviceCall { try SignInWithAppleConfiguration(verifyingOnly: try clientIDs(args)) }
        configuration.leeway = try args.number("leeway", in: 0...86_400) ?? 60
        let service = try await makeService(configuration, args, now: now)
        let event = try await serviceCall { try await service.verifyNotification(body: body) }
        print(try prettyJSON(["type": "\(event.type)", "sub": event.sub, "event_time": ISO8601DateFormatter().string(from: event.eventTime),
                              "email": event.email ?? NSNull(), "is_private_email": event.isPrivateEmail.map { $0 as Any } ?? NSNull()]))
    }

    // MARK: token, revoke, keys (network)

    static let tokenHelp = """
        usage: appleauth token --client-id ID --team-id ID --key-id ID --key FILE [--apple-base-url URL]
                               (--code CODE [--redirect-uri URI] | --refresh-token TOKEN)
        Exchanges an authorization code or refreshes a token at Apple; prints Apple's JSON answer.
        """

    static func token(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "team-id", "key-id", "key", "code", "redirect-uri", "refresh-token", "apple-base-url"])
        if args.wantsHelp { print(tokenHelp); return }
        let (service, clientID) = try await restService(args)
        let response: AppleTokenResponse
        if let code = args.value("code") {
            response = try await serviceCall { try await service.exchange(code: code, clientID: clientID, redirectURI: args.value("redirect-uri")) }
        } else if let refresh = args.value("refresh-token") {
            response = try await serviceCall { try await service.refresh(refresh, clientID: clientID) }
        } else {
            throw ToolError.usage("give --code or --refresh-token; see --help")
        }
        var out: [String: Any] = ["access_token": response.accessToken, "token_type": response.tokenType, "expires_in": response.expiresIn]
        if let refresh = response.refreshToken { out["refresh_token"] = refresh }
        if let idToken = response.idToken { out["id_token"] = idToken }
        print(try prettyJSON(out))
    }

    static let revokeHelp = """
        usage: appleauth revoke --client-id ID --team-id ID --key-id ID --key FILE --token TOKEN
                                [--hint refresh_token|access_token] [--apple-base-url URL]
        Revokes a token at Apple (required when a user deletes their account).
        """

    static func revoke(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "team-id", "key-id", "key", "token", "hint", "apple-base-url"])
        if args.wantsHelp { print(revokeHelp); return }
        let hint = try AppleTokenTypeHint(rawValue: args.value("hint") ?? "refresh_token")
            ?? { throw ToolError.usage("--hint must be refresh_token or access_token") }()
        let token = try args.required("token")
        let (service, clientID) = try await restService(args)
        try await serviceCall { try await service.revoke(token, hint: hint, clientID: clientID) }
        print("revoked")
    }

    static let keysHelp = """
        usage: appleauth keys [--apple-base-url URL]
        Prints Apple's current public keys (https://appleid.apple.com/auth/keys), after checking that
        they are a usable key set.
        """

    static func keys(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["apple-base-url"])
        if args.wantsHelp { print(keysHelp); return }
        // Made for its checks of the base URL; the raw body is fetched so that it prints as Apple sent it.
        let service = try serviceCall {
            try SignInWithApple(configuration: try SignInWithAppleConfiguration(verifyingOnly: ["appleauth"]).with(baseURL: baseURL(args)),
                                transport: try transport())
        }
        var base = service.configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let response: AppleHTTPResponse
        do { response = try await transport().send(AppleRequests.keys(baseURL: base)) } catch { throw ToolError.network("\(error)") }
        guard response.status == 200 else { throw ToolError.network("Apple's keys: HTTP \(response.status)") }
        do { _ = try JSONWebKeySet(json: Data(response.body)) } catch { throw ToolError.network("Apple's answer is not a key set: \(error)") }
        print(String(decoding: response.body, as: UTF8.self))
    }

    // MARK: the service

    /// --apple-base-url, else the environment's APPLE_BASE_URL, else Apple's.
    static func baseURL(_ args: Arguments) -> String {
        args.value("apple-base-url") ?? ProcessInfo.processInfo.environment["APPLE_BASE_URL"] ?? AppleRequests.defaultBaseURL
    }

    static func clientIDs(_ args: Arguments) throws -> [String] {
        let ids = args.values("client-id")
        guard !ids.isEmpty else { throw ToolError.usage("missing --client-id; see --help") }
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }   // a repeated --client-id is not an error
    }

    /// The service for verification: with --jwks, that fixed key set; else Apple's keys (or the stand-in's).
    static func makeService(_ configuration: SignInWithAppleConfiguration, _ args: Arguments, now: Date?) async throws -> SignInWithApple {
        let clock: @Sendable () -> Date = { now ?? Date() }
        let configured = configuration.with(baseURL: baseURL(args))
        if let path = args.value("jwks") {
            let keySet: JSONWebKeySet
            do { keySet = try JSONWebKeySet(json: readInput(path)) } catch let error as ToolError { throw error } catch {
                throw ToolError.usage("\(path): \(error)")
            }
            return try serviceCall { try SignInWithApple(configuration: configured, transport: try transport(), fixedKeySet: keySet, now: clock) }
        }
        return try serviceCall { try SignInWithApple(configuration: configured, transport: try transport(), now: clock) }
    }

    /// The service for token and revoke: one client ID, with its team, key and .p8.
    static func restService(_ args: Arguments) async throws -> (SignInWithApple, String) {
        let pem = String(decoding: try readInput(try args.required("key")), as: UTF8.self)
        let clientID = try args.required("client-id")
        var configuration = try serviceCall {
            try SignInWithAppleConfiguration(teamID: try args.required("team-id"), keyID: try args.required("key-id"), privateKeyPEM: pem,
                                             clientIDs: [clientID]).with(baseURL: baseURL(args))
        }
        // A person waits at the terminal: a revocation gets the interactive budget, not the background one.
        configuration.revocationRetryPolicy = configuration.retryPolicy
        return (try serviceCall { try SignInWithApple(configuration: configuration, transport: try transport()) }, clientID)
    }

    /// Runs a service call, turning its error into the tool's exit code: a rejected token or Apple's
    /// refusal 1 (a token too malformed to read, and configuration errors, 2), Apple unreachable 3.
    static func serviceCall<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as AppleAuthError { throw classify(error) }
    }

    static func serviceCall<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AppleAuthError { throw classify(error) }
    }


    // MARK: helpers

    /// The HTTP transport.
    static func transport() throws -> URLSessionTransport {
        try serviceCall { try URLSessionTransport() }
    }

    /// A token that is not even well-formed is an input error (2); a well-formed one that fails a check is
    /// a rejection (1); Apple unreachable is a network error (3).
    static func classify(_ error: AppleAuthError) -> ToolError {
        if case .tokenRejected(let jwtError) = error.reason {
            switch jwtError.reason {
            case .malformed, .tokenTooLarge: return .usage(error.description)
            default: break
            }
        }
        switch error.category {
        case .rejectedToken, .appleError: return .rejected(error.description)
        case .keysUnavailable, .transport: return .network(error.description)
        case .configuration: return .usage(error.description)
        }
    }

    static func prettyJSON(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// Adds "<name>_utc" beside each time claim.
    static func withDates(_ claims: [String: Any]) -> [String: Any] {
        var out = claims
        let formatter = ISO8601DateFormatter()
        for name in ["exp", "nbf", "iat", "auth_time"] {
            if let seconds = (claims[name] as? NSNumber)?.doubleValue {
                out[name + "_utc"] = formatter.string(from: Date(timeIntervalSince1970: seconds))
            }
        }
        return out
    }
}

extension SignInWithAppleConfiguration {
    func with(baseURL: String) -> SignInWithAppleConfiguration {
        var copy = self
        copy.baseURL = baseURL
        return copy
    }
}
