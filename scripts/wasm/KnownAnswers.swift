// A wasm32 program that checks known answers with the stdlib-only modules compiled as Embedded Swift:
// SHA-256, RFC 6979 ECDSA P-256 signing and verification, RS256 verification (with base64url decoding),
// Ed25519 signing and verification (RFC 8032), ES512, AES-GCM sealing and opening (Wycheproof), AES key wrap,
// ECDH, DEFLATE, CBOR (RFC 8949 Appendix A; a WebAuthn attestation object and its COSE key), SHA-3, ML-DSA-44,
// Ed448 and X448.
// Run by scripts/wasm-known-answers.sh under WasmKit; prints one line per check and exits with the
// number of failures. Expected values: KnownAnswerVectors.swift (generated from vector files).

import PureAES
import PureBase64
import PureCBOR
import PureCurve25519
import PureCurve448
import PureDeflate
import PureMLDSA
import PureP521
import PureP256
import PureRSA
import PureSHA2
import PureSHA3

nonisolated(unsafe) var failures: Int32 = 0

func check(_ passed: Bool, _ name: StaticString) {
    if !passed { failures += 1 }
    WASI.write(passed ? "ok   " : "FAIL ")
    WASI.write(name)
    WASI.write("\n")
}

func runChecks() {
    for (message, digest) in KnownAnswerVectors.sha256 {
        check(Array(SHA256.hash(data: message)) == digest, "SHA-256 known answer")
    }
    var streamed = SHA256()
    streamed.update(data: [UInt8](repeating: 0x61, count: 1000))
    streamed.update(data: [UInt8](repeating: 0x61, count: 1000))
    check(Array(streamed.finalize()) == Array(SHA256.hash(data: [UInt8](repeating: 0x61, count: 2000))),
          "SHA-256 streamed equals one-shot")

    guard let key = try? P256.Signing.PrivateKey(rawRepresentation: KnownAnswerVectors.p256PrivateKey) else {
        return check(false, "P-256 private key from its raw form")
    }
    check(key.publicKey.x963Representation == KnownAnswerVectors.p256PublicKeyX963, "P-256 public key from the private key")
    for (message, expected) in KnownAnswerVectors.rfc6979 {
        let signature = key.signature(for: Array(message.utf8))
        check(signature.rawRepresentation == expected, "ECDSA P-256 RFC 6979 signature")
        guard let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: expected) else {
            return check(false, "ECDSA signature from r || s")
        }
        check(key.publicKey.isValidSignature(parsed, for: Array(message.utf8)), "ECDSA P-256 verification")
        check(!key.publicKey.isValidSignature(parsed, for: Array((message + "!").utf8)), "ECDSA P-256 refuses another message")
    }

    guard let modulus = try? Base64URL.decode(KnownAnswerVectors.rsaModulus),
          let exponent = try? Base64URL.decode(KnownAnswerVectors.rsaExponent),
          var signature = try? Base64URL.decode(KnownAnswerVectors.rsaSignature) else {
        return check(false, "base64url decoding of the RSA key and signature")
    }
    guard let rsaKey = try? RSA.Signing.PublicKey(modulus: modulus, publicExponent: exponent) else {
        return check(false, "RSA public key from n and e")
    }
    let input = Array(KnownAnswerVectors.rsaSigningInput.utf8)
    check(rsaKey.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: signature), for: input), "RS256 verification (RFC 7515 A.2)")
    signature[signature.count / 2] ^= 1
    check(!rsaKey.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: signature), for: input), "RS256 refuses a changed signature")
    for vector in KnownAnswerVectors.ed25519 {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: vector.seed) else {
            return check(false, "Ed25519 private key from its seed")
        }
        check(key.publicKey.rawRepresentation == vector.publicKey, "Ed25519 public key (RFC 8032)")
        let signature = key.signature(for: vector.message)
        check(signature == vector.signature, "Ed25519 signature (RFC 8032)")
        check(key.publicKey.isValidSignature(signature, for: vector.message), "Ed25519 verification")
        check(!key.publicKey.isValidSignature(signature, for: vector.message + [0]), "Ed25519 refuses another message")
    }
    guard let p521 = try? P521.Signing.PrivateKey(rawRepresentation: KnownAnswerVectors.p521PrivateKey) else {
        return check(false, "P-521 private key from its raw form")
    }
    check(p521.publicKey.rawRepresentation == KnownAnswerVectors.p521PublicKeyRaw, "P-521 public key from the private key")
    // One message: under the interpreter, each signature and verification costs seconds.
    for (message, expected) in KnownAnswerVectors.p521Signatures.prefix(1) {
        let signature = p521.signature(for: Array(message.utf8))
        check(signature.rawRepresentation == expected, "ECDSA P-521 RFC 6979 signature (ES512)")
        check(p521.publicKey.isValidSignature(signature, for: Array(message.utf8)), "ECDSA P-521 verification")
        check(!p521.publicKey.isValidSignature(signature, for: Array((message + "!").utf8)), "ECDSA P-521 refuses another message")
    }
}

/// AES-GCM and key wrap: the bitsliced cipher's SIMD2<UInt64> planes on a target without 64-bit vectors.
func runAESChecks() {
    for vector in KnownAnswerVectors.aesGCM {
        let key = SymmetricKey(data: vector.key)
        guard let nonce = try? AES.GCM.Nonce(data: vector.nonce),
              let box = try? AES.GCM.seal(vector.message, using: key, nonce: nonce, authenticating: vector.aad) else {
            return check(false, "AES-GCM seal")
        }
        check(box.ciphertext == vector.ciphertext && box.tag == vector.tag, "AES-GCM seal (Wycheproof)")
        check((try? AES.GCM.open(box, using: key, authenticating: vector.aad)) == vector.message, "AES-GCM open")
        var tag = vector.tag
        tag[0] ^= 1
        guard let altered = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: vector.ciphertext, tag: tag) else {
            return check(false, "AES-GCM box from its parts")
        }
        check((try? AES.GCM.open(altered, using: key, authenticating: vector.aad)) == nil, "AES-GCM refuses a changed tag")
    }
    for vector in KnownAnswerVectors.aesKeyWrap {
        let kek = SymmetricKey(data: vector.kek)
        check((try? AES.KeyWrap.wrap(SymmetricKey(data: vector.key), using: kek)) == vector.wrapped, "AES key wrap (Wycheproof)")
        check((try? AES.KeyWrap.unwrap(vector.wrapped, using: kek)) == SymmetricKey(data: vector.key), "AES key unwrap")
    }
}

/// ECDH on P-256 and P-521 (the constant-time ladder with 32-bit Int) and raw DEFLATE.
func runKeyAgreementAndDeflateChecks() {
    for vector in KnownAnswerVectors.ecdh {
        let shared: [UInt8]?
        if vector.scalar.count == 32 {
            shared = (try? P256.KeyAgreement.PrivateKey(rawRepresentation: vector.scalar)
                .sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(x963Representation: vector.peer)))?
                .withUnsafeBytes { Array($0) }
        } else {
            shared = (try? P521.KeyAgreement.PrivateKey(rawRepresentation: vector.scalar)
                .sharedSecretFromKeyAgreement(with: P521.KeyAgreement.PublicKey(x963Representation: vector.peer)))?
                .withUnsafeBytes { Array($0) }
        }
        check(shared == vector.shared, "ECDH shared secret (Wycheproof)")
    }
    let (plaintext, compressed) = KnownAnswerVectors.deflate
    check((try? Inflate.decompress(compressed, maximumOutputCount: plaintext.count)) == plaintext, "inflate zlib's DEFLATE")
    check((try? Inflate.decompress(compressed, maximumOutputCount: plaintext.count - 1)) == nil, "inflate stops at its limit")
    check((try? Inflate.decompress(Deflate.compress(plaintext), maximumOutputCount: plaintext.count)) == plaintext, "deflate, then inflate")
}

/// Strict CBOR: Appendix A decoded and re-encoded, refusals refused, and a WebAuthn credential key read from
/// its attestation object and compared with the public key of its private scalar.
func runCBORChecks() {
    var roundTrips = 0, refusals = 0
    for bytes in KnownAnswerVectors.cborAccepted {
        if let item = try? CBORDecoder().decode(bytes), (try? item.encoded()) == bytes { roundTrips += 1 }
    }
    check(roundTrips == KnownAnswerVectors.cborAccepted.count && roundTrips > 0, "CBOR: RFC 8949 Appendix A decoded and re-encoded")
    for bytes in KnownAnswerVectors.cborRefused where (try? CBORDecoder().decode(bytes)) == nil { refusals += 1 }
    check(refusals == KnownAnswerVectors.cborRefused.count && refusals > 0, "CBOR: floats, tags, indefinite lengths refused")
    let object = try? CBORDecoder().decode(KnownAnswerVectors.webAuthnAttestationObject)
    let authData = object?.mapValue?["authData"]?.byteStringValue ?? []
    var matches = false
    if authData.count > 55 {
        let start = 55 + (Int(authData[53]) << 8 | Int(authData[54]))
        if let (item, end) = try? CBORDecoder().decodeFirst(authData, startingAt: start), end == authData.count,
           let key = try? COSEKey(item), case .ec2(.p256, let x, let y) = key.parameters,
           let expected = try? P256.Signing.PrivateKey(rawRepresentation: KnownAnswerVectors.webAuthnCredentialPrivateKey) {
            matches = x + y == expected.publicKey.rawRepresentation && key.encoded() == Array(authData[start...])
        }
    }
    check(matches, "CBOR: WebAuthn credential key (COSE, ES256)")
}

/// SHA-3, SHAKE and ML-DSA-44: the key of a seed, its deterministic signature, verification (32-bit Int,
/// Int64 products in the Montgomery reduction).
func runPostQuantumChecks() {
    check(Array(SHA3_256.hash(data: Array("abc".utf8))) == KnownAnswerVectors.sha3Abc, "SHA3-256 known answer")
    check(SHAKE128.hash(data: [UInt8](), outputByteCount: 64) == KnownAnswerVectors.shake128Empty, "SHAKE128 known answer")
    guard let key = try? MLDSA44.PrivateKey(seedRepresentation: KnownAnswerVectors.mldsa44Seed) else {
        return check(false, "ML-DSA-44 key from its seed")
    }
    check(Array(SHA3_256.hash(data: key.publicKey.rawRepresentation)) == KnownAnswerVectors.mldsa44PublicKeyHash, "ML-DSA-44 public key (pyca)")
    guard let signature = try? key.deterministicSignature(for: KnownAnswerVectors.mldsa44Message, context: KnownAnswerVectors.mldsa44Context) else {
        return check(false, "ML-DSA-44 signing")
    }
    check(Array(SHA3_256.hash(data: signature)) == KnownAnswerVectors.mldsa44SignatureHash, "ML-DSA-44 deterministic signature (pyca)")
    check(key.publicKey.isValidSignature(signature, for: KnownAnswerVectors.mldsa44Message, context: KnownAnswerVectors.mldsa44Context),
          "ML-DSA-44 verification")
    check(!key.publicKey.isValidSignature(signature, for: KnownAnswerVectors.mldsa44Message), "ML-DSA-44 refuses another context")
}

/// Ed448 and X448: RFC 8032's keys and signatures (the comb's table built under the interpreter), and RFC
/// 7748's X448 (the 64-bit limb products on a 32-bit target).
func runCurve448Checks() {
    for vector in KnownAnswerVectors.ed448 {
        guard let key = try? Curve448.Signing.PrivateKey(rawRepresentation: vector.secret),
              let signature = try? key.signature(for: vector.message, context: vector.context) else {
            return check(false, "Ed448 private key from its secret, signing")
        }
        check(key.publicKey.rawRepresentation == vector.publicKey, "Ed448 public key (RFC 8032)")
        check(signature == vector.signature, "Ed448 signature (RFC 8032)")
        check(key.publicKey.isValidSignature(signature, for: vector.message, context: vector.context), "Ed448 verification")
        check(!key.publicKey.isValidSignature(signature, for: vector.message + [0], context: vector.context), "Ed448 refuses another message")
    }
    let (scalar, u, result) = KnownAnswerVectors.x448
    let shared = (try? Curve448.KeyAgreement.PrivateKey(rawRepresentation: scalar)
        .sharedSecretFromKeyAgreement(with: Curve448.KeyAgreement.PublicKey(rawRepresentation: u)))?
        .withUnsafeBytes { Array($0) }
    check(shared == result, "X448 (RFC 7748)")
}

@_cdecl("_start")
func start() {
    runChecks()
    runAESChecks()
    runKeyAgreementAndDeflateChecks()
    runCBORChecks()
    runPostQuantumChecks()
    runCurve448Checks()
    WASI.exit(failures)
}
