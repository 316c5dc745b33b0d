#!/usr/bin/env python3
"""RSA signing cases made with Python `cryptography` (OpenSSL), independent of PureRSA, and the SHA-1 and
SHA-224 digests (hashlib) of the messages of Wycheproof's rsa_pkcs1_*_sig_gen files, which PureSHA2 does not
compute. Run from this folder; writes rsa_signing_cryptography.json and rsa_sig_gen_other_digests.json.
RSA keys are generated afresh on each run; the committed file is one run's output."""
import base64, hashlib, json
from cryptography.hazmat.primitives.asymmetric import rsa, padding
from cryptography.hazmat.primitives import hashes, serialization as s

def b64u(value, length=None):
    data = value.to_bytes(length or (value.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

cases = []
for bits, exponent in [(2048, 65537), (2048, 3), (3072, 65537), (4096, 65537)]:
    key = rsa.generate_private_key(public_exponent=exponent, key_size=bits)
    numbers = key.private_numbers()
    public = numbers.public_numbers
    messages = [b"", b"abc", hashlib.sha512(str(bits).encode()).digest() * 3]
    signatures = []
    for message in messages:
        for name, hash_type in [("SHA-256", hashes.SHA256()), ("SHA-384", hashes.SHA384()), ("SHA-512", hashes.SHA512())]:
            signature = key.sign(message, padding.PKCS1v15(), hash_type)
            signatures.append({"hash": name, "message": message.hex(), "signature": signature.hex()})
    cases.append({
        "bits": bits,
        "pkcs8_pem": key.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()).decode(),
        "pkcs1_pem": key.private_bytes(s.Encoding.PEM, s.PrivateFormat.TraditionalOpenSSL, s.NoEncryption()).decode(),
        "spki_der": key.public_key().public_bytes(s.Encoding.DER, s.PublicFormat.SubjectPublicKeyInfo).hex(),
        "jwk": {"kty": "RSA", "n": b64u(public.n), "e": b64u(public.e), "d": b64u(numbers.d), "p": b64u(numbers.p),
                "q": b64u(numbers.q), "dp": b64u(numbers.dmp1), "dq": b64u(numbers.dmq1), "qi": b64u(numbers.iqmp)},
        "signatures": signatures,
    })
json.dump({"source": "generate_rsa_signing_vectors.py with Python cryptography (OpenSSL)", "cases": cases},
          open("rsa_signing_cryptography.json", "w"), indent=1)

digests = {}
for bits in (2048, 3072, 4096):
    data = json.load(open(f"rsa_pkcs1_{bits}_sig_gen_test.json"))
    for group in data["testGroups"]:
        if group["sha"] not in ("SHA-1", "SHA-224"):
            continue
        for test in group["tests"]:
            message = bytes.fromhex(test["msg"])
            digest = hashlib.sha1(message) if group["sha"] == "SHA-1" else hashlib.sha224(message)
            digests[f"{bits}/{test['tcId']}"] = digest.hexdigest()
json.dump({"source": "generate_rsa_signing_vectors.py with hashlib", "digests": digests},
          open("rsa_sig_gen_other_digests.json", "w"), indent=1)
print(len(cases), "keys,", len(digests), "digests")
