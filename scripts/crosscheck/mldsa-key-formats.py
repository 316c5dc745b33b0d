#!/usr/bin/env python3
"""Writes Tests/PureMLDSATests/Vectors/mldsa_key_formats.json: ML-DSA keys in the IETF LAMPS formats
(RFC 9881: SubjectPublicKeyInfo, and PKCS#8 with the private key as the seed [0], the expanded key, or both)
for ML-DSA-44/65/87, each checked with Python `cryptography` (OpenSSL) as the independent implementation:

- seed form and SPKI: written by cryptography;
- expanded and both forms: assembled here per RFC 9881 §6's ASN.1 around the expanded key of pyca's known
  answer for the same seed (kat_MLDSA_*_det_pure.rsp count 0). cryptography 50 reads only the seed form (it
  refuses these with an ASN.1 tag error), which the file records as `cryptographyLoads`; when a version
  loads them, its public key must match;
- refused: "both" with the expanded key of another seed, a seed of 31 bytes, an expanded key one byte short,
  with whether cryptography refuses each (recorded; the tests expect PureMLDSA to refuse them all).

Run from the repository root:  python3 scripts/crosscheck/mldsa-key-formats.py
"""
import json
from pathlib import Path

from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import mldsa

root = Path(__file__).resolve().parents[2]
vectors = root / "Tests" / "PureMLDSATests" / "Vectors"
OIDS = {44: "608648016503040311", 65: "608648016503040312", 87: "608648016503040313"}
CLASSES = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey, 87: mldsa.MLDSA87PrivateKey}


def der(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    elif n < 0x100:
        length = bytes([0x81, n])
    else:
        length = bytes([0x82, n >> 8, n & 0xFF])
    return bytes([tag]) + length + content


def pkcs8(size, private_key_choice):
    algorithm = der(0x30, der(0x06, bytes.fromhex(OIDS[size])))
    return der(0x30, der(0x02, b"\x00") + algorithm + der(0x04, private_key_choice))


def kat(size, index):
    text = (vectors / f"kat_MLDSA_{size}_det_pure.rsp").read_text()
    record = text.split("count = ")[index + 1]
    return dict(line.split(" = ", 1) for line in record.strip().splitlines()[1:])


def loads(blob):
    try:
        return s.load_der_private_key(blob, password=None)
    except Exception:
        return None


out = {"generator": "scripts/crosscheck/mldsa-key-formats.py", "sizes": []}
for size in (44, 65, 87):
    first, second = kat(size, 0), kat(size, 1)
    seed, expanded, public = bytes.fromhex(first["xi"]), bytes.fromhex(first["sk"]), bytes.fromhex(first["pk"])
    key = CLASSES[size].from_seed_bytes(seed)
    assert key.public_key().public_bytes_raw() == public
    seed_form = key.private_bytes(s.Encoding.DER, s.PrivateFormat.PKCS8, s.NoEncryption())
    assert seed_form == pkcs8(size, der(0x80, seed)), "cryptography's seed form is [0] IMPLICIT OCTET STRING"
    spki = key.public_key().public_bytes(s.Encoding.DER, s.PublicFormat.SubjectPublicKeyInfo)
    expanded_form = pkcs8(size, der(0x04, expanded))
    both_form = pkcs8(size, der(0x30, der(0x04, seed) + der(0x04, expanded)))
    cryptography_loads = {}
    for name, blob in (("expanded", expanded_form), ("both", both_form)):
        loaded = loads(blob)
        cryptography_loads[name] = loaded is not None
        assert loaded is None or loaded.public_key().public_bytes_raw() == public, f"{name} form: another public key"
    refused = {
        "both, expanded key of another seed": pkcs8(size, der(0x30, der(0x04, seed) + der(0x04, bytes.fromhex(second["sk"])))),
        "seed of 31 bytes": pkcs8(size, der(0x80, seed[:31])),
        "expanded key one byte short": pkcs8(size, der(0x04, expanded[:-1])),
    }
    out["sizes"].append({
        "size": size,
        "seed": seed.hex(), "publicKey": public.hex(), "expandedKey": expanded.hex(),
        "pkcs8Seed": seed_form.hex(),
        "pkcs8SeedPEM": key.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()).decode(),
        "pkcs8Expanded": expanded_form.hex(), "pkcs8Both": both_form.hex(),
        "cryptographyLoads": cryptography_loads,
        "spki": spki.hex(),
        "spkiPEM": key.public_key().public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo).decode(),
        "refused": [{"name": name, "der": blob.hex(), "cryptographyRefuses": loads(blob) is None} for name, blob in refused.items()],
    })
(vectors / "mldsa_key_formats.json").write_text(json.dumps(out, indent=1) + "\n")
print("wrote", vectors / "mldsa_key_formats.json")
