#!/usr/bin/env python3
"""RS256, RS384, RS512, PS256, PS384 and PS512 JWTs signed by joserfc (independent of PureJWT) with one RSA-2048 private JWK
made by Python `cryptography`: the tests read the private JWK, reproduce each signature (PKCS#1 v1.5 is
deterministic) and verify the tokens with the public JWK. Run from this folder; writes
rsa_joserfc_tokens.json. The key is generated afresh on each run; the committed file is one run's output."""
import json
from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc import jwt
from joserfc.jwk import RSAKey

key = RSAKey.import_key(rsa.generate_private_key(public_exponent=65537, key_size=2048))
private = key.as_dict(private=True)
public = key.as_dict(private=False)
cases = []
for alg in ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512"):
    claims = {"iss": "https://issuer.example", "sub": f"user-{alg}", "aud": "api", "iat": 1_800_000_000, "exp": 1_800_003_600}
    token = jwt.encode({"alg": alg, "typ": "JWT", "kid": "rsa-1"}, claims, key, algorithms=[alg])
    jwt.decode(token, RSAKey.import_key(public), algorithms=[alg])
    cases.append({"alg": alg, "claims": claims, "token": token, "signing_input": token.rsplit(".", 1)[0]})
json.dump({"source": "generate_rsa_jwt_tokens.py with joserfc and Python cryptography",
           "jwk_private": {**private, "kid": "rsa-1"}, "jwk_public": {**public, "kid": "rsa-1"}, "cases": cases},
          open("rsa_joserfc_tokens.json", "w"), indent=1)
print(len(cases), "tokens")
