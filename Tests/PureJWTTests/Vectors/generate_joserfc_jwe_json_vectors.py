#!/usr/bin/env python3
"""Writes joserfc_jwe_json_vectors.json: JWE JSON serializations made by joserfc (an independent
implementation, Python `cryptography` underneath). For every content encryption, a general JWE for four
recipients of four kinds (A128KW, RSA-OAEP-256, ECDH-ES+A128KW on P-256, PBES2-HS256+A128KW), with "aad"
and a shared unprotected header; and a flattened JWE for every key-management algorithm PureJWT and
joserfc both implement, with "aad". The test decrypts each general token with each recipient's key alone.
Run from this folder; the output is committed, so the tests do not need Python.
"""
import json
from joserfc import jwe
from joserfc.jwk import ECKey, OctKey, OKPKey, RSAKey
from joserfc.jwe import JWERegistry

encs = ["A128GCM", "A192GCM", "A256GCM", "A128CBC-HS256", "A192CBC-HS384", "A256CBC-HS512"]
enc_bits = {"A128GCM": 128, "A192GCM": 192, "A256GCM": 256, "A128CBC-HS256": 256, "A192CBC-HS384": 384, "A256CBC-HS512": 512}
plaintext = b'{"iss":"https://server.example.com","sub":"248289761001","aud":"s6BhdRkqt3"}'
aad = b"associated data \x00\xff"

keys = {}
def entry(name, key, alg):
    keys[name] = dict(key.as_dict(private=True), alg=alg, kid=name)
    return type(key).import_key(keys[name])

kw = entry("kw", OctKey.generate_key(128, private=True), "A128KW")
rsa = entry("rsa", RSAKey.generate_key(2048, private=True), "RSA-OAEP-256")
ec = entry("ec", ECKey.generate_key("P-256", private=True), "ECDH-ES+A128KW")
pw = entry("pw", OctKey.import_key(b"correct horse battery staple"), "PBES2-HS256+A128KW")
x25519 = entry("x25519", OKPKey.generate_key("X25519", private=True), "ECDH-ES")
gcmkw = entry("gcmkw", OctKey.generate_key(256, private=True), "A256GCMKW")
readers = [("A128KW", kw, "kw"), ("RSA-OAEP-256", rsa, "rsa"), ("ECDH-ES+A128KW", ec, "ec"), ("PBES2-HS256+A128KW", pw, "pw")]
algs = ["A128KW", "A256GCMKW", "RSA-OAEP", "RSA-OAEP-256", "ECDH-ES", "ECDH-ES+A128KW", "PBES2-HS256+A128KW"]
registry = JWERegistry(algorithms=list(dict.fromkeys(algs + [a for a, *_ in readers] + encs + ["dir"])))

general = []
for enc in encs:
    obj = jwe.GeneralJSONEncryption({"enc": enc}, plaintext, unprotected={"jku": "https://server.example.com/keys.jwks"}, aad=aad)
    for alg, key, name in readers:
        header = {"alg": alg, "kid": name}
        if alg.startswith("PBES2"):
            header["p2c"] = 1000
        obj.add_recipient(header, key)
    data = jwe.encrypt_json(obj, None, registry=registry)
    general.append({"enc": enc, "keys": [name for *_, name in readers], "token": json.dumps(data)})

flattened = []
for index, (alg, key, name) in enumerate([("A128KW", kw, "kw"), ("A256GCMKW", gcmkw, "gcmkw"), ("RSA-OAEP-256", rsa, "rsa"),
                                           ("ECDH-ES", x25519, "x25519"), ("ECDH-ES+A128KW", ec, "ec"), ("PBES2-HS256+A128KW", pw, "pw")]):
    enc = encs[index % len(encs)]
    # No "kid" here: joserfc copies the key's "kid" into the recipient's unprotected header, and RFC 7516
    # §7.2.1 wants the headers' names disjoint (PureJWT, like panva/jose, refuses a name in two of them).
    header = {"alg": alg, "enc": enc}
    if alg.startswith("PBES2"):
        header["p2c"] = 1000
    obj = jwe.FlattenedJSONEncryption(header, plaintext, aad=aad)
    obj.add_recipient({}, key)
    data = jwe.encrypt_json(obj, None, registry=registry)
    assert jwe.decrypt_json(data, key, registry=registry).plaintext == plaintext
    flattened.append({"alg": alg, "enc": enc, "key": name, "token": json.dumps(data)})

json.dump({"source": "joserfc 1.6.5 (Python cryptography)", "plaintext": plaintext.decode(), "aad_hex": aad.hex(),
           "keys": keys, "general": general, "flattened": flattened}, open("joserfc_jwe_json_vectors.json", "w"), indent=1)
print(len(general), "general and", len(flattened), "flattened tokens")
