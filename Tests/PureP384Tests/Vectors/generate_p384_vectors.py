#!/usr/bin/env python3
"""Writes p384_ecdsa_vectors.json: ECDSA P-384 cases made and checked with Python's `cryptography`
(OpenSSL), independent of the code under test. The Wycheproof P-384 files are not in the project's vector
set; these cases cover the same ground for verification:

- valid signatures (SHA-384, and SHA-256/SHA-512 digests) under random keys, with DER and raw (r || s)
  encodings; high-s twins (n - s, equally valid in ECDSA);
- the same signatures made invalid: message changed, each of r and s off by one, r and s swapped,
  r or s = 0, = n, = n + 1 (raw only: 49 bytes do not fit), = p, all ones;
- a key and signature with u1*G + u2*Q at infinity (d = -e/r mod n), which must be refused;
- malformed DER signatures (non-minimal, negative, trailing bytes, wrong tag, long-form length) and public
  keys not on the curve, with a coordinate >= p, of the wrong length or prefix, or on P-256.
Every "valid" case is verified by `cryptography` here and every "invalid" one refused by it (where it
can express the case), before the file is written.
"""
import hashlib, json, pathlib, random
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.exceptions import InvalidSignature

P = 2**384 - 2**128 - 2**96 + 2**32 - 1
N = 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973
rng = random.Random(384)
HASHES = {"SHA-256": (hashes.SHA256(), hashlib.sha256), "SHA-384": (hashes.SHA384(), hashlib.sha384),
          "SHA-512": (hashes.SHA512(), hashlib.sha512)}

def x963(public_key):
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)

def openssl_verifies(public_key, der, message, hash_name):
    try:
        public_key.verify(der, message, ec.ECDSA(HASHES[hash_name][0]))
        return True
    except InvalidSignature:
        return False

def raw(r, s):
    return r.to_bytes(48, "big").hex() + s.to_bytes(48, "big").hex()

cases = []
def add(comment, key_hex, message, hash_name, r, s, valid, der=None, include_raw=True):
    der_bytes = bytes.fromhex(der) if der else utils.encode_dss_signature(r, s)
    public_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP384R1(), bytes.fromhex(key_hex))
    assert openssl_verifies(public_key, der_bytes, message, hash_name) == valid, comment
    case = {"id": len(cases) + 1, "comment": comment, "key": key_hex, "msg": message.hex(), "hash": hash_name,
            "der": der_bytes.hex(), "valid": valid}
    if include_raw and r < 2**384 and s < 2**384:
        case["raw"] = raw(r, s)
    cases.append(case)

for index in range(24):
    private_key = ec.generate_private_key(ec.SECP384R1())
    key_hex = x963(private_key.public_key()).hex()
    hash_name = ["SHA-384", "SHA-384", "SHA-256", "SHA-512"][index % 4]
    message = rng.randbytes(rng.randrange(0, 200))
    der = private_key.sign(message, ec.ECDSA(HASHES[hash_name][0]))
    r, s = utils.decode_dss_signature(der)
    add("valid", key_hex, message, hash_name, r, s, True)
    add("valid, high s (n - s)", key_hex, message, hash_name, r, N - s, True)
    if index % 4 == 1:
        add("message changed", key_hex, message + b"\x00", hash_name, r, s, False)
        add("r + 1", key_hex, message, hash_name, r + 1, s, False)
        add("s + 1", key_hex, message, hash_name, r, s + 1, False)
        add("r and s swapped", key_hex, message, hash_name, s, r, False)
        for name, value in [("0", 0), ("n", N), ("n + 1", N + 1), ("p", P), ("2^384 - 1", 2**384 - 1)]:
            add(f"r = {name}", key_hex, message, hash_name, value, s, False)
            add(f"s = {name}", key_hex, message, hash_name, r, value, False)
        add("r + n (same r mod n, out of range)", key_hex, message, hash_name, r + N, s, False)

# u1*G + u2*Q = infinity: with d = -e/r (mod n), e + r*d = 0, so R = (e + r d)/s * G is the identity
# for every s.
message = b"the point at infinity"
e = int.from_bytes(hashlib.sha384(message).digest(), "big") % N
r = rng.randrange(1, N)
d = (-e * pow(r, -1, N)) % N
infinity_key = ec.derive_private_key(d, ec.SECP384R1()).public_key()
add("u1*G + u2*Q is the point at infinity", x963(infinity_key).hex(), message, "SHA-384", r, rng.randrange(1, N), False)

# Malformed DER around one valid signature.
private_key = ec.generate_private_key(ec.SECP384R1())
key_hex = x963(private_key.public_key()).hex()
message = b"malformed DER"
der = private_key.sign(message, ec.ECDSA(hashes.SHA384()))
r, s = utils.decode_dss_signature(der)
def integer(value, pad=b""):
    body = pad + value.to_bytes((value.bit_length() + 8) // 8, "big")
    return bytes([0x02, len(body)]) + body
def sequence(body):
    return bytes([0x30, len(body)]) + body if len(body) < 128 else bytes([0x30, 0x81, len(body)]) + body
for comment, encoded in [
    ("DER: r with a redundant leading zero", sequence(integer(r, b"\x00") + integer(s))),
    ("DER: trailing byte after the SEQUENCE", sequence(integer(r) + integer(s)) + b"\x00"),
    ("DER: SET instead of SEQUENCE", b"\x31" + sequence(integer(r) + integer(s))[1:]),
    ("DER: long-form length where short form fits", bytes([0x30, 0x81, len(integer(r) + integer(s))]) + integer(r) + integer(s)
        if len(integer(r) + integer(s)) < 128 else None),
    ("DER: negative s", sequence(integer(r) + bytes([0x02, 0x01, 0xff]))),
    ("DER: only r", sequence(integer(r))),
]:
    if encoded is None:
        continue
    cases.append({"id": len(cases) + 1, "comment": comment, "key": key_hex, "msg": message.hex(), "hash": "SHA-384",
                  "der": encoded.hex(), "valid": False, "derMalformed": True})

# Public keys that must not load.
good = x963(private_key.public_key())
x = int.from_bytes(good[1:49], "big"); y = int.from_bytes(good[49:], "big")
bad_keys = [
    ("y + 1: not on the curve", "04" + x.to_bytes(48, "big").hex() + ((y + 1) % P).to_bytes(48, "big").hex(), "pointNotOnCurve"),
    ("x = p + x (x >= p)", "04" + (x + P).to_bytes(49, "big")[1:].hex() + y.to_bytes(48, "big").hex() if x + P < 2**384 else None, "coordinateOutOfRange"),
    ("y = p + y (y >= p)", "04" + x.to_bytes(48, "big").hex() + (y + P).to_bytes(49, "big")[1:].hex() if y + P < 2**384 else None, "coordinateOutOfRange"),
    ("y = all ones (>= p)", "04" + x.to_bytes(48, "big").hex() + "ff" * 48, "coordinateOutOfRange"),
    ("one byte short", good[:-1].hex(), "invalidLength"),
    ("prefix 05", "05" + good[1:].hex(), "invalidPointEncoding"),
    ("all zeros (the identity has no x963 encoding)", "04" + "00" * 96, "pointNotOnCurve"),
]
keys = [{"comment": c, "x963": k, "error": e} for c, k, e in bad_keys if k is not None]
for key in keys:
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP384R1(), bytes.fromhex(key["x963"]))
        raise SystemExit(f"cryptography accepted {key['comment']}")
    except ValueError:
        pass

# Encodings of one key, from cryptography.
public_key = private_key.public_key()
encodings = {
    "x963": good.hex(),
    "compressed": public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint).hex(),
    "der": public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex(),
    "pem": public_key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
    "p256Der": ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex(),
}
odd_y = None
while odd_y is None:
    candidate = ec.generate_private_key(ec.SECP384R1()).public_key()
    if x963(candidate)[-1] & 1:
        odd_y = candidate
encodings["oddY"] = {"x963": x963(odd_y).hex(), "compressed": odd_y.public_bytes(
    serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint).hex()}

out = {"generator": "generate_p384_vectors.py (Python cryptography)", "curve": "P-384",
       "numberOfSignatureCases": len(cases), "signatures": cases, "invalidKeys": keys, "encodings": encodings}
pathlib.Path(__file__).with_name("p384_ecdsa_vectors.json").write_text(json.dumps(out, indent=1) + "\n")
print(len(cases), "signature cases,", len(keys), "invalid keys")
