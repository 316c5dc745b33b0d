#!/usr/bin/env python3
"""Writes x25519_vectors.json: RFC 7748 §5.2's iterated X25519 (after 1, 1,000 and 1,000,000 iterations)
and §6.1's Diffie-Hellman example, computed with Python `cryptography` (OpenSSL), independent of PureJWT.
The §6.1 private keys are the RFC's; the script checks its results against the RFC's published public keys
and shared secret, and the 1- and 1,000-iteration results against §5.2's text.

    python3 Tests/PureCurve25519Tests/Vectors/generate_x25519_vectors.py > Tests/PureCurve25519Tests/Vectors/x25519_vectors.json
"""
import json
import sys
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey


def x25519(k: bytes, u: bytes) -> bytes:
    return X25519PrivateKey.from_private_bytes(k).exchange(X25519PublicKey.from_public_bytes(u))


def public(k: bytes) -> bytes:
    from cryptography.hazmat.primitives import serialization
    return X25519PrivateKey.from_private_bytes(k).public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw)


# §5.2: k = u = 9; then k, u = X25519(k, u), k.
k = u = bytes([9]) + bytes(31)
iterated = {}
for i in range(1, 1_000_001):
    k, u = x25519(k, u), k
    if i in (1, 1000, 1_000_000):
        iterated[str(i)] = k.hex()
assert iterated["1"] == "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"
assert iterated["1000"] == "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"

alice = bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
bob = bytes.fromhex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
example = {
    "alice_private": alice.hex(), "alice_public": public(alice).hex(),
    "bob_private": bob.hex(), "bob_public": public(bob).hex(),
    "shared": x25519(alice, public(bob)).hex(),
}
assert example["alice_public"] == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
assert example["bob_public"] == "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
assert example["shared"] == "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
assert x25519(bob, public(alice)).hex() == example["shared"]

json.dump({
    "source": "RFC 7748 §5.2 (iterated) and §6.1 (Diffie-Hellman), computed with Python cryptography (OpenSSL) by this script",
    "iterated": iterated,
    "diffie_hellman": example,
}, sys.stdout, indent=2)
sys.stdout.write("\n")
