#!/usr/bin/env python3
"""Writes nonce_tokens.json: RS256 tokens shaped like Apple identity tokens, signed with Python
`cryptography` using the RSA key of RFC 7515 Appendix A.2 (public test material), to test nonce handling,
which no real token in the vector set exercises. kid "rfc7515-a2"."""
import base64, hashlib, json, pathlib
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

here = pathlib.Path(__file__).parent
jwk = json.loads((here / "rfc7515_appendix_a_jws_examples.json").read_text())["examples"]["A.2"]["jwk_private"]
b = lambda s: int.from_bytes(base64.urlsafe_b64decode(s + "=" * (-len(s) % 4)), "big")
public = rsa.RSAPublicNumbers(b(jwk["e"]), b(jwk["n"]))
key = rsa.RSAPrivateNumbers(b(jwk["p"]), b(jwk["q"]), b(jwk["d"]), b(jwk["dp"]), b(jwk["dq"]), b(jwk["qi"]), public).private_key()
u = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def token(claims):
    header = u(json.dumps({"kid": "rfc7515-a2", "alg": "RS256"}, separators=(",", ":")).encode())
    payload = u(json.dumps(claims, separators=(",", ":")).encode())
    signature = key.sign(f"{header}.{payload}".encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{header}.{payload}.{u(signature)}"

base = {"iss": "https://appleid.apple.com", "aud": "com.example.app", "exp": 1900000600, "iat": 1900000000,
        "sub": "001234.example", "email_verified": True, "real_user_status": 2}
raw = "raw-nonce-123"
out = {
    "generator": "generate_nonce_tokens.py (Python cryptography)",
    "jwk": {"kty": "RSA", "kid": "rfc7515-a2", "alg": "RS256", "use": "sig", "n": jwk["n"], "e": jwk["e"]},
    "raw_nonce": raw,
    "hashed_nonce_token": token({**base, "nonce": hashlib.sha256(raw.encode()).hexdigest()}),
    "exact_nonce_token": token({**base, "nonce": "exact-nonce"}),
    "no_nonce_token": token(base),
    # c_hash (OpenID Connect Core §3.3.2.11): base64url of the left half of SHA-256 of the code's ASCII.
    "authorization_code": "c0123456789abcdef.0.nrts.ExampleCode",
    "c_hash_token": token({**base, "c_hash": u(hashlib.sha256(b"c0123456789abcdef.0.nrts.ExampleCode").digest()[:16])}),
    "unknown_claims_token": token({**base, "transfer_sub": "000999.x", "org_id": "org-1", "custom": {"a": [1, "b", None, True]}}),
    # aud as an array (RFC 7519 §4.1.3): trusted only when every entry is one of ours (OIDC Core §3.1.3.7).
    "aud_array_ours_token": token({**base, "aud": ["com.example.app", "com.example.web"]}),
    "aud_array_untrusted_entry_token": token({**base, "aud": ["com.example.app", "com.attacker.app"]}),
}
(here / "nonce_tokens.json").write_text(json.dumps(out, indent=1) + "\n")
