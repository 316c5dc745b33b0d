#!/usr/bin/env python3
"""Writes authjs_session_vector.json: a session cookie as Auth.js v5 (@auth/core's jwt.ts) makes it — a
compact JWE with "dir" and A256CBC-HS512, the 64-byte key derived from AUTH_SECRET by HKDF-SHA-256 with the
cookie's name as salt and "Auth.js Generated Encryption Key (<cookie name>)" as info, and a protected header
whose "kid" is the key's RFC 7638 thumbprint with SHA-512 (encode() computes it with jose's
calculateJwkThumbprint and a digest of the key's size) — made here with Python `cryptography` (HKDF) and
joserfc (JWE). Docs/JWE.md's example decrypts it (GuideExamplesTests).
"""
import base64
import hashlib
import json
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from joserfc import jwe
from joserfc.jwk import OctKey

secret = "Cb4SMhfw2fYl1cQTvnLWdbpHeU8xOvLxrHoOzXkNJGU="
cookie = "authjs.session-token"
key = HKDF(algorithm=hashes.SHA256(), length=64, salt=cookie.encode(),
           info=f"Auth.js Generated Encryption Key ({cookie})".encode()).derive(secret.encode())
k = base64.urlsafe_b64encode(key).rstrip(b"=").decode()
kid = base64.urlsafe_b64encode(hashlib.sha512(json.dumps({"k": k, "kty": "oct"}, separators=(",", ":")).encode()).digest()).rstrip(b"=").decode()
claims = {"name": "Ada", "email": "ada@example.com", "sub": "b3f1c2", "iat": 1795000000, "exp": 1797592000, "jti": "5c1d9e"}
token = jwe.encrypt_compact({"alg": "dir", "enc": "A256CBC-HS512", "kid": kid}, json.dumps(claims, separators=(",", ":")).encode(), OctKey.import_key(key))
json.dump({"authSecret": secret, "cookieName": cookie, "cookie": token, "claims": json.dumps(claims, separators=(",", ":"))},
          open("authjs_session_vector.json", "w"), indent=1)
