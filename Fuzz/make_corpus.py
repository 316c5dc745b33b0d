#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/Corpus/<harness>/ from the test vector files (run from the repository
root; only needed again when the vector files change). Seeds are the inputs each harness should start
from: real key files, real tokens, JWKS documents, Apple's responses, RFC 4648 texts."""
import base64, hashlib, json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "Fuzz" / "Corpus"
vectors = lambda module: root / "Tests" / module / "Vectors"

def put(harness, data, name=None):
    """Writes one seed, named by its SHA-1 unless `name` is given: a seed that differs on every run (a
    random encryption) takes a fixed name, so that a rerun replaces it instead of adding another."""
    if isinstance(data, str):
        data = data.encode()
    d = corpus / harness
    d.mkdir(parents=True, exist_ok=True)
    (d / (name or hashlib.sha1(data).hexdigest())).write_bytes(data)

# Keys: every PEM file, and its DER body.
for path in sorted(vectors("PureASN1Tests").glob("*")) + sorted(vectors("PureP256Tests").glob("*.p8")):
    if path.suffix in (".pem", ".p8"):
        text = path.read_text()
        put("FuzzKeys", text)
        body = "".join(l for l in text.splitlines() if l and not l.startswith("-----"))
        put("FuzzKeys", base64.b64decode(body))
# Base64: the RFC 4648 texts in both alphabets.
for case in json.loads((vectors("PureBase64Tests") / "rfc4648_base64_vectors.json").read_text())["section10"]:
    text = case["base64"]
    put("FuzzBase64", text)
    put("FuzzBase64", text.rstrip("=").replace("+", "-").replace("/", "_"))
# Tokens: real Apple identity tokens (mode byte 0) and their claims (mode byte 1) for FuzzJWS; the tokens
# and claims for FuzzIdentityToken.
tokens = json.loads((vectors("AppleAuthTests") / "apple_identity_tokens_verified.json").read_text())["tokens"]
nonce = json.loads((vectors("AppleAuthTests") / "nonce_tokens.json").read_text())
jwts = [t["jwt"] for t in tokens] + [v for k, v in nonce.items() if k.endswith("_token")]
for jwt in jwts:
    claims = base64.urlsafe_b64decode(jwt.split(".")[1] + "==")
    put("FuzzJWS", b"\x00" + jwt.encode())
    put("FuzzJWS", b"\x01" + claims)
    put("FuzzIdentityToken", jwt)
    put("FuzzIdentityToken", claims)
# JWS JSON serializations (flattened and general), mode byte 0 as the compact tokens.
for case in json.loads((vectors("PureJWTTests") / "jws_json_joserfc_vectors.json").read_text())["cases"]:
    put("FuzzJWS", b"\x00" + case["json"].encode())
# ES256K: a compact token by the harness's secp256k1 key (scalar 7, kid "k"), signed with an RFC 6979 nonce
# so the seed is the same on every run, and the general serialization with an ES256K signature.
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")
signing_input = b64url(b'{"alg":"ES256K","kid":"k"}') + b"." + b64url(b'{"aud":"com.example.app","exp":1900000000,"iss":"https://appleid.apple.com","sub":"k"}')
r, s_ = decode_dss_signature(ec.derive_private_key(7, ec.SECP256K1()).sign(signing_input, ec.ECDSA(hashes.SHA256(), deterministic_signing=True)))
put("FuzzJWS", b"\x00" + signing_input + b"." + b64url(r.to_bytes(32, "big") + s_.to_bytes(32, "big")))
put("FuzzJWS", b"\x00" + json.dumps(json.loads((vectors("PureJWTTests") / "jws_json_claims_joserfc.json").read_text())["general"]).encode())
# EdDSA on Ed25519 (kid "d") and Ed448 (kid "g"): the harness's keys, all-7 secrets; the signatures are
# deterministic (RFC 8032), so the seeds are the same on every run.
from cryptography.hazmat.primitives.asymmetric import ed25519, ed448
for alg, kid, key in [("EdDSA", "d", ed25519.Ed25519PrivateKey.from_private_bytes(bytes([7]) * 32)),
                      ("Ed448", "g", ed448.Ed448PrivateKey.from_private_bytes(bytes([7]) * 57))]:
    signing_input = b64url(json.dumps({"alg": alg, "kid": kid}, separators=(",", ":")).encode()) + b"." + b64url(b'{"aud":"com.example.app","exp":1900000000,"iss":"https://appleid.apple.com","sub":"' + kid.encode() + b'"}')
    put("FuzzJWS", b"\x00" + signing_input + b"." + b64url(key.sign(signing_input)))
# JWKS: Apple's snapshots, each key alone, the RFC 7515 keys.
for snapshot in json.loads((vectors("PureJWTTests") / "apple_jwks_snapshots.json").read_text())["snapshots"]:
    put("FuzzJWKS", json.dumps({"keys": snapshot["keys"]}))
    for key in snapshot["keys"]:
        put("FuzzJWKS", json.dumps(key))
for example in json.loads((vectors("PureJWTTests") / "rfc7515_appendix_a_jws_examples.json").read_text())["examples"].values():
    if "jwk_private" in example:
        put("FuzzJWKS", json.dumps(example["jwk_private"]))
# Notifications: the real bodies and bare tokens.
notes = json.loads((vectors("AppleAuthTests") / "apple_server_notifications_verified.json").read_text())
for body in notes["example_request_bodies"]:
    put("FuzzNotification", json.dumps(body))
for token in notes["tokens"]:
    put("FuzzNotification", token["jwt"])
# Apple responses: every recorded body.
def bodies(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "body":
                yield value if isinstance(value, str) else json.dumps(value)
            else:
                yield from bodies(value)
    elif isinstance(node, list):
        for value in node:
            yield from bodies(value)
for body in bodies(json.loads((vectors("AppleAuthTests") / "apple_token_endpoint_responses.json").read_text())):
    put("FuzzAppleResponses", body)
# Ed25519: PKCS#8 and SPKI keys (DER and PEM), a raw public key with a signature and its message, and a
# signature by FuzzEd25519's fixed key (seed 42…42, signed here with Python cryptography) with its message.
def pem(label, der):
    body = base64.b64encode(der).decode()
    return f"-----BEGIN {label}-----\n" + "\n".join(body[i:i + 64] for i in range(0, len(body), 64)) + f"\n-----END {label}-----\n"
for case in json.loads((vectors("PureCurve25519Tests") / "ed25519_cryptography.json").read_text())["cases"][:3]:
    put("FuzzEd25519", bytes.fromhex(case["pkcs8_der"]))
    put("FuzzEd25519", pem("PRIVATE KEY", bytes.fromhex(case["pkcs8_der"])))
    put("FuzzEd25519", bytes.fromhex(case["spki_der"]))
    put("FuzzEd25519", pem("PUBLIC KEY", bytes.fromhex(case["spki_der"])))
    put("FuzzEd25519", bytes.fromhex(case["public_key"] + case["signature"] + case["message"]))
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
put("FuzzEd25519", Ed25519PrivateKey.from_private_bytes(bytes([0x42] * 32)).sign(b"message") + b"message")
# X25519: RFC 8410 key files (the fixtures from Python cryptography), and the version 1 PKCS#8 forms.
x25519 = json.loads((vectors("PureCurve25519Tests") / "x25519_keys.json").read_text())
for key in x25519["keys"][:3]:
    for form in ("pkcs8_der", "spki_der"):
        put("FuzzEd25519", bytes.fromhex(key[form]))
    for form in ("pkcs8_pem", "spki_pem"):
        put("FuzzEd25519", key[form])
for form in ("version1_pkcs8_der", "version1_mismatched_public_key_der"):
    put("FuzzEd25519", bytes.fromhex(x25519[form]))
# Ed448 and X448: RFC 8410 key files (DER and PEM) from the curve448 vectors, a raw public key with a
# signature and its message, a signature by FuzzCurve448's fixed key (secret 42…42, signed here with Python
# cryptography) with its message, the same behind an empty context (a zero length byte), and public keys
# that must not decode.
curve448 = json.loads((vectors("PureCurve448Tests") / "curve448_vectors.json").read_text())
for key in curve448["keys"][:3] + curve448["x448Keys"][:3]:
    for form in ("pkcs8", "spki"):
        put("FuzzCurve448", bytes.fromhex(key[form]))
        put("FuzzCurve448", pem("PRIVATE KEY" if form == "pkcs8" else "PUBLIC KEY", bytes.fromhex(key[form])))
for case in curve448["rfc8032"]:
    put("FuzzCurve448", bytes.fromhex(case["publicKey"] + case["signature"] + case["message"]))
for case in curve448["invalidPublicKeys"][:4]:
    put("FuzzCurve448", bytes.fromhex(case["publicKey"]))
from cryptography.hazmat.primitives.asymmetric.ed448 import Ed448PrivateKey
fixed448 = Ed448PrivateKey.from_private_bytes(bytes([0x42] * 57)).sign(b"message") + b"message"
put("FuzzCurve448", fixed448)
put("FuzzCurve448", b"\x00" + fixed448)
# Certificates: the generated chains and malformed certificates, and the real App Store x5c certificates.
x509 = json.loads((vectors("PureX509Tests") / "x509_vectors.json").read_text())
for chain in x509["chains"]:
    for der in chain["chain"] + chain["anchors"]:
        put("FuzzCertificates", base64.b64decode(der))
for single in x509["malformed"]:
    put("FuzzCertificates", base64.b64decode(single["der"]))
# OCSP: every answer of the OCSP vectors (the harness also reads its input as an OCSP response).
for case in json.loads((vectors("PureX509Tests") / "ocsp_vectors.json").read_text())["cases"]:
    put("FuzzCertificates", base64.b64decode(case["response"]))
# App Store: every token, and a notification body for each notification.
appstore = json.loads((vectors("AppStoreServerTests") / "appstore_signed_data.json").read_text())
for entry in appstore:
    put("FuzzAppStore", entry["jws"])
    if entry["kind"] == "notification":
        put("FuzzAppStore", json.dumps({"signedPayload": entry["jws"]}))
    header = json.loads(base64.urlsafe_b64decode(entry["jws"].split(".")[0] + "=="))
    for der in header.get("x5c", []):
        put("FuzzCertificates", base64.b64decode(der))
# P-384 and P-521: each Wycheproof group's key (DER and PEM) and the first signatures of each group, DER
# and r ‖ s, and the x963 point followed by a signature and a message, the layout FuzzECKeys reads.
for module, files in (("PureP384Tests", ("ecdsa_secp384r1_sha384_test.json", "ecdsa_secp384r1_sha384_p1363_test.json")),
                      ("PureP521Tests", ("ecdsa_secp521r1_sha512_test.json", "ecdsa_secp521r1_sha512_p1363_test.json"))):
    for name in files:
        data = json.loads((vectors(module) / name).read_text())
        for group in data["testGroups"][:4]:
            put("FuzzECKeys", bytes.fromhex(group["publicKeyDer"]))
            put("FuzzECKeys", group["publicKeyPem"])
            for test in group["tests"][:3]:
                put("FuzzECKeys", bytes.fromhex(test["sig"]))
                put("FuzzECKeys", bytes.fromhex(group["publicKey"]["uncompressed"]) + bytes.fromhex(test["sig"]) + bytes.fromhex(test["msg"]))
def _der_integers(der):
    """r and s of a DER ECDSA signature SEQUENCE { INTEGER, INTEGER } (short lengths only: 256-bit values)."""
    assert der[0] == 0x30
    body, values = der[2:], []
    while body:
        assert body[0] == 0x02
        length = body[1]
        values.append(int.from_bytes(body[2:2 + length], "big"))
        body = body[2 + length:]
    return values


# secp256k1 (a = 0): key files in every form, compressed points, and the x963 point, an r ‖ s signature
# and the message, from the cryptography-made vectors.
k1 = json.loads((vectors("PureSecp256k1Tests") / "secp256k1_cryptography_vectors.json").read_text())
for key in k1["keys"][::4]:
    put("FuzzECKeys", bytes.fromhex(key["spki"]))
    put("FuzzECKeys", bytes.fromhex(key["pkcs8"]))
    put("FuzzECKeys", key["sec1Pem"])
    put("FuzzECKeys", bytes.fromhex(key["compressed"]))
for signature in k1["signatures"][:40:10]:
    key = k1["keys"][signature["key"]]
    put("FuzzECKeys", bytes.fromhex(signature["der"]))
    r, s = _der_integers(bytes.fromhex(signature["der"]))
    put("FuzzECKeys", bytes.fromhex("04" + key["x"] + key["y"]) + r.to_bytes(32, "big") + s.to_bytes(32, "big") + bytes.fromhex(signature["message"]))
for case in json.loads((vectors("PureJWTTests") / "es256k_joserfc_tokens.json").read_text())["cases"][:2]:
    put("FuzzJWTTool", b"\x00" + json.dumps(case["jwk_public"]).encode())
    put("FuzzJWTTool", b"\x00" + case["private_pem"].encode())
    put("FuzzJWTTool", b"\x04" + case["token"].encode())

# The jwt tool's inputs (first byte: 0 key file, 1 JWKS, 2 claims, 3 header, 4 token): every key-file form
# and a JWK of each type, a JWKS, claims and headers, tokens of several algorithms.
key_files = json.loads((vectors("PureJWTTests") / "key_files.json").read_text())
for entry in key_files["keys"]:
    for pem in entry["forms"].values():
        put("FuzzJWTTool", b"\x00" + pem.encode())
    put("FuzzJWTTool", b"\x04" + entry["token"].encode())
    put("FuzzJWTTool", b"\x02" + base64.urlsafe_b64decode(entry["token"].split(".")[1] + "=="))
for case in json.loads((vectors("PureJWTTests") / "more_algorithms_tokens.json").read_text())["cases"]:
    put("FuzzJWTTool", b"\x00" + json.dumps(case["jwk"]).encode())
    put("FuzzJWTTool", b"\x04" + case["token"].encode())
put("FuzzJWTTool", b"\x01" + json.dumps({"keys": [c["jwk"] for c in json.loads((vectors("PureJWTTests") / "more_algorithms_tokens.json").read_text())["cases"][:3]]}).encode())
put("FuzzJWTTool", b'\x03{"x5t#S256":"abc","ver":2,"ctx":{"a":[true,null,1.5e3]}}')

# Receipts: every app receipt (as bytes: DER, or Xcode's BER) and every receipt file as it is (base64 text
# of app receipts and of legacy transaction receipts), and the tampered copies.
receipts_dir = vectors("AppStoreServerTests") / "receipts"
receipts = json.loads((receipts_dir / "receipts.json").read_text())
for entry in receipts["receipts"] + receipts["tampered"]:
    raw = (receipts_dir / entry["file"]).read_bytes()
    put("FuzzReceipts", raw)
    if entry["encoding"] == "base64" and entry.get("kind") != "transaction":
        put("FuzzReceipts", base64.b64decode(b"".join(raw.split())))

# Raw DEFLATE: zlib's compressions of the PureDeflateTests vectors (those under 4,000 bytes).
for case in json.loads((vectors("PureDeflateTests") / "deflate_vectors.json").read_text())["cases"]:
    if len(case["compressed"]) <= 8000:
        put("FuzzInflate", bytes.fromhex(case["compressed"]))

# JWE: Wycheproof's and joserfc's tokens and JWKs (other keys: they exercise parsing), and tokens made by
# joserfc for FuzzJWE's own fixed keys (shared key 07…07, P-256 d = 03…03, X25519 d = 05…05, password
# "fuzz"), which reach key management, content decryption and decompression.
jwe_vectors = json.loads((vectors("PureJWTTests") / "json_web_encryption_test.json").read_text())
for group in jwe_vectors["testGroups"]:
    put("FuzzJWE", json.dumps(group["private"]))
    for case in group["tests"][:4]:
        put("FuzzJWE", case["jwe"])
for case in json.loads((vectors("PureJWTTests") / "joserfc_jwe_vectors.json").read_text())["cases"][::6]:
    put("FuzzJWE", case["token"])
from joserfc import jwe as joserfc_jwe
from joserfc.jwk import ECKey, OctKey, OKPKey
from joserfc.jwe import JWERegistry
from cryptography.hazmat.primitives.asymmetric import ec, x25519
registry = JWERegistry(algorithms=["dir", "A256KW", "A256GCMKW", "ECDH-ES", "ECDH-ES+A256KW", "PBES2-HS256+A128KW", "A256GCM", "A128CBC-HS256", "DEF"])
shared = OctKey.import_key(bytes([7] * 32))
p256 = ECKey.import_key(ec.derive_private_key(int.from_bytes(bytes([3] * 32), "big"), ec.SECP256R1()))
okp = OKPKey.import_key(x25519.X25519PrivateKey.from_private_bytes(bytes([5] * 32)))
password = OctKey.import_key(b"fuzz")
for header, key in [({"alg": "dir", "enc": "A256GCM"}, shared), ({"alg": "dir", "enc": "A256GCM", "zip": "DEF"}, shared),
                    ({"alg": "A256KW", "enc": "A128CBC-HS256"}, shared), ({"alg": "A256GCMKW", "enc": "A256GCM"}, shared),
                    ({"alg": "ECDH-ES", "enc": "A256GCM"}, p256), ({"alg": "ECDH-ES+A256KW", "enc": "A128CBC-HS256"}, p256),
                    ({"alg": "ECDH-ES", "enc": "A256GCM"}, okp), ({"alg": "PBES2-HS256+A128KW", "enc": "A256GCM", "p2c": 1000}, password)]:
    name = "joserfc-compact-" + "-".join(str(header[field]) for field in ("alg", "enc", "zip") if field in header) + ("-x25519" if key is okp else "")
    put("FuzzJWE", joserfc_jwe.encrypt_compact(header, b'{"sub":"fuzz","n":[1,2,3]}' * 3, key, registry=registry), name)
# The JSON serializations: joserfc's flattened and general tokens for the fixed keys, and RFC 7520's.
for header, key in [({"alg": "A256KW", "enc": "A256GCM"}, shared), ({"alg": "ECDH-ES", "enc": "A128CBC-HS256"}, p256),
                    ({"alg": "PBES2-HS256+A128KW", "enc": "A256GCM", "p2c": 1000}, password)]:
    flat = joserfc_jwe.FlattenedJSONEncryption(header, b'{"sub":"fuzz"}', aad=b"aad")
    flat.add_recipient({}, key)
    put("FuzzJWE", json.dumps(joserfc_jwe.encrypt_json(flat, None, registry=registry)), "joserfc-flattened-" + header["alg"])
general = joserfc_jwe.GeneralJSONEncryption({"enc": "A128CBC-HS256"}, b'{"sub":"fuzz"}', unprotected={"cty": "text/plain"})
general.add_recipient({"alg": "A256KW"}, shared)
general.add_recipient({"alg": "ECDH-ES+A256KW"}, okp)
put("FuzzJWE", json.dumps(joserfc_jwe.encrypt_json(general, None, registry=registry)), "joserfc-general-A256KW-ECDH-ES+A256KW")
for example in sorted((vectors("PureJWTTests") / "rfc7520").iterdir()):
    for form in ("json", "json_flat"):
        if form in json.loads(example.read_text())["output"]:
            put("FuzzJWE", json.dumps(json.loads(example.read_text())["output"][form]))

# CBOR: RFC 8949 Appendix A's items (accepted and refused) and the WebAuthn §16 attestation objects with their
# authenticator data's COSE keys.
cbor_vectors = json.loads((vectors("PureCBORTests") / "strict-decoder-expectations.json").read_text())
for item in cbor_vectors["rfc8949_appendix_a"]["items"]:
    put("FuzzCBOR", bytes.fromhex(item["hex"]))
for vector in json.loads((vectors("PureWebAuthnTests") / "spec-vectors.json").read_text())["vectors"]:
    put("FuzzCBOR", bytes.fromhex(vector["registration"]["attestationObject"]))
# What the harness once found (CBOREncoderTests' decodedItemsEncode): map keys that are one map in two orders.
put("FuzzCBOR", bytes.fromhex("a20000a2810000a20000a281000000000000a28100a20000a281a20000a28100010000000000000000a28100a20000a2"
                              "810000000000a28100a20000a281a20000a28100000000a2a2000081000000a281000000000000446f75626c65000000"
                              "000000000000"))

# WebAuthn: the first byte picks the reader (FuzzWebAuthn.swift). Attestation objects and authenticator data
# of the §16 vectors, their client data, and the fixtures' response JSON.
spec = json.loads((vectors("PureWebAuthnTests") / "spec-vectors.json").read_text())
for vector in spec["vectors"]:
    put("FuzzWebAuthn", bytes([0]) + bytes.fromhex(vector["registration"]["attestationObject"]))
    put("FuzzWebAuthn", bytes([1]) + bytes.fromhex(vector["authentication"]["authenticatorData"]))
    put("FuzzWebAuthn", bytes([3]) + bytes.fromhex(vector["registration"]["clientDataJSON"]))
for path in sorted((vectors("PureWebAuthnTests") / "fixtures").rglob("*.json")):
    fixture = json.loads(path.read_text())
    put("FuzzWebAuthn", bytes([4 if fixture["kind"] == "registration" else 5]) + json.dumps(fixture["response"]).encode())
# Attestation objects alone (mode 4's second path runs their format's procedure): every §16 registration and
# every registration fixture, so that each format's statement verifier is explored.
for vector in spec["vectors"]:
    put("FuzzWebAuthn", bytes([4]) + bytes.fromhex(vector["registration"]["attestationObject"]))
for path in sorted((vectors("PureWebAuthnTests") / "fixtures" / "registration").rglob("*.json")):
    encoded = json.loads(path.read_text())["response"]["response"]["attestationObject"]
    encoded = encoded.replace("+", "-").replace("/", "_").rstrip("=")
    put("FuzzWebAuthn", bytes([4]) + base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))

# App Attest: the real attestation objects (mode 0), their receipts (mode 2), webauthn4j's assertion and the
# Python-made ones (mode 1).
for path in sorted((vectors("AppAttestTests")).glob("*.json")):
    sample = json.loads(path.read_text())
    if "attestation_object_b64" in sample:
        put("FuzzAppAttest", bytes([0]) + base64.b64decode(sample["attestation_object_b64"]))
    if isinstance(sample.get("assertion"), dict):
        put("FuzzAppAttest", bytes([1]) + base64.b64decode(sample["assertion"]["assertion_b64"]))
for case in json.loads((vectors("AppAttestTests") / "receipts.json").read_text())["cases"]:
    put("FuzzAppAttest", bytes([2]) + base64.b64decode(case["receipt_b64"]))
for case in json.loads((vectors("AppleAuthToolTests") / "appattest-assertions.json").read_text())["cases"]:
    put("FuzzAppAttest", bytes([1]) + base64.b64decode(case["assertion_b64"]))

# ML-DSA: RFC 9881 key files in every form and as PEM (mode 0), and Wycheproof's ML-DSA-44 signatures by the
# harness's fixed key (seed 2a × 32) with their messages and a few of its verify cases (mode 1). The same key
# files go to FuzzJWTTool as key files (its mode 0: what JWTKey makes of them), and RFC 9964's AKP JWKs with
# and without "priv" to FuzzJWKS and FuzzJWTTool.
for size in json.loads((vectors("PureMLDSATests") / "mldsa_key_formats.json").read_text())["sizes"]:
    for name in ("pkcs8Seed", "pkcs8Expanded", "pkcs8Both", "spki"):
        put("FuzzMLDSA", bytes([0]) + bytes.fromhex(size[name]))
        put("FuzzJWTTool", bytes([0]) + bytes.fromhex(size[name]))
    for name in ("pkcs8SeedPEM", "spkiPEM"):
        put("FuzzMLDSA", bytes([0]) + size[name].encode())
        put("FuzzJWTTool", bytes([0]) + size[name].encode())
sign = json.loads((vectors("PureMLDSATests") / "mldsa_44_sign_seed_test.json").read_text())["testGroups"][0]
for test in [t for t in sign["tests"] if t.get("msg") is not None and not t.get("ctx")][:6]:
    put("FuzzMLDSA", bytes([1]) + bytes.fromhex(test["sig"]) + bytes.fromhex(test["msg"]))
for size in (44, 65, 87):
    example = json.loads((vectors("PureJWTTests") / f"ML_DSA_{size}.jose.json").read_text())["jwk"]
    for jwk in (example, {k: v for k, v in example.items() if k != "priv"}):
        put("FuzzJWKS", json.dumps(jwk))
        put("FuzzJWTTool", bytes([0]) + json.dumps(jwk).encode())

# Apple Pay: every token of the vectors (mode 0), their signatures (mode 1), the PKCS#12 files (mode 2), a
# payment data document (mode 3).
apple_pay = json.loads((vectors("ApplePayTests") / "apple_pay_tokens.json").read_text())
for case in apple_pay["cases"]:
    put("FuzzApplePay", bytes([0]) + json.dumps(case["token"]).encode())
    put("FuzzApplePay", bytes([1]) + base64.b64decode(case["token"]["signature"]))
    if case["expected"]["result"] == "ok":
        put("FuzzApplePay", bytes([3]) + json.dumps(case["expected"]["paymentData"]).encode())
for bundle in json.loads((vectors("PurePKCS12Tests") / "pkcs12.json").read_text())["files"]:
    put("FuzzApplePay", bytes([2]) + base64.b64decode(bundle["p12"]))

for harness in sorted(p.name for p in corpus.iterdir()):
    print(harness, len(list((corpus / harness).iterdir())))
