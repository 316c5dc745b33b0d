#!/usr/bin/env python3
"""Ed25519 cases made and checked with Python `cryptography` (OpenSSL), an implementation independent of
PureCurve25519: for seeds from a fixed stream, the public key, PKCS#8 and SPKI DER, and signatures of
messages of many lengths. Run from this folder; writes ed25519_cryptography.json."""
import hashlib, json
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives import serialization

def stream(label, n):
    out = b""
    counter = 0
    while len(out) < n:
        out += hashlib.sha512(f"{label}/{counter}".encode()).digest()
        counter += 1
    return out[:n]

cases = []
for i in range(64):
    seed = stream(f"seed {i}", 32)
    key = Ed25519PrivateKey.from_private_bytes(seed)
    public = key.public_key()
    length = [0, 1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000][i % 13] + i
    message = stream(f"message {i}", length)
    signature = key.sign(message)
    public.verify(signature, message)
    cases.append({
        "seed": seed.hex(),
        "public_key": public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex(),
        "pkcs8_der": key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).hex(),
        "spki_der": public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex(),
        "message": message.hex(),
        "signature": signature.hex(),
    })
json.dump({"source": "generate_ed25519_vectors.py with Python cryptography (OpenSSL)", "cases": cases},
          open("ed25519_cryptography.json", "w"), indent=1)
print(len(cases), "cases")
