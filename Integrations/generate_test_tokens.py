#!/usr/bin/env python3
"""Writes the tokens.json of an integration's tests: RS256 tokens shaped like Apple identity tokens and a
server-to-server notification, signed with Python `cryptography` by a fresh RSA-2048 key (the private key
is not kept), and the JWKS that verifies them. Expected values (the nonce's hash, c_hash) are computed
here, not by the code under test. Each integration gets its own key and file:

    python3 Integrations/generate_test_tokens.py AppleAuthHummingbird hb
    python3 Integrations/generate_test_tokens.py AppleAuthVapor vapor
"""
import base64, hashlib, json, pathlib, sys
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

package, prefix = sys.argv[1], sys.argv[2]
here = pathlib.Path(__file__).parent / package / "Tests" / f"{package}Tests" / "Vectors"
kid = f"{prefix}-k1"
u = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
numbers = key.public_key().public_numbers()
as_bytes = lambda n: n.to_bytes((n.bit_length() + 7) // 8, "big")
jwks = {"keys": [{"kty": "RSA", "kid": kid, "alg": "RS256", "use": "sig", "n": u(as_bytes(numbers.n)), "e": u(as_bytes(numbers.e))}]}

def token(claims):
    header = u(json.dumps({"kid": kid, "alg": "RS256"}, separators=(",", ":")).encode())
    payload = u(json.dumps(claims, separators=(",", ":")).encode())
    signature = key.sign(f"{header}.{payload}".encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{header}.{payload}.{u(signature)}"

raw_nonce = f"{prefix}-raw-nonce"
base = {"iss": "https://appleid.apple.com", "aud": "com.example.app", "exp": 1900000600, "iat": 1900000000,
        "sub": f"001234.{prefix}", "email": "user@example.com", "email_verified": True,
        "nonce": hashlib.sha256(raw_nonce.encode()).hexdigest()}
valid = token(base)
header, payload, signature = valid.split(".")
events = json.dumps({"type": "email-disabled", "sub": f"001234.{prefix}", "email": "user@privaterelay.appleid.com",
                     "event_time": 1900000050123}, separators=(",", ":"))
out = {
    "generator": "Integrations/generate_test_tokens.py (Python cryptography)",
    "now": 1900000100,
    "jwks": jwks,
    "raw_nonce": raw_nonce,
    "valid_token": valid,
    "other_audience_token": token({**base, "aud": "com.attacker.app"}),
    # Expired an hour before "now", beyond any leeway.
    "expired_token": token({**base, "exp": 1899996500, "iat": 1899996000}),
    # With c_hash (OpenID Connect Core §3.3.2.11: left half of SHA-256 of the code, base64url) of "code-1".
    "code": "code-1",
    "code_token": token({**base, "c_hash": u(hashlib.sha256(b"code-1").digest()[:16])}),
    "tampered_token": f"{header}.{u(json.dumps({**base, 'sub': '001234.someone-else'}, separators=(',', ':')).encode())}.{signature}",
    "notification_body": json.dumps({"payload": token({"iss": "https://appleid.apple.com", "aud": "com.example.app",
                                                       "iat": 1900000060, "exp": 1900000600, "jti": f"{prefix}-notification-1",
                                                       "events": events})}),
}
(here / "tokens.json").write_text(json.dumps(out, indent=1) + "\n")
