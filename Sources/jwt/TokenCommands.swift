// jwt sign, jwt verify and jwt decode.

import CommandLineSupport
import Foundation
import PureBase64
import PureJWT

enum TokenCommands {
    static let signHelp = """
        usage: jwt sign CLAIMS --key FILE [--alg ALG] [--kid ID] [--typ T] [--header JSON] [--flattened]
               jwt sign CLAIMS --json --key FILE [--key FILE ...] [--alg ALG]
        Signs CLAIMS — a JSON object given as text, a file path, or - for standard input — with the private
        key or HMAC secret in FILE (PEM, or one JWK), and prints the compact JWS and a newline; with
        --flattened the same signature in the flattened JSON serialization (RFC 7515 §7.2.2), with --json
        the general one (§7.2.1) with a signature by each --key in turn: each signature's protected header
        is {"alg"} (--alg only with one key) and its key's kid goes unprotected, as RFC 7515 A.6 does.
        The algorithm is --alg, or the key's when it has only one (an RSA key can sign several, and an oct
        JWK without "alg" is tied to none, whatever its length: name one with --alg); an Ed25519 key signs
        "EdDSA" (RFC 8037) unless --alg Ed25519 (RFC 9864's name) or its JWK's "alg" says otherwise, and an Ed448
        key likewise "EdDSA" unless --alg Ed448. The header is {"alg", "kid", "typ": "JWT"}: "kid" from --kid
        or the key, "typ" from --typ; --header adds members (it may not set "alg", "crit" or "b64").
        The claims are written compactly with their members sorted and their numbers exactly as given;
        registered claims of the wrong type ("exp" not a number, "sub" not a string, …) are refused (exit 2).
        A token over 16 KiB, which jwt verify would refuse by default, is not printed (exit 2).
        """

    static func sign(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "alg", "kid", "typ", "header"], switches: ["json", "flattened"])
        if args.wantsHelp { print(signHelp); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give one CLAIMS argument (JSON text, a file, or -); see --help") }
        if args.has("json") { return try signGeneral(args) }
        guard args.values("key").count <= 1 else { throw ToolError.usage("several --key options sign only with --json (the general JSON serialization)") }
        let (key, algorithm) = try signingKey(try args.required("key"), alg: args.value("alg"))
        var header = try args.value("header").map { try ToolInput.header($0, algorithm: algorithm) } ?? JWTHeader(alg: algorithm.rawValue)
        if let kid = args.value("kid") { header.kid = kid }
        if let typ = args.value("typ") { header.typ = typ }
        let claims = try ToolInput.jsonText(args.positional[0])
        let token: String
        do {
            if args.has("flattened") {
                // The kid protected, as in the compact form.
                if header.kid == nil { header.kid = key.keyID }
                token = try JWTSigner(key: key).signFlattened(payload: try JSONText.compactObject(claims), header: header)
            } else {
                token = try JWTSigner(key: key).sign(claimsJSON: claims, header: header)
            }
        } catch {
            throw ToolError.usage(error.description)
        }
        try printWithinVerifierLimit(token)
    }

    /// Prints `token` unless jwt verify (JWTVerifier's default) would refuse it unread.
    private static func printWithinVerifierLimit(_ token: String) throws {
        let limit = JWTVerifier(keys: []).maximumTokenSize
        guard token.utf8.count <= limit else {
            throw ToolError.usage("the token would be \(token.utf8.count) bytes, over the \(limit) that jwt verify and JWTVerifier accept by default (maximumTokenSize); sign fewer claims")
        }
        print(token)
    }

    /// The key in `path` and the algorithm it signs with: `alg`, or the key's when it has one.
    private static func signingKey(_ path: String, alg: String?) throws -> (JWTKey, JWTAlgorithm) {
        let (key, secretWithoutAlgorithm) = try ToolInput.keyFile(path)
        guard key.canSign else {
            throw ToolError.usage("the key is a public key and cannot sign; give the private key (or the HMAC secret's JWK)")
        }
        if let name = alg {
            let algorithm = try ToolAlgorithms.parse(name)
            guard key.allows(algorithm) else { throw ToolError.usage("the key is for \(names(key.algorithms)), not \(algorithm)") }
            return (key, algorithm)
        }
        guard !secretWithoutAlgorithm else {
            throw ToolError.usage("the oct JWK names no \"alg\", so it is not tied to one HS algorithm (its length allows \(names(key.algorithms))); choose one with --alg")
        }
        // An Ed25519 or Ed448 key's two algorithms are two names of one signature: its first is no guess.
        guard key.algorithms.count == 1 || Set(key.algorithms) == [.eddsa, .ed25519] || Set(key.algorithms) == [.eddsa, .ed448] else {
            throw ToolError.usage("the key can sign \(names(key.algorithms)); choose one with --alg")
        }
        return (key, key.algorithm)
    }

    /// `jwt sign --json`: the general JSON serialization, a signature by each --key in order.
    private static func signGeneral(_ args: Arguments) throws {
        for option in ["kid", "typ", "header"] where args.has(option) {
            throw ToolError.usage("--\(option) applies to the compact and flattened forms; --json writes each protected header as {\"alg\"} and each key's kid unprotected")
        }
        if args.has("flattened") { throw ToolError.usage("give --json or --flattened, not both") }
        let paths = args.values("key")
        guard !paths.isEmpty else { throw ToolError.usage("missing --key; see --help") }
        if args.has("alg") && paths.count > 1 { throw ToolError.usage("--alg names one key's algorithm; with several keys each signs with its own") }
        let signers = try paths.map { path in
            let (key, algorithm) = try signingKey(path, alg: args.value("alg"))
            return JWTSigner(key: try key.restricted(to: [algorithm]))
        }
        let claims = try ToolInput.jsonText(args.positional[0])
        let serialization: String
        do { serialization = try JWTSigner.signGeneral(payload: try JSONText.compactObject(claims), signers: signers) } catch {
            throw ToolError.usage(error.description)
        }
        try printWithinVerifierLimit(serialization)
    }

    static let verifyHelp = """
        usage: jwt verify TOKEN (--key FILE | --jwks FILE) [--alg ALG ...] [--iss V] [--aud V ...] [--now UNIX] [--leeway S]
        Verifies TOKEN (or - to read it from standard input) and prints {"header": ..., "claims": ...}.
        TOKEN may be a JWS in a JSON serialization (general or flattened, as jwt sign --json/--flattened
        write): the first signature one of the keys verifies counts, and "signature" says its index; "alg",
        "crit" and "b64" must be protected, at most 10 signatures.
        The key decides which algorithms are accepted: an EC key its one, an Ed25519 (Ed448) key EdDSA and Ed25519 (Ed448)
        (RFC 9864's name for it) or its JWK's "alg", an RSA key RS* and PS*,
        an oct JWK its "alg" or the HS algorithms its length allows; --alg (repeatable) narrows that.
        A single --key is used whatever kid the token names; a --jwks key must match the token's kid.
        "exp" and "nbf" are checked when present (against --now, seconds since 1970, or the clock, with
        --leeway seconds, default 0); "iss" when --iss is given; "aud" when --aud is given (any one of them).
        Exit 1 with the reason when the token is rejected.
        """

    static func verify(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "jwks", "alg", "iss", "aud", "now", "leeway"])
        if args.wantsHelp { print(verifyHelp); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give one TOKEN (or - to read it from standard input); see --help") }
        let token = try readToken(args.positional[0])
        var keys: [JWTKey]
        switch (args.value("key"), args.value("jwks")) {
        case (let path?, nil):
            let key = try ToolInput.key(path)
            // One key given for this token: it is the key, whatever kid the token names (in a JSON
            // serialization, whatever kid any of its signatures names).
            if key.keyID != nil {
                keys = [key]
            } else if token.hasPrefix("{") {
                keys = [key] + JWTVerifier(keys: []).unverifiedKeyIDs(ofJSONSerialization: token).map { key.withKeyID($0) }
            } else {
                keys = [key.withKeyID((try? JWTHeader(unverifiedFrom: token))?.kid)]
            }
        case (nil, let path?): keys = try ToolInput.keySet(path)
        default: throw ToolError.usage("give either --key FILE or --jwks FILE")
        }
        let narrowing = try args.values("alg").map { try ToolAlgorithms.parse($0) }
        if !narrowing.isEmpty {
            keys = keys.compactMap { try? $0.restricted(to: narrowing) }
            guard !keys.isEmpty else { throw ToolError.usage("no key given is for \(names(narrowing))") }
        }
        let leeway = try args.number("leeway", in: 0...86_400) ?? 0
        let now = try args.time("now")
        let audiences = args.values("aud")
        let validation = JWTValidation(issuer: args.value("iss"), audiences: audiences.isEmpty ? nil : Set(audiences), leeway: leeway,
                                       requiresExpiration: false, now: { now ?? Date() })
        if token.hasPrefix("{") { return try verifyJSONSerialization(token, keys: keys, validation: validation) }
        if keys.count == 1, let algorithm = (try? JWTHeader(unverifiedFrom: token)).flatMap({ JWTAlgorithm(rawValue: $0.alg) }),
           !keys[0].allows(algorithm) {
            throw ToolError.rejected("rejected: the token says alg \"\(algorithm)\" but the key is for \(names(keys[0].algorithms))")
        }
        do { _ = try JWTVerifier(keys: keys).verifiedJWT(token, as: JSONValue.self, validation: validation) } catch {
            throw ToolError.rejected("rejected: \(error)")
        }
        print(try printed(token), terminator: "")
    }

    /// `jwt verify` of a JSON-serialized JWS: the signature, then the claims, and the header of the signature
    /// that verified, with its index.
    private static func verifyJSONSerialization(_ json: String, keys: [JWTKey], validation: JWTValidation) throws {
        let verified: (jws: VerifiedJWS, headerJSON: [UInt8])
        do { verified = try JWTVerifier(keys: keys).verifiedJSONSerializedClaims(json, validation: validation) } catch {
            throw ToolError.rejected("rejected: \(error)")
        }
        do {
            print(try JSONText.pretty([("claims", verified.jws.payload), ("header", verified.headerJSON),
                                       ("signature", Array(String(verified.jws.signatureIndex).utf8))]), terminator: "")
        } catch {
            throw ToolError.rejected("rejected: \(error)")
        }
    }

    static let decodeHelp = """
        usage: jwt decode TOKEN
        Prints {"header": ..., "claims": ...} of TOKEN (or - for standard input) WITHOUT checking its signature
        or any claim, and says so on standard error. Never decide anything on what it prints: use jwt verify.
        """

    static func decode(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: [])
        if args.wantsHelp { print(decodeHelp); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give one TOKEN (or - to read it from standard input); see --help") }
        let token = try readToken(args.positional[0])
        do {
            // The same parsing as verification, so what cannot be verified is not shown as a token.
            _ = try JWTHeader(unverifiedFrom: token)
            _ = try JWTVerifier.unverifiedClaims(of: token, as: JSONValue.self)
        } catch {
            throw ToolError.rejected("not a token: \(error)")
        }
        printError("jwt decode: NOT VERIFIED — neither the signature nor any claim was checked (use jwt verify)")
        print(try printed(token), terminator: "")
    }

    /// {"claims": ..., "header": ...} of a token already parsed, written from the token's own JSON: numbers
    /// and member values exactly as the token has them.
    private static func printed(_ token: String) throws -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        do {
            return try JSONText.pretty([("claims", try Base64URL.decode(parts[1])), ("header", try Base64URL.decode(parts[0]))])
        } catch {
            throw ToolError.rejected("not a token: \(error)")
        }
    }

    private static func names(_ algorithms: [JWTAlgorithm]) -> String { algorithms.map(\.rawValue).joined(separator: ", ") }
}
