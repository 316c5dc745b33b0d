#!/usr/bin/env python3
"""Writes joserfc_jwe_vectors.json: compact JWEs made by joserfc (an independent implementation, Python
`cryptography` underneath) for every key-management algorithm x content encryption PureJWT implements,
with the private JWKs that decrypt them (RSA-OAEP-384 and -512 excepted: joserfc does not implement them), and a compressed ("zip": "DEF") token per key kind. The test
decrypts every token with PureJWT. Run from this folder; the output is committed, so the tests do not need
Python.
"""
import json
from joserfc import jwe
from joserfc.jwk import ECKey, OctKey, OKPKey, RSAKey
from joserfc.jwe import JWERegistry

encs = ["A128GCM", "A192GCM", "A256GCM", "A128CBC-HS256", "A192CBC-HS384", "A256CBC-HS512"]
enc_bits = {"A128GCM": 128, "A192GCM": 192, "A256GCM": 256, "A128CBC-HS256": 256, "A192CBC-HS384": 384, "A256CBC-HS512": 512}
plaintext = b'{"iss":"https://server.example.com","sub":"248289761001","aud":"s6BhdRkqt3","nonce":"n-0S6_WzA2Mj","exp":1311281970}'

keys = {}
def key_entry(name, key, alg=None):
    jwk = key.as_dict(private=True)
    if alg:
        jwk["alg"] = alg
    keys[name] = jwk
    return key

rsa = RSAKey.generate_key(2048, private=True)
ecs = {crv: ECKey.generate_key(crv, private=True) for crv in ["P-256", "P-384", "P-521"]}
x25519 = OKPKey.generate_key("X25519", private=True)
x448 = OKPKey.generate_key("X448", private=True)

plan = []  # (alg, enc, key name, key object, zip)
for bits, name in [(128, "A128KW"), (192, "A192KW"), (256, "A256KW"), (128, "A128GCMKW"), (192, "A192GCMKW"), (256, "A256GCMKW")]:
    key = key_entry(name, OctKey.generate_key(bits, private=True), name)
    for enc in encs:
        plan.append((name, enc, name, key))
for enc in encs:
    name = "dir-" + enc
    key = key_entry(name, OctKey.generate_key(enc_bits[enc], private=True), "dir")
    plan.append(("dir", enc, name, key))
key_entry("RSA", rsa)
for alg in ["RSA-OAEP", "RSA-OAEP-256"]:  # joserfc has no RSA-OAEP-384/512 (our round-trip tests cover them)
    for enc in encs:
        plan.append((alg, enc, "RSA", rsa))
for crv, key in ecs.items():
    key_entry(crv, key)
key_entry("X25519", x25519)
key_entry("X448", x448)
for alg in ["ECDH-ES", "ECDH-ES+A128KW", "ECDH-ES+A192KW", "ECDH-ES+A256KW"]:
    for enc in encs:
        for name, key in [("P-256", ecs["P-256"]), ("P-384", ecs["P-384"]), ("P-521", ecs["P-521"]), ("X25519", x25519), ("X448", x448)]:
            plan.append((alg, enc, name, key))
for alg in ["PBES2-HS256+A128KW", "PBES2-HS384+A192KW", "PBES2-HS512+A256KW"]:
    key = key_entry(alg, OctKey.import_key(b"correct horse battery staple"), alg)
    for enc in encs:
        plan.append((alg, enc, alg, key))

every = [a for a, *_ in plan] + encs + ["DEF"]
registry = JWERegistry(algorithms=list(dict.fromkeys(every)))
cases = []
for index, (alg, enc, name, key) in enumerate(plan):
    header = {"alg": alg, "enc": enc}
    if alg.startswith("PBES2"):
        header["p2c"] = 1000
    if index % 7 == 0:
        header["zip"] = "DEF"
    token = jwe.encrypt_compact(header, plaintext, key, registry=registry)
    assert jwe.decrypt_compact(token, key, registry=registry).plaintext == plaintext
    cases.append({"alg": alg, "enc": enc, "key": name, "zip": "zip" in header, "token": token})

json.dump({"source": "joserfc 1.6.5 (Python cryptography)", "plaintext": plaintext.decode(), "keys": keys, "cases": cases},
          open("joserfc_jwe_vectors.json", "w"), indent=1)
print(len(cases), "tokens")
