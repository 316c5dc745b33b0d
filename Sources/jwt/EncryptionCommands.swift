// jwt encrypt and jwt decrypt: JWE (RFC 7516), compact or in a JSON serialization, on PureJWT.

import CommandLineSupport
import Foundation
import PureBase64
import PureCurve25519
import PureCurve448
import PureJWT
import PureP256
import PureP384
import PureP521
import PureRSA

enum EncryptionCommands {
    static var algorithmNames: String { JWEKeyManagementAlgorithm.all.map(\.rawValue).joined(separator: ", ") }
    static var encryptionNames: String { JWEContentEncryptionAlgorithm.all.map(\.rawValue).joined(separator: ", ") }

    static let encryptHelp = """
        usage: jwt encrypt FILE|- --key KEYFILE [--alg ALG] --enc ENC [--kid ID] [--zip] [--cty T] [--typ T]
                           [--header JSON] [--p2c N] [--json|--flattened] [--aad FILE]
        Encrypts the bytes of FILE (or standard input), exactly, for the key in KEYFILE and prints the compact
        JWE and a newline. KEYFILE: a public RSA, EC (P-256, P-384, P-521), X25519 or X448 key in PEM, or one
        JWK (RSA, EC, OKP X25519 or X448; oct for dir, A*KW and A*GCMKW, and for PBES2 an oct JWK whose "k" is the password).
        The algorithm is --alg, or the key's when it allows only one (a JWK's "alg"): a PEM key serves every
        algorithm of its family, so name one. --zip compresses first ("zip": "DEF"; not for secrets mixed
        with text others choose). --cty JWT marks a nested token. --header adds members to the protected
        header (a JSON object; "typ" and "cty" as jwt sign takes them, --typ and --cty winning; not "alg",
        "enc", "zip", "crit", "kid" — each recipient's, from --kid or its JWK — or what key management
        writes). --p2c: PBES2's iterations (default 200,000).
        --json prints the general JSON serialization instead, and takes --key more than once: one recipient
        per key, each with its own algorithm (--alg for the keys that allow it, the key's only one for the
        others; dir and ECDH-ES only alone). --flattened prints the flattened JSON serialization (one key). --aad FILE adds
        its bytes as "aad", covered by the tag (JSON serializations only). No token is printed that jwt
        decrypt would refuse by default: over 1 MiB (about 785 KB of plaintext), or with --zip a plaintext
        over 250,000 bytes.
        algorithms (--alg): \(algorithmNames)
        content encryptions (--enc): \(encryptionNames)
        """

    static func encrypt(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "alg", "enc", "kid", "cty", "typ", "p2c", "header", "aad"],
                                 switches: ["zip", "json", "flattened"])
        if args.wantsHelp { print(encryptHelp); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give one FILE (or - for standard input); see --help") }
        let general = args.has("json"), flattened = args.has("flattened")
        if general && flattened { throw ToolError.usage("give --json or --flattened, not both") }
        let keyPaths = args.values("key")
        guard !keyPaths.isEmpty else { throw ToolError.usage("--key is required; see --help") }
        if keyPaths.count > 1 && !general { throw ToolError.usage("several --key make a general JSON serialization: add --json") }
        if keyPaths.count > 1 && args.value("kid") != nil { throw ToolError.usage("--kid names one key; with several --key, put each \"kid\" in its JWK") }
        if args.value("aad") != nil && !general && !flattened { throw ToolError.usage("--aad needs --json or --flattened: the compact serialization has no \"aad\"") }
        if args.value("aad") == "-" && args.positional[0] == "-" { throw ToolError.usage("FILE and --aad cannot both be standard input") }
        let keys = try keyPaths.map { try jweKey($0, keyID: args.value("kid")) }
        let named = try args.value("alg").map(parseAlgorithm)
        let recipients = try keys.enumerated().map { index, key in
            // With several keys, --alg is for those that allow it (a PEM key serves a family); the others
            // must name their one algorithm themselves (a JWK's "alg").
            let applies = keys.count == 1 || named.map(key.algorithms.contains) ?? false
            return try JWEEncrypter.Recipient(key: key, algorithm: try algorithm(for: key, named: applies ? named : nil, label: keyPaths[index]))
        }
        let encryption = try parseEncryption(try args.required("enc"))
        let pbes2Count = try args.number("p2c", in: 1000...10_000_000).map { Int($0) }
        var extraHeader = try args.value("header").map(encryptionHeader) ?? [:]
        // "typ" and "cty" from --header, as jwt sign reads them; --typ and --cty win.
        func headerString(_ name: String) throws -> String? {
            switch extraHeader.removeValue(forKey: name) {
            case nil: return nil
            case .string(let value)?: return value
            default: throw ToolError.usage("--header's \"\(name)\" must be a string")
            }
        }
        let headerType = try headerString("typ"), headerContentType = try headerString("cty")
        // A decrypter takes tokens up to its maximumTokenSize (1 MiB by default, as jwt decrypt does): a
        // token over it is not printed (no one could open it with the defaults).
        let tokenLimit = JWEDecrypter(keys: []).maximumTokenSize
        let plaintext = Array(try readInput(args.positional[0], tooLarge: "a JWE of it would be over the \(tokenLimit / 1024) KiB that decrypters accept"))
        let aad = try args.value("aad").map { Array(try readInput($0)) }
        let decompressionLimit = JWEDecrypter(keys: []).maximumDecompressedSize
        if args.has("zip") && plaintext.count > decompressionLimit {
            throw ToolError.usage("--zip with \(plaintext.count) bytes: decrypters refuse to decompress more than \(decompressionLimit) by default (maximumDecompressedSize, against zip bombs); leave out --zip")
        }
        do {
            var encrypter = try JWEEncrypter(recipients: recipients, encryption: encryption)
            encrypter.compresses = args.has("zip")
            encrypter.contentType = args.value("cty") ?? headerContentType
            encrypter.type = args.value("typ") ?? headerType
            encrypter.additionalHeaderMembers = extraHeader
            if let count = pbes2Count { encrypter.pbes2Count = count }
            let token = general ? try encrypter.encryptGeneral(plaintext, additionalAuthenticatedData: aad)
                : flattened ? try encrypter.encryptFlattened(plaintext, additionalAuthenticatedData: aad) : try encrypter.encrypt(plaintext)
            guard token.utf8.count <= tokenLimit else {
                throw ToolError.usage("the JWE would be \(token.utf8.count) bytes, over the \(tokenLimit) that jwt decrypt and JWEDecrypter accept by default (maximumTokenSize): encrypt less")
            }
            print(token)
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("\(error)")
        }
    }

    /// The algorithm for one recipient key: --alg when given (the key must allow it), else the key's only one.
    static func algorithm(for key: JWEKey, named: JWEKeyManagementAlgorithm?, label: String) throws -> JWEKeyManagementAlgorithm {
        if let named {
            guard key.algorithms.contains(named) else {
                throw ToolError.usage("\(label) is for \(key.algorithms.map(\.rawValue).joined(separator: ", ")), not \(named)")
            }
            return named
        }
        guard key.algorithms.count == 1 else {
            throw ToolError.usage("\(label) can be used with \(key.algorithms.map(\.rawValue).joined(separator: ", ")); choose one with --alg")
        }
        return key.algorithms[0]
    }

    /// --header's JSON object for a JWE's protected header: members the encrypter writes itself are refused.
    static func encryptionHeader(_ json: String) throws -> [String: JSONValue] {
        let members: [String: JSONValue]
        do { members = try StrictJSONDecoder().decode([String: JSONValue].self, from: json) } catch {
            throw ToolError.usage("--header must be a JSON object: \(error)")
        }
        let refused: [String: String] = [
            "alg": "the algorithm comes from the key or --alg", "enc": "give --enc", "zip": "give --zip",
            "crit": "this tool does not encrypt tokens with critical extensions",
            "kid": "each recipient's \"kid\" is its own: give --kid or put it in the JWK",
        ]
        for name in members.keys.sorted() {
            if let why = refused[name] { throw ToolError.usage("--header must not set \"\(name)\": \(why)") }
            if ["epk", "apu", "apv", "iv", "tag", "p2s", "p2c"].contains(name) {
                throw ToolError.usage("--header must not set \"\(name)\": key management writes it")
            }
        }
        return members
    }

    static let decryptHelp = """
        usage: jwt decrypt TOKEN|- (--key KEYFILE | --jwks FILE) [--alg ALG ...] [--enc ENC ...] [--max-p2c N]
        Decrypts the JWE TOKEN (or standard input) — compact, or a general or flattened JSON serialization
        (text starting with "{") — and writes its plaintext bytes exactly, nothing added. KEYFILE: a private
        RSA, EC, X25519 or X448 key in PEM, or one JWK (private, or oct); FILE: a JWK Set, whose keys must match
        the token's kid. --alg and --enc (repeatable) narrow what is accepted; --max-p2c caps
        PBES2's iterations (default 1,000,000). A nested token: jwt decrypt ... | jwt verify - ...
        Exit 1 with the reason when the token cannot be decrypted.
        """

    static func decrypt(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["key", "jwks", "alg", "enc", "max-p2c"])
        if args.wantsHelp { print(decryptHelp); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give one TOKEN (or - to read it from standard input); see --help") }
        let token = try readToken(args.positional[0])
        let keys: [JWEKey]
        switch (args.value("key"), args.value("jwks")) {
        case (let path?, nil):
            let key = try jweKey(path, keyID: nil)
            guard key.canDecrypt else { throw ToolError.usage("\(path) is a public key; decryption needs the private key") }
            keys = [key]
        case (nil, let path?): keys = try jweKeySet(path)
        default: throw ToolError.usage("give either --key FILE or --jwks FILE")
        }
        var decrypter = JWEDecrypter(keys: keys)
        let algorithms = try args.values("alg").map(parseAlgorithm)
        if !algorithms.isEmpty { decrypter.keyManagementAlgorithms = Set(algorithms) }
        let encryptions = try args.values("enc").map(parseEncryption)
        if !encryptions.isEmpty { decrypter.contentEncryptionAlgorithms = Set(encryptions) }
        if let count = try args.number("max-p2c", in: 1...1e9) { decrypter.maximumPBES2Count = Int(count) }
        let result: DecryptedJWE
        do {
            result = token.hasPrefix("{") ? try decrypter.decrypt(jsonSerialization: token) : try decrypter.decrypt(token)
        } catch {
            throw ToolError.rejected("rejected: \(toolWording(error))")
        }
        FileHandle.standardOutput.write(Data(result.plaintext))
    }

    /// The library's reason, with the two limits a caller may raise named by this tool's flags rather than
    /// by `JWEDecrypter`'s properties.
    static func toolWording(_ error: JWTError) -> String {
        switch error.reason {
        case .pbes2CountTooLarge(let count, let limit):
            return "the token asks for \(count) PBKDF2 iterations, over the limit of \(limit); raise --max-p2c only for senders you trust"
        case .notAccepted(let member, let value, let accepted):
            return "the token's \"\(member)\" \"\(value)\" is not accepted here (accepted: \(accepted.joined(separator: ", "))); "
                + "add it with --\(member) only where such tokens are expected"
        default:
            return "\(error)"
        }
    }

    /// jwt keygen for a JWE algorithm (see KeyCommands.keygenHelp).
    static func keygen(_ args: Arguments, algorithm: JWEKeyManagementAlgorithm, bits: Int) throws {
        let kid = args.value("kid")
        let isRSA = JWEKey.rsaFamilyNames.contains(algorithm.rawValue), isECDH = algorithm.rawValue.hasPrefix("ECDH-ES")
        if args.value("bits") != nil && !isRSA { throw ToolError.usage("--bits applies to RSA-OAEP keys, not \(algorithm)") }
        if args.value("crv") != nil && !isECDH { throw ToolError.usage("--crv applies to ECDH-ES keys, not \(algorithm)") }
        if args.value("enc") != nil && algorithm != .direct { throw ToolError.usage("--enc applies to dir keys (the key is the content key), not \(algorithm)") }
        if algorithm.rawValue.hasPrefix("PBES2-") {
            throw ToolError.usage("a PBES2 password is chosen, not generated: write {\"kty\":\"oct\",\"alg\":\"\(algorithm)\",\"k\":BASE64URL(password)}")
        }
        let curve = args.value("crv") ?? "P-256"
        let symmetric = !isRSA && !isECDH
        // X25519 and X448 keys default to a JWK, the form JOSE tools exchange them in; --format pem writes
        // PKCS#8 (RFC 8410).
        let defaultFormat = symmetric || curve == "X25519" || curve == "X448" ? "jwk" : "pem"
        let format = args.value("format") ?? defaultFormat
        guard format == "pem" || format == "jwk" else { throw ToolError.usage("--format must be pem or jwk, got \"\(format)\"") }
        if format == "pem" && symmetric { throw ToolError.usage("a shared key has no PEM form; it is written as a JWK (leave out --format)") }
        if format == "pem" && kid != nil { throw ToolError.usage("--kid is written only in a JWK; add --format jwk") }
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        do {
            if symmetric {
                let length: Int
                if algorithm == .direct {
                    guard let enc = args.value("enc") else { throw ToolError.usage("a dir key is the content key: name its --enc") }
                    length = try parseEncryption(enc).keyByteCount
                } else {
                    length = algorithm.rawValue.contains("128") ? 16 : algorithm.rawValue.contains("192") ? 24 : 32
                }
                var members = ["kty": "oct", "alg": algorithm.rawValue, "use": "enc", "k": Base64URL.encode(random(length))]
                if let kid { members["kid"] = kid }
                print(try ToolInput.json(members))
                return
            }
            var signingKey: JWTKey
            if isRSA {
                signingKey = try .rsa(try RSA.Signing.PrivateKey(keySize: RSA.Signing.KeySize(bitCount: bits)), algorithms: [.rs256], keyID: kid)
            } else {
                switch curve {
                case "P-256": signingKey = .es256(P256.Signing.PrivateKey(), keyID: kid)
                case "P-384": signingKey = .es384(P384.Signing.PrivateKey(), keyID: kid)
                case "P-521": signingKey = .es512(P521.Signing.PrivateKey(), keyID: kid)
                case "X25519", "X448":
                    let (pem, publicKey, privateKey): (String, [UInt8], [UInt8])
                    if curve == "X25519" {
                        let key = Curve25519.KeyAgreement.PrivateKey()
                        (pem, publicKey, privateKey) = (key.pemRepresentation, key.publicKey.rawRepresentation, key.rawRepresentation)
                    } else {
                        let key = Curve448.KeyAgreement.PrivateKey()
                        (pem, publicKey, privateKey) = (key.pemRepresentation, key.publicKey.rawRepresentation, key.rawRepresentation)
                    }
                    if format == "pem" { print(pem, terminator: ""); return }
                    var members = ["kty": "OKP", "crv": curve, "alg": algorithm.rawValue, "use": "enc",
                                   "x": Base64URL.encode(publicKey), "d": Base64URL.encode(privateKey)]
                    if let kid { members["kid"] = kid }
                    print(try ToolInput.json(members))
                    return
                default: throw ToolError.usage("--crv must be P-256, P-384, P-521, X25519 or X448, got \"\(curve)\"")
                }
            }
            if format == "pem" {
                print(signingKey.privateKeyPEMRepresentation ?? "", terminator: "")
            } else {
                var jwk = try JSONWebKey(privateKeyOf: signingKey)
                jwk.alg = algorithm.rawValue
                jwk.use = "enc"
                print(try ToolInput.json(jwk))
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("cannot make a key: \(error)")
        }
    }

    static func parseAlgorithm(_ name: String) throws -> JWEKeyManagementAlgorithm {
        if name == "RSA1_5" { throw ToolError.usage("--alg RSA1_5 is refused: RSAES-PKCS1-v1_5 key transport is open to Bleichenbacher's attack; use RSA-OAEP-256") }
        guard let algorithm = JWEKeyManagementAlgorithm(rawValue: name) else {
            throw ToolError.usage("--alg \"\(name)\" is not a JWE key-management algorithm this tool knows (\(algorithmNames))")
        }
        return algorithm
    }

    static func parseEncryption(_ name: String) throws -> JWEContentEncryptionAlgorithm {
        guard let encryption = JWEContentEncryptionAlgorithm(rawValue: name) else {
            throw ToolError.usage("--enc \"\(name)\" is not a content encryption this tool knows (\(encryptionNames))")
        }
        return encryption
    }

    /// The JWE key in FILE: PEM (RSA or EC) or one JWK; `keyID`, when given, replaces the JWK's "kid".
    static func jweKey(_ path: String, keyID: String?) throws -> JWEKey {
        try jweKey(text: try ToolInput.keyText(path), named: path, keyID: keyID)
    }

    /// `jweKey(_:keyID:)` of text already read from `path`.
    static func jweKey(text untrimmed: String, named path: String, keyID: String?) throws -> JWEKey {
        let text = untrimmed.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            if text.hasPrefix("{") {
                var jwk = try StrictJSONDecoder().decode(JSONWebKey.self, from: text)
                if let keyID { jwk.kid = keyID }
                return try jwk.jweKey()
            }
            guard text.hasPrefix("-----BEGIN ") else { throw ToolError.usage("\(path) is neither a PEM key file nor a JWK (JSON)") }
            return try JWEKey(pemRepresentation: text, keyID: keyID)
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("\(path): \(error)")
        }
    }

    /// The usable JWE keys of the JWK Set in FILE (`JWEKeySet`); none usable is an error listing why.
    static func jweKeySet(_ path: String) throws -> [JWEKey] {
        let set: JWEKeySet
        do { set = try JWEKeySet(json: try readInput(path)) } catch let error as ToolError { throw error } catch {
            throw ToolError.usage("\(path): not a usable JWK Set: \(error)")
        }
        guard !set.keys.isEmpty else {
            let reasons = set.skipped.map { "\($0.kid.map { "kid \"\($0)\"" } ?? "a key"): \($0.reason)" }
            throw ToolError.usage("\(path) has no key this tool can decrypt with" + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"))
        }
        return set.keys
    }
}
