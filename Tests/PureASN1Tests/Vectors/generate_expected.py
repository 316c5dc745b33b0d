#!/usr/bin/env python3
"""Writes the expected values the PureASN1 tests compare against, from tools independent of PureJWT:

- key_files_expected.json: for each .p8 sample, OpenSSL's view of it (via `openssl pkey -text`/`-pubout`):
  algorithm, curve, private scalar, public point or RSA modulus/exponent; and SEC 1 re-encodings of the EC
  keys made by `openssl ec` (written beside as *.sec1.pem), plus the public keys (*.pub.pem).
- ecdh_secp256r1_points.json: for every Wycheproof ECDH public key that pyasn1 (a separate DER decoder)
  decodes as a SubjectPublicKeyInfo, the algorithm OID, parameters OID and subjectPublicKey bytes.

Run from this folder: python3 generate_expected.py (needs openssl, cryptography and pyasn1)."""
import json, pathlib, subprocess
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from pyasn1.codec.der import decoder
from pyasn1.type import univ, namedtype

here = pathlib.Path(__file__).parent

def openssl(*args, data=None):
    return subprocess.run(["openssl", *args], input=data, capture_output=True, check=True).stdout

keys = {}
for name in ["test.p8", "testValidKey_p256.p8", "testInvalidKey_rsa1024.p8"]:
    pem = (here / name).read_bytes()
    key = serialization.load_pem_private_key(pem, password=None)
    entry = {}
    if isinstance(key, ec.EllipticCurvePrivateKey):
        numbers = key.private_numbers()
        entry["algorithm"] = "ec"
        entry["curve"] = "1.2.840.10045.3.1.7" if key.curve.name == "secp256r1" else key.curve.name
        entry["private_key_hex"] = numbers.private_value.to_bytes(32, "big").hex()
        entry["public_point_hex"] = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint).hex()
        stem = name.removesuffix(".p8")
        (here / f"{stem}.sec1.pem").write_bytes(openssl("ec", "-in", str(here / name), "-outform", "PEM"))
        (here / f"{stem}.pub.pem").write_bytes(openssl("ec", "-in", str(here / name), "-pubout"))
        entry["sec1_file"] = f"{stem}.sec1.pem"
        entry["public_file"] = f"{stem}.pub.pem"
    else:
        numbers = key.private_numbers().public_numbers
        entry["algorithm"] = "rsa"
        entry["modulus_hex"] = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big").hex()
        entry["exponent_hex"] = numbers.e.to_bytes((numbers.e.bit_length() + 7) // 8, "big").hex()
        stem = name.removesuffix(".p8")
        (here / f"{stem}.pub.pem").write_bytes(openssl("pkey", "-in", str(here / name), "-pubout"))
        (here / f"{stem}.rsapub.pem").write_bytes(openssl("rsa", "-in", str(here / name), "-RSAPublicKey_out"))
        entry["public_file"] = f"{stem}.pub.pem"
        entry["pkcs1_public_file"] = f"{stem}.rsapub.pem"
    keys[name] = entry
(here / "key_files_expected.json").write_text(json.dumps(keys, indent=1) + "\n")

class AlgorithmIdentifier(univ.Sequence):
    componentType = namedtype.NamedTypes(
        namedtype.NamedType("algorithm", univ.ObjectIdentifier()),
        namedtype.OptionalNamedType("parameters", univ.Any()))

class SubjectPublicKeyInfo(univ.Sequence):
    componentType = namedtype.NamedTypes(
        namedtype.NamedType("algorithm", AlgorithmIdentifier()),
        namedtype.NamedType("subjectPublicKey", univ.BitString()))

points = {}
tests = json.loads((here / "ecdh_secp256r1_test.json").read_text())
for group in tests["testGroups"]:
    for test in group["tests"]:
        try:
            spki, rest = decoder.decode(bytes.fromhex(test["public"]), asn1Spec=SubjectPublicKeyInfo())
            if rest:
                continue
            params = spki["algorithm"]["parameters"]
            curve = None
            if params.isValue:
                try:
                    oid, more = decoder.decode(bytes(params), asn1Spec=univ.ObjectIdentifier())
                    curve = str(oid) if not more else None
                except Exception:
                    curve = None
            bits = spki["subjectPublicKey"]
            if len(bits) % 8:
                continue
            points[str(test["tcId"])] = {"algorithm": str(spki["algorithm"]["algorithm"]), "curve": curve,
                                         "point_hex": bits.asOctets().hex()}
        except Exception:
            continue
(here / "ecdh_secp256r1_points.json").write_text(json.dumps(
    {"generator": "generate_expected.py (pyasn1)", "points": points}, indent=1) + "\n")
