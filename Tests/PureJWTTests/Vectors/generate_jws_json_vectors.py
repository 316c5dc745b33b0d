#!/usr/bin/env python3
"""JWS in the JSON serializations (RFC 7515 §7.2) made by joserfc, an implementation independent of PureJWT:
flattened JWS for HS256, RS256, PS256, ES256, ES384, EdDSA and Ed25519 (protected {"alg"}, unprotected
{"kid"}, as RFC 7515 A.7 lays them out), one flattened JWS with more protected members ("kid", "typ", "cty")
and an unprotected private member, and a general JWS signed by three keys (RS256, ES256, EdDSA). Each case
carries the private and public JWKs (kid included), the payload (base64url; binary bytes among them) and
joserfc's JSON; joserfc verifies each before it is written. Run from this folder; writes
jws_json_joserfc_vectors.json. Keys are random on each run; the committed output is what the tests use."""
import base64, json
from joserfc import jws
from joserfc.jws import JWSRegistry
from joserfc.jwk import ECKey, KeySet, OctKey, OKPKey, RSAKey

def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

algorithms = ["HS256", "RS256", "PS256", "ES256", "ES384", "EdDSA", "Ed25519"]
keys = {
    "HS256": OctKey.generate_key(256, parameters={"kid": "hs-1"}),
    "RS256": RSAKey.generate_key(2048, parameters={"kid": "rs-1"}),
    "PS256": RSAKey.generate_key(2048, parameters={"kid": "ps-1"}),
    "ES256": ECKey.generate_key("P-256", parameters={"kid": "ec-1"}),
    "ES384": ECKey.generate_key("P-384", parameters={"kid": "ec-2"}),
    "EdDSA": OKPKey.generate_key("Ed25519", parameters={"kid": "ed-1"}),
    "Ed25519": OKPKey.generate_key("Ed25519", parameters={"kid": "ed-2"}),
}

def jwks(alg):
    key = keys[alg]
    private = key.as_dict(private=True)
    public = private if alg == "HS256" else key.as_dict(private=False)
    return private, public

cases = []
payload = b"\x00\x01 a payload of any bytes \xff\xfe {\"not\": \"json\"}"
for alg in algorithms:
    private, public = jwks(alg)
    out = jws.serialize_json({"protected": {"alg": alg}, "header": {"kid": private["kid"]}}, payload, keys[alg], algorithms=[alg])
    jws.deserialize_json(out, keys[alg], algorithms=[alg])
    cases.append({"name": f"flattened {alg}", "algorithms": [alg], "jwks_private": [private], "jwks_public": [public],
                  "payload": b64u(payload), "json": json.dumps(out, separators=(",", ":"))})

private, public = jwks("ES256")
protected = {"alg": "ES256", "kid": "ec-1", "typ": "example+jws", "cty": "json"}
document = json.dumps({"order": 42, "items": ["a", "b"]}).encode()
lenient = JWSRegistry(algorithms=["ES256"], strict_check_header=False)   # "x-note" is a private member
out = jws.serialize_json({"protected": protected, "header": {"x-note": "not covered"}}, document, keys["ES256"], registry=lenient)
jws.deserialize_json(out, keys["ES256"], registry=lenient)
cases.append({"name": "flattened ES256, more protected members", "algorithms": ["ES256"], "jwks_private": [private], "jwks_public": [public],
              "payload": b64u(document), "json": json.dumps(out, separators=(",", ":"))})

signers = ["RS256", "ES256", "EdDSA"]
members = [{"protected": {"alg": alg}, "header": {"kid": keys[alg].kid}} for alg in signers]
key_set = KeySet([keys[alg] for alg in signers])
out = jws.serialize_json(members, payload, key_set, algorithms=signers)
jws.deserialize_json(out, key_set, algorithms=signers)
cases.append({"name": "general RS256, ES256, EdDSA", "algorithms": signers,
              "jwks_private": [jwks(alg)[0] for alg in signers], "jwks_public": [jwks(alg)[1] for alg in signers],
              "payload": b64u(payload), "json": json.dumps(out, separators=(",", ":"))})

json.dump({"source": "generate_jws_json_vectors.py with joserfc", "cases": cases}, open("jws_json_joserfc_vectors.json", "w"), indent=1)
print(len(cases), "cases")
