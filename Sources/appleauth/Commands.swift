// The subcommands. Each prints its result on stdout and throws ToolError for everything else.

import AppleAuth
import AppleAuthURLSession
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
        let issuedAt = try args.number("issued-at").map { Date(timeIntervalSince1970: $0) } ?? Date()
        let lifetime = try args.number("lifetime") ?? 3600
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
        usage: appleauth verify TOKEN --client-id ID [--client-id ID ...] [--jwks FILE]
                                [--nonce VALUE | --raw-nonce VALUE] [--now UNIX] [--leeway SECONDS]
        Verifies an Apple identity token (fetching Apple's keys when no --jwks is given) and prints its
        claims as JSON. On rejection: exit 1 and one line saying why. TOKEN may be -.
        """

    static func verify(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "jwks", "nonce", "raw-nonce", "now", "leeway"])
        if args.wantsHelp { print(verifyHelp); return }
        guard let tokenArgument = args.positional.first else { throw ToolError.usage("missing TOKEN; see --help") }
        let token = try readToken(tokenArgument)
        let clientIDs = args.values("client-id")
        guard !clientIDs.isEmpty else { throw ToolError.usage("missing --client-id; see --help") }
        let keySet = try await loadKeySet(args.value("jwks"))
        let now = try args.number("now").map { Date(timeIntervalSince1970: $0) }
        let verifier = AppleIdentityTokenVerifier(clientIDs: Set(clientIDs), keySet: keySet, leeway: try args.number("leeway") ?? 60,
                                                  now: { now ?? Date() })
        let nonce: AppleNonceCheck = args.value("raw-nonce").map { .raw($0) } ?? args.value("nonce").map { .exact($0) } ?? .none
        let claims: AppleIdentityToken
        do { claims = try verifier.verify(token, nonce: nonce) } catch { throw classify(error) }
        var out: [String: Any] = ["sub": claims.sub, "iss": claims.iss, "aud": claims.aud.values,
                                  "exp": claims.exp.secondsSince1970, "iat": claims.iat.secondsSince1970]
        if let email = claims.email { out["email"] = email }
        if let verified = claims.emailVerified { out["email_verified"] = verified }
        if let isPrivate = claims.isPrivateEmail { out["is_private_email"] = isPrivate }
        if let nonce = claims.nonce { out["nonce"] = nonce }
        if let status = claims.realUserStatus { out["real_user_status"] = status.rawValue }
        print(try prettyJSON(withDates(out)))
    }

    static func loadKeySet(_ path: String?) async throws -> JSONWebKeySet {
        if let path {
            do { return try JSONWebKeySet(json: readInput(path)) } catch let error as ToolError { throw error } catch {
                throw ToolError.usage("\(path): \(error)")
            }
        }
        do {
            let response = try await transport().send(AppleRequests.keys())
            guard response.status == 200 else { throw ToolError.network("Apple's keys: HTTP \(response.status)") }
            return try JSONWebKeySet(json: Data(response.body))
        } catch let error as ToolError { throw error } catch {
            throw ToolError.network("could not fetch Apple's keys: \(error)")
        }
    }

    // MARK: notification

    static let notificationHelp = """
        usage: appleauth notification BODY --client-id ID [--jwks FILE] [--now UNIX]
        Verifies a server-to-server notification (BODY: the POST body or the JWS, as a file path or -)
        and prints the event.
        """

    static func notification(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "jwks", "now"])
        if args.wantsHelp { print(notificationHelp); return }
        guard let bodyArgument = args.positional.first else { throw ToolError.usage("missing BODY; see --help") }
        let body = try readInput(bodyArgument)
        let keySet = try await loadKeySet(args.value("jwks"))
        let now = try args.number("now").map { Date(timeIntervalSince1970: $0) }
        let verifier = AppleServerNotificationVerifier(clientIDs: Set(args.values("client-id")), keySet: keySet, now: { now ?? Date() })
        let event: AppleServerNotification
        do { event = try verifier.verify(body: body) } catch { throw classify(error) }
        print(try prettyJSON(["type": "\(event.type)", "sub": event.sub, "event_time": ISO8601DateFormatter().string(from: event.eventTime),
                              "email": event.email ?? NSNull(), "is_private_email": event.isPrivateEmail.map { $0 as Any } ?? NSNull()]))
    }

    // MARK: token, revoke, keys (network)

    static let tokenHelp = """
        usage: appleauth token --client-id ID --team-id ID --key-id ID --key FILE
                               (--code CODE [--redirect-uri URI] | --refresh-token TOKEN)
        Exchanges an authorization code or refreshes a token at Apple; prints Apple's JSON answer.
        """

    static func token(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "team-id", "key-id", "key", "code", "redirect-uri", "refresh-token"])
        if args.wantsHelp { print(tokenHelp); return }
        let client = AppleAuthClient(transport: transport(), configuration: try loadConfiguration(args))
        let response: AppleTokenResponse
        do {
            if let code = args.value("code") {
                response = try await client.exchange(code: code, redirectURI: args.value("redirect-uri"))
            } else if let refresh = args.value("refresh-token") {
                response = try await client.refresh(refresh)
            } else {
                throw ToolError.usage("give --code or --refresh-token; see --help")
            }
        } catch let error as ToolError { throw error } catch let error as AppleAPIError {
            throw ToolError(code: error.status >= 500 ? .network : .rejected, message: error.description)
        } catch {
            throw ToolError.network("\(error)")
        }
        var out: [String: Any] = ["access_token": response.accessToken, "token_type": response.tokenType, "expires_in": response.expiresIn]
        if let refresh = response.refreshToken { out["refresh_token"] = refresh }
        if let idToken = response.idToken { out["id_token"] = idToken }
        print(try prettyJSON(out))
    }

    static let revokeHelp = """
        usage: appleauth revoke --client-id ID --team-id ID --key-id ID --key FILE --token TOKEN
                                [--hint refresh_token|access_token]
        Revokes a token at Apple (required when a user deletes their account).
        """

    static func revoke(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: ["client-id", "team-id", "key-id", "key", "token", "hint"])
        if args.wantsHelp { print(revokeHelp); return }
        let hint = try AppleTokenTypeHint(rawValue: args.value("hint") ?? "refresh_token")
            ?? { throw ToolError.usage("--hint must be refresh_token or access_token") }()
        let client = AppleAuthClient(transport: transport(), configuration: try loadConfiguration(args))
        do { try await client.revoke(try args.required("token"), hint: hint) } catch let error as ToolError { throw error } catch let error as AppleAPIError {
            throw ToolError(code: error.status >= 500 ? .network : .rejected, message: error.description)
        } catch {
            throw ToolError.network("\(error)")
        }
        print("revoked")
    }

    static let keysHelp = """
        usage: appleauth keys
        Prints Apple's current public keys (https://appleid.apple.com/auth/keys).
        """

    static func keys(_ arguments: [String]) async throws {
        let args = try Arguments(arguments, flags: [])
        if args.wantsHelp { print(keysHelp); return }
        let response: AppleHTTPResponse
        do { response = try await transport().send(AppleRequests.keys()) } catch { throw ToolError.network("\(error)") }
        guard response.status == 200 else { throw ToolError.network("Apple's keys: HTTP \(response.status)") }
        print(String(decoding: response.body, as: UTF8.self))
    }

    // MARK: helpers

    /// The HTTP transport; APPLEAUTH_BASE_URL (for tests) points it at another server than Apple's.
    static func transport() -> URLSessionTransport {
        URLSessionTransport(timeout: 15, baseURL: ProcessInfo.processInfo.environment["APPLEAUTH_BASE_URL"])
    }

    /// A token that is not even well-formed is an input error (2); a well-formed one that fails a check is
    /// a rejection (1).
    static func classify(_ error: AppleAuthError) -> ToolError {
        if case .tokenRejected(let jwtError) = error.reason {
            switch jwtError.reason {
            case .malformed, .tokenTooLarge: return .usage(error.description)
            default: break
            }
        }
        return .rejected(error.description)
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
