#!/usr/bin/env python3
"""Writes x25519_keys.json: X25519 keys in every RFC 8410 form as Python `cryptography` (OpenSSL) writes
them, independent of PureJWT — the raw private and public bytes, PKCS#8 DER and PEM, SubjectPublicKeyInfo
DER and PEM — for 32 random keys and RFC 7748 §6.1's Alice; plus a version 1 PKCS#8 (OneAsymmetricKey,
RFC 5958 §2, laid out as RFC 8410 §10.3's example: [1] IMPLICIT BIT STRING public key), assembled here
because neither `cryptography` nor OpenSSL writes (or reads) that version for X25519, one whose public key
is another key's, and an Ed25519 key of each form, which an X25519 reader must refuse.

    python3 Tests/PureCurve25519Tests/Vectors/generate_x25519_keys.py > Tests/PureCurve25519Tests/Vectors/x25519_keys.json
"""
import json
import os
import sys
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

Raw, DER, PEM = serialization.Encoding.Raw, serialization.Encoding.DER, serialization.Encoding.PEM
PKCS8, SPKI = serialization.PrivateFormat.PKCS8, serialization.PublicFormat.SubjectPublicKeyInfo
NONE = serialization.NoEncryption()


def forms(key):
    public = key.public_key()
    return {
        "private_raw": key.private_bytes(Raw, serialization.PrivateFormat.Raw, NONE).hex(),
        "public_raw": public.public_bytes(Raw, serialization.PublicFormat.Raw).hex(),
        "pkcs8_der": key.private_bytes(DER, PKCS8, NONE).hex(),
        "pkcs8_pem": key.private_bytes(PEM, PKCS8, NONE).decode(),
        "spki_der": public.public_bytes(DER, SPKI).hex(),
        "spki_pem": public.public_bytes(PEM, SPKI).decode(),
    }


def der_length(n):
    return bytes([n]) if n < 0x80 else bytes([0x81, n])


def version1(key):
    """OneAsymmetricKey v1 (RFC 5958): version 1, the algorithm, the private key, [1] IMPLICIT BIT STRING public key."""
    private = key.private_bytes(Raw, serialization.PrivateFormat.Raw, NONE)
    public = key.public_key().public_bytes(Raw, serialization.PublicFormat.Raw)
    body = (bytes.fromhex("020101") + bytes.fromhex("300506032b656e") + bytes.fromhex("04220420") + private
            + bytes([0x81]) + der_length(len(public) + 1) + b"\x00" + public)
    return b"\x30" + der_length(len(body)) + body


keys = [X25519PrivateKey.generate() for _ in range(32)]
alice = X25519PrivateKey.from_private_bytes(bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))
cases = [forms(key) for key in [alice] + keys]
assert cases[0]["public_raw"] == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"   # RFC 7748 §6.1
other = X25519PrivateKey.generate()
mismatched = bytearray(version1(keys[0]))
mismatched[-32:] = other.public_key().public_bytes(Raw, serialization.PublicFormat.Raw)
ed25519 = Ed25519PrivateKey.generate()

json.dump({
    "source": "Python cryptography " + __import__("cryptography").__version__ + " (OpenSSL), by generate_x25519_keys.py",
    "keys": cases,
    "version1_pkcs8_der": version1(alice).hex(),
    "version1_mismatched_public_key_der": bytes(mismatched).hex(),
    "ed25519_pkcs8_pem": ed25519.private_bytes(PEM, PKCS8, NONE).decode(),
    "ed25519_spki_pem": ed25519.public_key().public_bytes(PEM, SPKI).decode(),
}, sys.stdout, indent=2)
sys.stdout.write("\n")
