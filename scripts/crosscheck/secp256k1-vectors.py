#!/usr/bin/env python3
"""Writes Tests/PureSecp256k1Tests/Vectors/secp256k1_cryptography_vectors.json: secp256k1 (SEC 2 §2.4.1)
keys, ECDSA-SHA256 signatures, ECDH shared secrets and invalid public keys made by an independent
implementation (Python `cryptography`, OpenSSL underneath), for PureSecp256k1's tests. No Wycheproof file
for secp256k1 is in ../shared/vectors.

- keys: the private scalar (edge values 1, 2, 3, n − 2, n − 1, 2^128 and random ones) with the public point,
  its compressed form, SubjectPublicKeyInfo DER, PKCS#8 DER and SEC 1 PEM as `cryptography` writes them;
- signatures: RFC 6979 deterministic signatures (`deterministic_signing=True`) of several messages by
  several keys, DER, which our signer must reproduce byte for byte; each also with s replaced by n − s
  (still valid: ECDSA, and RFC 8812's ES256K, accept both), and corrupted copies (a changed message, a
  flipped bit of r or s, r or s of 0 or n), which must fail;
- ecdh: d·Q's x-coordinate for pairs of keys;
- invalidPublicKeys: points off the curve, coordinates not below p, the wrong prefix byte;
- arithmetic: products, sums, differences, inverses and square roots mod p, and products and inverses
  mod n, of extreme operands (0, 1, m − 1, powers of two and their neighbours, all-ones limbs, values
  just below 2^256) by Python's integers, whose carry chains random signatures rarely reach.

    python3 scripts/crosscheck/secp256k1-vectors.py     # from the repository root

Random keys change on each run; the committed output is what the tests use.
"""
import json, pathlib, secrets
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature

root = pathlib.Path(__file__).resolve().parent.parent.parent
out = root / "Tests/PureSecp256k1Tests/Vectors/secp256k1_cryptography_vectors.json"
p = 2**256 - 2**32 - 977
n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
curve = ec.SECP256K1()

def h32(x):
    return x.to_bytes(32, "big").hex()

scalars = [1, 2, 3, n - 2, n - 1, 2**128, 2**255] + [secrets.randbelow(n - 1) + 1 for _ in range(9)]
keys, private = [], []
for d in scalars:
    key = ec.derive_private_key(d, curve)
    private.append(key)
    numbers = key.public_key().public_numbers()
    keys.append({
        "d": h32(d), "x": h32(numbers.x), "y": h32(numbers.y),
        "compressed": key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint).hex(),
        "spki": key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex(),
        "pkcs8": key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).hex(),
        "sec1Pem": key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()).decode(),
    })

messages = [b"", b"abc", b"sample", b"test", b"eyJhbGciOiJFUzI1NksifQ.eyJzdWIiOiJhbGljZSJ9", bytes(range(200))]
signatures = []
for index, key in enumerate(private):
    for message in messages[: 2 if index < 7 else len(messages)]:
        der = key.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
        key.public_key().verify(der, message, ec.ECDSA(hashes.SHA256()))
        r, s = decode_dss_signature(der)
        signatures.append({"key": index, "message": message.hex(), "der": der.hex(), "deterministic": True, "valid": True, "comment": "RFC 6979"})
        high = encode_dss_signature(r, n - s)
        key.public_key().verify(high, message, ec.ECDSA(hashes.SHA256()))
        signatures.append({"key": index, "message": message.hex(), "der": high.hex(), "deterministic": False, "valid": True, "comment": "s replaced by n - s"})
        for comment, rr, ss, msg in [
            ("message changed", r, s, message + b"!"),
            ("r with its low bit flipped", r ^ 1, s, message),
            ("s with bit 100 flipped", r, s ^ (1 << 100), message),
            ("r = 0", 0, s, message), ("s = 0", r, 0, message),
            ("r = n", n, s, message), ("s = n", r, n, message),
        ] + ([("r + n (r's residue, out of range)", r + n, s, message)] if r + n < 2**256 else []):
            bad = encode_dss_signature(rr, ss)
            try:
                key.public_key().verify(bad, msg, ec.ECDSA(hashes.SHA256()))
                raise SystemExit(f"cryptography accepted a corrupted signature ({comment})")
            except Exception as error:
                if isinstance(error, SystemExit):
                    raise
            signatures.append({"key": index, "message": msg.hex(), "der": bad.hex(), "deterministic": False, "valid": False, "comment": comment})

ecdh = []
for a in range(len(private)):
    b = (a * 5 + 3) % len(private)
    shared = private[a].exchange(ec.ECDH(), private[b].public_key())
    ecdh.append({"d": keys[a]["d"], "peer": "04" + keys[b]["x"] + keys[b]["y"], "shared": shared.hex()})

def on_curve(x, y):
    return (y * y - x * x * x - 7) % p == 0

x, y = int(keys[7]["x"], 16), int(keys[7]["y"], 16)
assert on_curve(x, y) and not on_curve(x, y + 1)
invalid = [
    {"x963": "04" + h32(x) + h32((y + 1) % p), "comment": "y + 1: not on the curve"},
    {"x963": "04" + h32(0) + h32(0), "comment": "(0, 0): not on the curve"},
    {"x963": "04" + h32(x + p) + h32(y) if x + p < 2**256 else "04" + h32(p) + h32(y), "comment": "x not below p"},
    {"x963": "04" + h32(x) + h32(y + p) if y + p < 2**256 else "04" + h32(x) + h32(p), "comment": "y not below p"},
    {"x963": "05" + h32(x) + h32(y), "comment": "prefix 05"},
    {"x963": "04" + h32(x) + h32(y)[:-2], "comment": "a byte short"},
]
# A point of P-256, off secp256k1 (the invalid-curve case).
p256 = ec.derive_private_key(12345, ec.SECP256R1()).public_key().public_numbers()
assert not on_curve(p256.x, p256.y)
invalid.append({"x963": "04" + h32(p256.x) + h32(p256.y), "comment": "a P-256 point"})
for case in invalid:
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(curve, bytes.fromhex(case["x963"]))
        raise SystemExit(f"cryptography accepted {case['comment']}")
    except ValueError:
        pass

def extremes(m):
    values = {0, 1, 2, m - 1, m - 2, (m - 1) // 2, (m + 1) // 2, 2**255 % m, (2**256 - 1) % m, 2**64 - 1, 2**64, 2**128 - 1,
              2**192 + 2**64 - 1, 0xffffffff, 2**32 + 977, (2**256 - 2**32 - 978) % m}
    values |= {secrets.randbelow(m) for _ in range(8)}
    values |= {(2**(64 * i) - 1) % m for i in range(1, 5)}
    return sorted(v % m for v in values)

def arithmetic(m, roots):
    values = extremes(m)
    out = {"values": [], "pairs": []}
    for a in values:
        entry = {"a": h32(a)}
        if a:
            entry["inverse"] = h32(pow(a, -1, m))
        if roots:
            root = pow(a, (p + 1) // 4, p)
            entry["isSquare"] = root * root % p == a
        out["values"].append(entry)
    for a in values:
        for b in values[::3]:
            out["pairs"].append({"a": h32(a), "b": h32(b), "product": h32(a * b % m), "sum": h32((a + b) % m), "difference": h32((a - b) % m)})
    return out

out.write_text(json.dumps({
    "arithmetic": {"p": arithmetic(p, True), "n": arithmetic(n, False)},
    "source": "scripts/crosscheck/secp256k1-vectors.py (Python cryptography, OpenSSL underneath)",
    "keys": keys, "signatures": signatures, "ecdh": ecdh, "invalidPublicKeys": invalid,
}, indent=1) + "\n")
print(f"wrote {out.relative_to(root)}: {len(keys)} keys, {len(signatures)} signatures, {len(ecdh)} ECDH, {len(invalid)} invalid keys")
