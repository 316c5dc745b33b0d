// Reading what the jwt tool is given — key files (PEM or one JWK), JWK Sets, algorithm names, claims and
// header JSON — and writing JSON. Every failure is a ToolError: exit 2 with one line naming the file and
// what is wrong with it.

import CommandLineSupport
import Foundation
import PureJWT

enum ToolAlgorithms {
    static var names: String { JWTAlgorithm.implemented.map(\.rawValue).sorted().joined(separator: ", ") }

    /// An algorithm named on the command line, exactly as JOSE spells it.
    static func parse(_ name: String, option: String = "--alg") throws -> JWTAlgorithm {
        guard let algorithm = JWTAlgorithm(rawValue: name) else {
            throw ToolError.usage("\(option) \"\(name)\" is not a JWS algorithm this tool knows (\(names))")
        }
        return algorithm
    }
}

enum ToolInput {
    /// The key in FILE: a PEM key file (PKCS#8, SEC 1, PKCS#1, SubjectPublicKeyInfo, or a certificate's
    /// public key) or one JWK as JSON. HMAC secrets come only from oct JWKs.
    static func key(_ path: String) throws -> JWTKey { try keyFile(path).key }

    /// `key(_:)`, and whether the key is an oct JWK that names no "alg": such a secret serves every HS
    /// algorithm its length allows, so signing with it needs `--alg` even when its length allows only one.
    static func keyFile(_ path: String) throws -> (key: JWTKey, secretWithoutAlgorithm: Bool) {
        try keyFile(text: try keyText(path), named: path)
    }

    /// The text of a key file, or of standard input for "-" (which can be read only once: a command that
    /// tries the text as a signing key and then as an encryption key reads it here once).
    static func keyText(_ path: String) throws -> String {
        String(decoding: try readInput(path), as: UTF8.self)
    }

    /// `keyFile(_:)` of text already read from `path`.
    static func keyFile(text: String, named path: String) throws -> (key: JWTKey, secretWithoutAlgorithm: Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            if trimmed.hasPrefix("{") {
                let members = try StrictJSONDecoder().decode([String: JSONValue].self, from: trimmed)
                if members["keys"] != nil { throw ToolError.usage("\(path) is a JWK Set; pass it with --jwks") }
                let jwk = try StrictJSONDecoder().decode(JSONWebKey.self, from: trimmed)
                return (try jwk.jwtKey(), jwk.kty == "oct" && jwk.alg == nil)
            }
            guard trimmed.hasPrefix("-----BEGIN ") else {
                throw ToolError.usage("\(path) is neither a PEM key file nor a JWK (JSON)")
            }
            return (try JWTKey(pemRepresentation: trimmed), false)
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("\(path): \(error)")
        }
    }

    /// The usable keys of the JWK Set in FILE; keys it cannot use are skipped. No usable key is an error
    /// that lists why each was skipped.
    static func keySet(_ path: String) throws -> [JWTKey] {
        let set: JSONWebKeySet
        do { set = try JSONWebKeySet(json: try readInput(path)) } catch let error as ToolError { throw error } catch {
            throw ToolError.usage("\(path): \(error)")
        }
        guard !set.keys.isEmpty else {
            let reasons = set.skipped.map { "\($0.kid.map { "kid \"\($0)\"" } ?? "a key"): \($0.reason)" }
            throw ToolError.usage("\(path) has no key this tool can use" + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"))
        }
        return set.keys
    }

    /// JSON given as text on the command line, or read from a file, or from standard input for "-".
    static func jsonText(_ argument: String) throws -> [UInt8] {
        let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return Array(argument.utf8) }
        return Array(try readInput(argument))
    }

    /// A header for signing from --header's JSON object: "kid", "typ" and "cty" as strings, any other
    /// member kept as it is. "alg" is refused (it comes from the key or --alg), as are "crit" and "b64":
    /// a token with critical extensions is one few verifiers accept.
    static func header(_ json: String, algorithm: JWTAlgorithm) throws -> JWTHeader {
        let members: [String: JSONValue]
        do { members = try StrictJSONDecoder().decode([String: JSONValue].self, from: json) } catch {
            throw ToolError.usage("--header must be a JSON object: \(error)")
        }
        if members["alg"] != nil {
            throw ToolError.usage("--header must not set \"alg\": the algorithm comes from the key or --alg")
        }
        for name in ["crit", "b64"] where members[name] != nil {
            throw ToolError.usage("--header must not set \"\(name)\": this tool does not sign tokens with critical extensions")
        }
        func string(_ name: String) throws -> String? {
            switch members[name] {
            case nil: return nil
            case .string(let value)?: return value
            default: throw ToolError.usage("--header's \"\(name)\" must be a string")
            }
        }
        var header = JWTHeader(alg: algorithm.rawValue, kid: try string("kid"), typ: try string("typ") ?? "JWT", cty: try string("cty"))
        header.additionalMembers = members.filter { !["kid", "typ", "cty"].contains($0.key) }
        return header
    }

    /// Indented, sorted JSON with a final newline, for standard output (the same layout as verify's).
    static func json<Value: Encodable>(_ value: Value) throws -> String {
        do { return try JSONText.pretty(Array(try JSONEncoder().encode(value))) } catch {
            throw ToolError.usage("cannot write JSON: \(error)")
        }
    }
}
