#!/usr/bin/env python3
"""Writes concat_kdf_vectors.json: the Concat KDF (NIST SP 800-56A §5.8.1, single-step with a hash) as JOSE's
ECDH-ES (RFC 7518 §4.6.2) and Apple Pay use it, computed with Python `cryptography`'s ConcatKDFHash
(OpenSSL), independent of PureJWT. Shared secrets, OtherInfo and lengths are fixed pseudo-random bytes;
the first case is RFC 7518 Appendix C's (Z from that example, OtherInfo for "A128GCM", "Alice", "Bob"),
checked against the appendix's derived key.

    python3 Tests/PureSHA2Tests/Vectors/generate_concat_kdf_vectors.py > Tests/PureSHA2Tests/Vectors/concat_kdf_vectors.json
"""
import hashlib
import json
import struct
import sys
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.concatkdf import ConcatKDFHash


def concat(hash_name, z, other, length):
    algorithm = {"SHA-256": hashes.SHA256(), "SHA-384": hashes.SHA384(), "SHA-512": hashes.SHA512()}[hash_name]
    return ConcatKDFHash(algorithm=algorithm, length=length, otherinfo=other).derive(z)


def length_prefixed(data):
    return struct.pack(">I", len(data)) + data


cases = []
# RFC 7518 Appendix C: Z and the derived 128-bit key for "A128GCM" with apu "Alice", apv "Bob".
z = bytes([158, 86, 217, 29, 129, 113, 53, 211, 114, 131, 66, 131, 191, 132, 38, 156, 251, 49, 110, 163,
           218, 128, 106, 72, 246, 218, 167, 121, 140, 254, 144, 196])
other = length_prefixed(b"A128GCM") + length_prefixed(b"Alice") + length_prefixed(b"Bob") + struct.pack(">I", 128)
derived = concat("SHA-256", z, other, 16)
assert list(derived) == [86, 170, 141, 234, 248, 35, 109, 32, 92, 34, 40, 205, 113, 167, 16, 26]
cases.append({"hash": "SHA-256", "z": z.hex(), "otherInfo": other.hex(), "length": 16, "key": derived.hex(),
              "comment": "RFC 7518 Appendix C"})

seed = 1
def pseudo_random(count):
    global seed
    out = b""
    while len(out) < count:
        out += hashlib.sha256(struct.pack(">I", seed)).digest()
        seed += 1
    return out[:count]

for hash_name in ("SHA-256", "SHA-384", "SHA-512"):
    for z_length, other_length, length in ((32, 0, 16), (48, 40, 32), (66, 17, 64), (32, 100, 65), (32, 7, 129)):
        z, other = pseudo_random(z_length), pseudo_random(other_length)
        cases.append({"hash": hash_name, "z": z.hex(), "otherInfo": other.hex(), "length": length,
                      "key": concat(hash_name, z, other, length).hex(), "comment": "pseudo-random"})

json.dump({"source": "Python cryptography ConcatKDFHash (OpenSSL), written by generate_concat_kdf_vectors.py", "cases": cases},
          sys.stdout, indent=2)
sys.stdout.write("\n")
