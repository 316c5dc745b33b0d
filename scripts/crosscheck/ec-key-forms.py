#!/usr/bin/env python3
"""Writes two vector files for Tests/KeyAgreementTests, for P-256, P-384, P-521 and secp256k1, with points
computed by an independent implementation (Python `cryptography`, OpenSSL underneath):

Vectors/ec_x963_private_keys.json: EC private keys in ANSI X9.63's form, 04 ‖ x ‖ y ‖ d (the form Apple's
Security framework exports them in, and swift-crypto's `PrivateKey(x963Representation:)`).
- valid: scalars 1, 2, n − 1 and random ones; the test reads each through both key types (Signing and
  KeyAgreement) and checks the scalar and public key, and writes it back from the scalar alone;
- invalid, each refused: one byte short or long, prefix 02 or 03, another key's point, the point with y
  replaced by p − y (on the curve, not d's), a scalar of 0 or of n.

Vectors/ec_compact_keys.json: public keys in the compact form of draft-jivsov-ecc-compact-05 (x alone; y is
min(y, p − y)), swift-crypto's `compactRepresentation`.
- points: public keys (x963) and their compact form, or null where y > p − y (at least three of each);
- decode: an x and the point it names, y = min(y, p − y), for every point above;
- invalid, each refused: an x with no point, x = p, one byte short or long.

    python3 scripts/crosscheck/ec-key-forms.py     # from the repository root

Random keys change on each run; the committed output is what the tests use.
"""
import json, pathlib, secrets
from cryptography.hazmat.primitives.asymmetric import ec

root = pathlib.Path(__file__).resolve().parent.parent.parent
out = root / "Tests/KeyAgreementTests/Vectors/ec_x963_private_keys.json"
compact_out = root / "Tests/KeyAgreementTests/Vectors/ec_compact_keys.json"

curves = [
    ("P-256", ec.SECP256R1(), 32, 2**256 - 2**224 + 2**192 + 2**96 - 1,
     0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551),
    ("P-384", ec.SECP384R1(), 48, 2**384 - 2**128 - 2**96 + 2**32 - 1,
     0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973),
    ("P-521", ec.SECP521R1(), 66, 2**521 - 1,
     int("01FF" + "FFFFFFFF" * 7 + "FFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409", 16)),
    ("secp256k1", ec.SECP256K1(), 32, 2**256 - 2**32 - 977,
     0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141),
]

def point(d, curve):
    numbers = ec.derive_private_key(d, curve).public_key().public_numbers()
    return numbers.x, numbers.y

# Each order checked against OpenSSL: n − 1 is a private key, n is not.
for name, curve, size, p, n in curves:
    ec.derive_private_key(n - 1, curve)
    try:
        ec.derive_private_key(n, curve)
        raise SystemExit(f"{name}: n is not the group order")
    except ValueError:
        pass

result = {"curves": []}
for name, curve, size, p, n in curves:
    enc = lambda v: v.to_bytes(size, "big")
    x963 = lambda x, y, d: (b"\x04" + enc(x) + enc(y) + enc(d)).hex()
    valid = []
    for d in [1, 2, n - 1] + [secrets.randbelow(n - 1) + 1 for _ in range(3)]:
        x, y = point(d, curve)
        valid.append({"d": enc(d).hex(), "x963": x963(x, y, d)})
    d = secrets.randbelow(n - 1) + 1
    x, y = point(d, curve)
    ox, oy = point(secrets.randbelow(n - 1) + 1, curve)
    good = bytes.fromhex(x963(x, y, d))
    invalid = [
        {"comment": "one byte short", "x963": good[:-1].hex()},
        {"comment": "one byte long", "x963": (good + b"\x00").hex()},
        {"comment": "prefix 02", "x963": (b"\x02" + good[1:]).hex()},
        {"comment": "prefix 03", "x963": (b"\x03" + good[1:]).hex()},
        {"comment": "another key's point", "x963": x963(ox, oy, d)},
        {"comment": "y replaced by p - y (on the curve, not d's point)", "x963": x963(x, p - y, d)},
        {"comment": "scalar 0", "x963": (good[:1 + 2 * size] + bytes(size)).hex()},
        {"comment": "scalar n", "x963": (good[:1 + 2 * size] + enc(n)).hex()},
    ]
    result["curves"].append({"curve": name, "valid": valid, "invalid": invalid})
out.write_text(json.dumps(result, indent=1) + "\n")
print(f"wrote {out.relative_to(root)}")

def on_curve(x, curve, size):
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(curve, b"\x02" + x.to_bytes(size, "big"))
        return True
    except ValueError:
        return False

compact = {"curves": []}
for name, curve, size, p, n in curves:
    enc = lambda v: v.to_bytes(size, "big")
    points, decode = [], []
    kinds = {True: 0, False: 0}
    while kinds[True] < 3 or kinds[False] < 3 or len(points) < 8:
        x, y = point(secrets.randbelow(n - 1) + 1, curve)
        representable = y <= p - y
        kinds[representable] += 1
        points.append({"x963": (b"\x04" + enc(x) + enc(y)).hex(), "compact": enc(x).hex() if representable else None})
        decode.append({"compact": enc(x).hex(), "x963": (b"\x04" + enc(x) + enc(min(y, p - y))).hex()})
    x = 1
    while on_curve(x, curve, size):
        x += 1
    invalid = [
        {"comment": "an x with no point on the curve", "compact": enc(x).hex()},
        {"comment": "x = p", "compact": enc(p).hex()},
        {"comment": "one byte short", "compact": decode[0]["compact"][2:]},
        {"comment": "one byte long", "compact": decode[0]["compact"] + "00"},
    ]
    compact["curves"].append({"curve": name, "points": points, "decode": decode, "invalid": invalid})
compact_out.write_text(json.dumps(compact, indent=1) + "\n")
print(f"wrote {compact_out.relative_to(root)}")
