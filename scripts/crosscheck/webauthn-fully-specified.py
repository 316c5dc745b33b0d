#!/usr/bin/env python3
"""Writes Tests/PureWebAuthnTests/Vectors/fully_specified_assertions.json: WebAuthn assertions (§7.2) by
credentials whose COSE keys carry RFC 9864's fully specified algorithm identifiers — ESP256 (-9) on P-256,
ESP384 (-51) on P-384, ESP512 (-52) on P-521, Ed25519 (-19) — and, beside them, the polymorphic ES256 (-7)
and EdDSA (-8), and RFC 8812's ES256K (-47) on secp256k1 (crv 8), all made by an independent implementation (Python cryptography for the keys and
signatures, cbor2 for the COSE keys). Each case: the credential ID, the COSE key (CBOR, hex), the client
data JSON, the authenticator data (SHA-256 of the RP ID "example.org" ‖ flags UP|UV ‖ counter), and the
signature over authenticatorData ‖ SHA-256(clientDataJSON): DER ECDSA with the curve's hash (WebAuthn
§6.5.6), or Ed25519. Then "mislabelled": COSE keys whose algorithm does not suit their curve (ESP384 on
P-256, ESP256 on P-521, ESP256 on Ed25519, ES256K on P-256, ES256 on secp256k1), which must be refused.

    python3 scripts/crosscheck/webauthn-fully-specified.py     # from the repository root

Keys are random on each run; the committed output is what the tests use.
"""
import base64, hashlib, json, pathlib
import cbor2
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519

root = pathlib.Path(__file__).resolve().parent.parent.parent
challenge = bytes(range(32))
origin = "https://example.org"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def ec2_key(private, alg, crv, size):
    numbers = private.public_key().public_numbers()
    return cbor2.dumps({1: 2, 3: alg, -1: crv, -2: numbers.x.to_bytes(size, "big"), -3: numbers.y.to_bytes(size, "big")}, canonical=True)


def okp_key(private, alg):
    raw = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return cbor2.dumps({1: 1, 3: alg, -1: 6, -2: raw}, canonical=True)


curves = {"P-256": (ec.SECP256R1(), 1, 32, hashes.SHA256()), "P-384": (ec.SECP384R1(), 2, 48, hashes.SHA384()),
          "P-521": (ec.SECP521R1(), 3, 66, hashes.SHA512()), "secp256k1": (ec.SECP256K1(), 8, 32, hashes.SHA256())}
cases = []
for index, (name, alg, curve) in enumerate([("ESP256", -9, "P-256"), ("ESP384", -51, "P-384"), ("ESP512", -52, "P-521"),
                                            ("Ed25519", -19, "Ed25519"), ("ES256", -7, "P-256"), ("EdDSA", -8, "Ed25519"),
                                            ("ES256K", -47, "secp256k1")]):
    client_data = json.dumps({"type": "webauthn.get", "challenge": b64url(challenge), "origin": origin},
                             separators=(",", ":")).encode()
    counter = 10 + index
    auth_data = hashlib.sha256(b"example.org").digest() + bytes([0x05]) + counter.to_bytes(4, "big")
    signed = auth_data + hashlib.sha256(client_data).digest()
    if curve == "Ed25519":
        private = ed25519.Ed25519PrivateKey.generate()
        cose = okp_key(private, alg)
        signature = private.sign(signed)
        private.public_key().verify(signature, signed)
    else:
        group, crv, size, digest = curves[curve]
        private = ec.generate_private_key(group)
        cose = ec2_key(private, alg, crv, size)
        signature = private.sign(signed, ec.ECDSA(digest))
        private.public_key().verify(signature, signed, ec.ECDSA(digest))
    cases.append({"name": name, "alg": alg, "curve": curve, "credentialID": b64url(hashlib.sha256(name.encode()).digest()[:16]),
                  "coseKey": cose.hex(), "clientDataJSON": b64url(client_data), "authenticatorData": b64url(auth_data),
                  "signature": b64url(signature), "signCount": counter})

mislabelled = []
for name, alg, curve in [("ESP384 on P-256", -51, "P-256"), ("ESP256 on P-521", -9, "P-521"), ("ESP256 on Ed25519", -9, "Ed25519"),
                         ("ES256K on P-256", -47, "P-256"), ("ES256 on secp256k1", -7, "secp256k1")]:
    if curve == "Ed25519":
        cose = okp_key(ed25519.Ed25519PrivateKey.generate(), alg)
    else:
        group, crv, size, _ = curves[curve]
        cose = ec2_key(ec.generate_private_key(group), alg, crv, size)
    mislabelled.append({"name": name, "coseKey": cose.hex()})

out = root / "Tests/PureWebAuthnTests/Vectors/fully_specified_assertions.json"
json.dump({"source": "scripts/crosscheck/webauthn-fully-specified.py (Python cryptography, cbor2)", "rpID": "example.org",
           "origin": origin, "challenge": b64url(challenge), "cases": cases, "mislabelled": mislabelled},
          open(out, "w"), indent=1)
print(len(cases), "assertions,", len(mislabelled), "mislabelled keys")
