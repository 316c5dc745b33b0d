#!/usr/bin/env python3
"""Ed25519 JWTs signed by joserfc, an implementation independent of PureJWT, with OKP keys made from fixed
seeds by Python `cryptography`: each case has the private and public JWK, the claims, the compact token and
its signing input, so the tests can verify joserfc's token and reproduce its signature (Ed25519 is
deterministic). Cases 0-7 have "alg" "EdDSA" (RFC 8037); cases 8-11 RFC 9864's "Ed25519", and the JWKs of
cases 10 and 11 say "alg": "Ed25519" too. Run from this folder; writes eddsa_joserfc_tokens.json."""
import hashlib, json
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives import serialization
from joserfc import jwt, jws
from joserfc.jwk import OKPKey

def b64u(data):
    import base64
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

cases = []
for i in range(12):
    alg = "EdDSA" if i < 8 else "Ed25519"
    seed = hashlib.sha256(f"eddsa seed {i}".encode()).digest()
    private = Ed25519PrivateKey.from_private_bytes(seed)
    public = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    kid = f"ed-{i}"
    jwk_private = {"kty": "OKP", "crv": "Ed25519", "d": b64u(seed), "x": b64u(public), "kid": kid}
    if i >= 10:
        jwk_private["alg"] = "Ed25519"
    jwk_public = {k: v for k, v in jwk_private.items() if k != "d"}
    key = OKPKey.import_key(jwk_private)
    claims = {"iss": "https://issuer.example", "sub": f"user-{i}", "aud": "api", "iat": 1_800_000_000 + i,
              "exp": 1_800_003_600 + i, "scope": "read" * (i + 1)}
    header = {"alg": alg, "typ": "JWT", "kid": kid}
    token = jwt.encode(header, claims, key, algorithms=[alg])
    # joserfc verifies its own token.
    jwt.decode(token, OKPKey.import_key(jwk_public), algorithms=[alg])
    signing_input = token.rsplit(".", 1)[0]
    cases.append({"jwk_private": jwk_private, "jwk_public": jwk_public, "claims": claims, "token": token,
                  "signing_input": signing_input})
json.dump({"source": "generate_eddsa_tokens.py with joserfc and Python cryptography", "cases": cases},
          open("eddsa_joserfc_tokens.json", "w"), indent=1)
print(len(cases), "tokens")
