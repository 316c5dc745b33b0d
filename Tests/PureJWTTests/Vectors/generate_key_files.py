#!/usr/bin/env python3
"""Key files in every container the `jwt` tool and `JWTKey(pemRepresentation:)` read, written by Python
`cryptography` (an implementation independent of PureJWT) from fixed seeds, each with a token signed by
joserfc with that key, the key's public SubjectPublicKeyInfo PEM as `cryptography` writes it, and its RFC
7638 thumbprint as joserfc computes it. The RSA key is generated afresh on each run (the EC and Ed25519
keys come from fixed labels), so a rerun changes the RSA entry. Run from this folder; writes key_files.json."""
import base64, datetime, hashlib, json
from cryptography import x509
from cryptography.x509.oid import NameOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from joserfc import jwt
from joserfc.jwk import import_key

PEM = serialization.Encoding.PEM
NONE = serialization.NoEncryption()

def scalar(curve, label):
    """A private scalar from a label, below 2^(bits − 2) and so below every curve's order."""
    order, bits = {"P-256": (ec.SECP256R1, 254), "P-384": (ec.SECP384R1, 382), "P-521": (ec.SECP521R1, 519)}[curve]
    d = int.from_bytes(hashlib.sha512(label.encode()).digest() * 2, "big") % (1 << bits) + 1
    return ec.derive_private_key(d, order())

def certificate(private, public_name):
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, public_name)])
    algorithm = None if isinstance(private, ed25519.Ed25519PrivateKey) else hashes.SHA256()
    return (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(private.public_key())
            .serial_number(1).not_valid_before(datetime.datetime(2026, 1, 1)).not_valid_after(datetime.datetime(2036, 1, 1))
            .sign(private, algorithm).public_bytes(PEM).decode())

claims = {"iss": "https://issuer.example", "sub": "key-files", "aud": "api", "iat": 1_700_000_000, "exp": 4_102_444_800}
rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
entries = []
keys = [("ES256", scalar("P-256", "key files P-256")), ("ES384", scalar("P-384", "key files P-384")),
        ("ES512", scalar("P-521", "key files P-521")),
        ("EdDSA", ed25519.Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"key files Ed25519").digest())),
        ("RS256", rsa_key)]
for alg, private in keys:
    public = private.public_key()
    spki = public.public_bytes(PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    pkcs8 = private.private_bytes(PEM, serialization.PrivateFormat.PKCS8, NONE).decode()
    key = import_key(pkcs8.encode(), {"RS256": "RSA", "EdDSA": "OKP"}.get(alg, "EC"))
    token = jwt.encode({"alg": alg, "typ": "JWT"}, claims, key, algorithms=[alg])
    public_key = import_key(spki.encode(), {"RS256": "RSA", "EdDSA": "OKP"}.get(alg, "EC"))
    jwt.decode(token, public_key, algorithms=[alg])
    forms = {"pkcs8": pkcs8, "spki": spki, "certificate": certificate(private, alg)}
    if alg.startswith("ES"):
        forms["sec1"] = private.private_bytes(PEM, serialization.PrivateFormat.TraditionalOpenSSL, NONE).decode()
    if alg == "RS256":
        forms["pkcs1_private"] = private.private_bytes(PEM, serialization.PrivateFormat.TraditionalOpenSSL, NONE).decode()
        forms["pkcs1_public"] = public.public_bytes(PEM, serialization.PublicFormat.PKCS1).decode()
    entries.append({"alg": alg, "forms": forms, "token": token, "thumbprint": public_key.thumbprint()})

with open("key_files.json", "w") as out:
    json.dump({"generator": "generate_key_files.py (cryptography, joserfc)", "claims": claims, "keys": entries}, out, indent=1)
    out.write("\n")
