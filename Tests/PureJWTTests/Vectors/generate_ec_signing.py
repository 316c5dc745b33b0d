#!/usr/bin/env python3
"""Writes ec_signing_vectors.json: for ES256, ES384 and ES512, a private JWK (joserfc), a JWS signing input,
the RFC 6979 deterministic signature that Python's `cryptography` (OpenSSL) makes over it
(`ECDSA(hash, deterministic_signing=True)`, r ‖ s), which PureJWT must reproduce byte for byte, and a token
joserfc signed with the same key, which PureJWT must verify. Every signature is verified by
`cryptography` and every token by joserfc before it is written."""
import base64, json, pathlib
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from joserfc import jwt, jwk

def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

CURVES = {"ES256": (ec.SECP256R1(), hashes.SHA256(), 32), "ES384": (ec.SECP384R1(), hashes.SHA384(), 48),
          "ES512": (ec.SECP521R1(), hashes.SHA512(), 66)}
CLAIMS = {"iss": "https://joserfc.example", "sub": "ec-signing", "exp": 4102444800}
cases = []
for alg, (curve, digest, size) in CURVES.items():
    for index in range(3):
        key = ec.generate_private_key(curve)
        kid = f"{alg.lower()}-{index}"
        joserfc_key = jwk.ECKey.import_key(key)
        header = {"alg": alg, "kid": kid, "typ": "JWT"}
        signing_input = b64(json.dumps(header, separators=(",", ":")).encode()) + "." + b64(json.dumps(CLAIMS, separators=(",", ":")).encode())
        der = key.sign(signing_input.encode(), ec.ECDSA(digest, deterministic_signing=True))
        r, s = decode_dss_signature(der)
        raw = r.to_bytes(size, "big") + s.to_bytes(size, "big")
        key.public_key().verify(encode_dss_signature(r, s), signing_input.encode(), ec.ECDSA(digest))
        token = jwt.encode({"alg": alg, "kid": kid}, CLAIMS, joserfc_key, algorithms=[alg])
        assert jwt.decode(token, joserfc_key, algorithms=[alg]).claims == CLAIMS
        private = joserfc_key.as_dict(private=True)
        private.update({"alg": alg, "kid": kid})
        cases.append({"alg": alg, "jwk": private, "signingInput": signing_input, "signature": b64(raw), "token": token})
out = {"generator": "generate_ec_signing.py (cryptography deterministic ECDSA, joserfc)", "claims": CLAIMS, "cases": cases}
pathlib.Path(__file__).with_name("ec_signing_vectors.json").write_text(json.dumps(out, indent=1) + "\n")
print(len(cases), "cases")
