#!/usr/bin/env python3
"""Writes more_algorithms_tokens.json: JWS tokens signed by joserfc (an implementation independent of
PureJWT) with ES384, RS384, RS512, HS384 and HS512, each with the JWK that verifies it (public for ES and
RS, the secret for HS, with its "alg"). Each token is verified by joserfc before it is written."""
import json, pathlib
from joserfc import jwt, jwk

CLAIMS = {"iss": "https://joserfc.example", "sub": "more-algorithms", "exp": 4102444800}
cases = []
keys = {
    "ES384": jwk.ECKey.generate_key("P-384"),
    "RS384": jwk.RSAKey.generate_key(2048),
    "RS512": jwk.RSAKey.generate_key(3072),
    "HS384": jwk.OctKey.generate_key(384),
    "HS512": jwk.OctKey.generate_key(512),
}
for alg, key in keys.items():
    token = jwt.encode({"alg": alg, "kid": alg.lower()}, CLAIMS, key, algorithms=[alg])
    assert jwt.decode(token, key, algorithms=[alg]).claims == CLAIMS
    public = key.as_dict(private=alg.startswith("HS"))
    public.update({"alg": alg, "kid": alg.lower(), "use": "sig"})
    cases.append({"alg": alg, "jwk": public, "token": token})
out = {"generator": "generate_more_algorithms.py (joserfc)", "claims": CLAIMS, "cases": cases}
pathlib.Path(__file__).with_name("more_algorithms_tokens.json").write_text(json.dumps(out, indent=1) + "\n")
print(len(cases), "tokens")
