#!/usr/bin/env python3
"""Writes service_tokens.json: RS256 tokens shaped like Apple identity tokens and notifications, signed
with Python `cryptography` by two fresh RSA-2048 keys (kids "service-k1" and "service-k2"; the private
keys are not kept), for the SignInWithApple service tests: key rotation (a token by k2 while the cache
holds k1 only), azp, real_user_status values Apple may add, c_hash, the web flow's nonce, and a
notification body. Every expected value (hashes, nonces) is computed here, not by the code under test."""
import base64, hashlib, json, pathlib
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

here = pathlib.Path(__file__).parent
u = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
keys = {kid: rsa.generate_private_key(public_exponent=65537, key_size=2048) for kid in ("service-k1", "service-k2")}

def jwk(kid):
    numbers = keys[kid].public_key().public_numbers()
    as_bytes = lambda n: n.to_bytes((n.bit_length() + 7) // 8, "big")
    return {"kty": "RSA", "kid": kid, "alg": "RS256", "use": "sig", "n": u(as_bytes(numbers.n)), "e": u(as_bytes(numbers.e))}

def token(claims, kid="service-k1"):
    header = u(json.dumps({"kid": kid, "alg": "RS256"}, separators=(",", ":")).encode())
    payload = u(json.dumps(claims, separators=(",", ":")).encode())
    signature = keys[kid].sign(f"{header}.{payload}".encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{header}.{payload}.{u(signature)}"

c_hash = lambda code: u(hashlib.sha256(code.encode()).digest()[:16])
base = {"iss": "https://appleid.apple.com", "aud": "com.example.app", "exp": 1900000600, "iat": 1900000000,
        "sub": "001234.service", "email": "user@example.com", "email_verified": "true", "real_user_status": 2}
raw_nonce, code, web_raw_nonce, web_code = "raw-nonce-service", "code-service-1", "raw-nonce-web", "code-web-1"
events = json.dumps({"type": "account-delete", "sub": "001234.service", "event_time": 1900000050123}, separators=(",", ":"))
out = {
    "generator": "generate_service_tokens.py (Python cryptography)",
    "now": 1900000100,
    "jwks_k1": {"keys": [jwk("service-k1")]},
    "jwks_k1_k2": {"keys": [jwk("service-k1"), jwk("service-k2")]},
    "raw_nonce": raw_nonce,
    "authorization_code": code,
    "k1_token": token({**base, "nonce": hashlib.sha256(raw_nonce.encode()).hexdigest(), "c_hash": c_hash(code)}),
    "k1_no_c_hash_token": token({**base, "nonce": hashlib.sha256(raw_nonce.encode()).hexdigest()}),
    "k2_token": token({**base, "sub": "001234.rotated", "nonce": hashlib.sha256(raw_nonce.encode()).hexdigest()}, kid="service-k2"),
    "unknown_kid_token": token({**base}, kid="service-k2").replace(u(b'{"kid":"service-k2","alg":"RS256"}'), u(b'{"kid":"service-k9","alg":"RS256"}')),
    # OpenID Connect Core §3.1.3.7 (4)-(5): several audiences need an azp, and an azp must be ours.
    "aud_array_with_azp_token": token({**base, "aud": ["com.example.app", "com.example.web"], "azp": "com.example.app"}),
    "aud_array_without_azp_token": token({**base, "aud": ["com.example.app", "com.example.web"]}),
    "foreign_azp_token": token({**base, "azp": "com.attacker.app"}),
    # real_user_status: a value Apple may add (7), the number as a string ("1"), and junk ("x").
    "real_user_status_7_token": token({**base, "real_user_status": 7}),
    "real_user_status_string_token": token({**base, "real_user_status": "1"}),
    "real_user_status_junk_token": token({**base, "real_user_status": "x"}),
    # The web flow: aud is the Services ID, the nonce is the SHA-256 hex of the raw nonce, c_hash binds the code.
    "web_raw_nonce": web_raw_nonce,
    "web_authorization_code": web_code,
    "web_token": token({**base, "aud": "com.example.web", "nonce": hashlib.sha256(web_raw_nonce.encode()).hexdigest(), "c_hash": c_hash(web_code)}),
    "notification_body": json.dumps({"payload": token({"iss": "https://appleid.apple.com", "aud": "com.example.app", "iat": 1900000060,
                                                       "exp": 1900000600, "jti": "notification-1", "events": events})}),
}
(here / "service_tokens.json").write_text(json.dumps(out, indent=1) + "\n")
