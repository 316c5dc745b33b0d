#!/usr/bin/env python3
"""Writes rfc6979_extra_vectors.json: RFC 6979 §3.2 nonces for P-256 / HMAC-SHA-256 with and without the
additional data k' of §3.6, computed with Python's hmac and hashlib (independent of PureP256 and PureSHA2).
Deterministic: fixed private keys, digests and extra data from random.Random(6979)."""
import hashlib, hmac, json, pathlib, random

n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551

def nonce(x, h, extra):
    x_bytes = x.to_bytes(32, "big")
    h1 = (int.from_bytes(h, "big") % n).to_bytes(32, "big")
    mac = lambda key, data: hmac.new(key, data, hashlib.sha256).digest()
    v, k = b"\x01" * 32, b"\x00" * 32
    k = mac(k, v + b"\x00" + x_bytes + h1 + extra)
    v = mac(k, v)
    k = mac(k, v + b"\x01" + x_bytes + h1 + extra)
    v = mac(k, v)
    while True:
        v = mac(k, v)
        candidate = int.from_bytes(v, "big")
        if 1 <= candidate < n:
            return candidate
        k = mac(k, v + b"\x00")
        v = mac(k, v)

rng = random.Random(6979)
cases = []
for extra_length in [0, 0, 1, 16, 32, 32, 33, 64, 100]:
    x = rng.randrange(1, n)
    h = rng.randbytes(32) if extra_length != 16 else b"\xff" * 32   # one digest above n, reduced first
    extra = rng.randbytes(extra_length)
    cases.append({"x": format(x, "064x"), "digest": h.hex(), "extra": extra.hex(), "k": format(nonce(x, h, extra), "064x")})

path = pathlib.Path(__file__).with_name("rfc6979_extra_vectors.json")
path.write_text(json.dumps({"generator": "generate_rfc6979_extra.py (Python hmac/hashlib)", "cases": cases}, indent=1) + "\n")
