#!/usr/bin/env python3
"""Ed448 JWTs signed by joserfc, an implementation independent of PureJWT, with OKP keys ("crv": "Ed448",
RFC 8037) made from fixed secrets by Python `cryptography`: each case has the private and public JWK, the
claims, the compact token and its signing input, so the tests can verify joserfc's token and reproduce its
signature (Ed448 is deterministic), plus the key's PKCS#8 and SPKI PEM. Cases 0-5 have "alg" "EdDSA"
(RFC 8037); cases 6-9 RFC 9864's "Ed448", and the JWKs of cases 8 and 9 say "alg": "Ed448" too. Run from
this folder; writes ed448_joserfc_tokens.json."""
import base64, hashlib, json
from cryptography.hazmat.primitives.asymmetric.ed448 import Ed448PrivateKey
from cryptography.hazmat.primitives import serialization
from joserfc import jwt
from joserfc.jwk import OKPKey

def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

cases = []
for i in range(10):
    alg = "EdDSA" if i < 6 else "Ed448"
    secret = hashlib.shake_256(f"ed448 secret {i}".encode()).digest(57)
    private = Ed448PrivateKey.from_private_bytes(secret)
    public = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    kid = f"ed448-{i}"
    jwk_private = {"kty": "OKP", "crv": "Ed448", "d": b64u(secret), "x": b64u(public), "kid": kid}
    if i >= 8:
        jwk_private["alg"] = "Ed448"
    jwk_public = {k: v for k, v in jwk_private.items() if k != "d"}
    key = OKPKey.import_key(jwk_private)
    claims = {"iss": "https://issuer.example", "sub": f"user-{i}", "aud": "api", "iat": 1_800_000_000 + i,
              "exp": 1_800_003_600 + i, "scope": "read" * (i + 1)}
    header = {"alg": alg, "typ": "JWT", "kid": kid}
    token = jwt.encode(header, claims, key, algorithms=[alg])
    jwt.decode(token, OKPKey.import_key(jwk_public), algorithms=[alg])
    signing_input = token.rsplit(".", 1)[0]
    # The signature is Ed448 of the signing input, as cryptography computes it.
    assert base64.urlsafe_b64decode(token.rsplit(".", 1)[1] + "==") == private.sign(signing_input.encode())
    cases.append({"jwk_private": jwk_private, "jwk_public": jwk_public, "claims": claims, "token": token,
                  "signing_input": signing_input,
                  "pkcs8_pem": private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                     serialization.NoEncryption()).decode(),
                  "spki_pem": private.public_key().public_bytes(serialization.Encoding.PEM,
                                                                serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
                  "thumbprint": OKPKey.import_key(jwk_public).thumbprint()})
json.dump({"source": "generate_ed448_tokens.py with joserfc and Python cryptography", "cases": cases},
          open("ed448_joserfc_tokens.json", "w"), indent=1)
print(len(cases), "tokens")
