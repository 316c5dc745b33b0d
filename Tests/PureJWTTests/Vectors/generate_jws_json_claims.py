#!/usr/bin/env python3
"""JWT claims in the JWS JSON serializations (RFC 7515 §7.2), signed by joserfc (independent of PureJWT),
for the `jwt` tool's tests (Tests/JWTToolTests): a general serialization signed by an ES256 key (kid in the
unprotected header), an ES256K key (kid protected) and an Ed25519 key ("alg" "Ed25519", no kid), and a
flattened one by the ES256 key. Each case has the serialization, the public keys as JWKs, and which key
verifies which signature. Keys come from fixed scalars and seeds. Run from this folder; writes
jws_json_claims_joserfc.json."""
import hashlib, json
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from joserfc import jws
from joserfc.jwk import ECKey, OKPKey

registry = jws.JWSRegistry(algorithms=["ES256", "ES256K", "Ed25519"])
def scalar(label):
    return int.from_bytes(hashlib.sha256(label.encode()).digest(), "big") >> 8   # below both orders
es256 = ECKey.import_key(ec.derive_private_key(scalar("tool es256"), ec.SECP256R1()))
es256k = ECKey.import_key(ec.derive_private_key(scalar("tool es256k"), ec.SECP256K1()))
ed25519 = OKPKey.import_key(Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"tool ed25519").digest()))
keys = {"ES256": es256, "ES256K": es256k, "Ed25519": ed25519}
claims = {"iss": "https://tool.example", "aud": "api", "sub": "user-7", "exp": 4102444800}
payload = json.dumps(claims, separators=(",", ":"))
members = [
    {"protected": {"alg": "ES256"}, "header": {"kid": "p256"}},
    {"protected": {"alg": "ES256K", "kid": "k1"}},
    {"protected": {"alg": "Ed25519"}},
]
general = jws.serialize_json(members, payload, lambda member: keys[member.headers()["alg"]], registry=registry)
flattened = jws.serialize_json(members[0], payload, es256, registry=registry)
for alg, key in keys.items():   # joserfc verifies its own signatures, one at a time
    index = [m["protected"]["alg"] for m in members].index(alg)
    jws.deserialize_json({"payload": general["payload"], **general["signatures"][index]}, key, registry=registry)
public = {alg: key.as_dict(private=False) for alg, key in keys.items()}
json.dump({"source": "generate_jws_json_claims.py with joserfc 1.6.5 and Python cryptography 48",
           "claims": claims, "public_jwks": public,
           "general": general, "general_signers": [m["protected"]["alg"] for m in members],
           "flattened": flattened, "flattened_signer": "ES256"},
          open("jws_json_claims_joserfc.json", "w"), indent=1)
print("written")
