#!/usr/bin/env python3
"""ES256K (ECDSA on secp256k1 with SHA-256, RFC 8812) JWTs signed by joserfc, an implementation independent
of PureJWT, with EC keys made from fixed scalars by Python `cryptography`. Each case has the private and
public JWK (crv "secp256k1"), the keys as PKCS#8 and SubjectPublicKeyInfo PEM, the RFC 7638 thumbprint
(joserfc's), the claims, joserfc's compact token (a random nonce) and its signing input, and the RFC 6979
deterministic signature of that input by `cryptography` (`deterministic_signing=True`), r || s base64url,
which our signer must reproduce byte for byte. joserfc registers ES256K but, as RFC 8812 does not
recommend it, only when asked for (a JWSRegistry naming it). The JWKs of cases 4-7 say "alg": "ES256K".
Run from this folder; writes es256k_joserfc_tokens.json."""
import base64, hashlib, json
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from joserfc import jwt, jws
from joserfc.jwk import ECKey

def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
registry = jws.JWSRegistry(algorithms=["ES256K"])
cases = []
for i in range(8):
    d = int.from_bytes(hashlib.sha256(f"es256k key {i}".encode()).digest(), "big") % (n - 1) + 1
    private = ec.derive_private_key(d, ec.SECP256K1())
    numbers = private.public_key().public_numbers()
    kid = f"k1-{i}"
    jwk_private = {"kty": "EC", "crv": "secp256k1", "x": b64u(numbers.x.to_bytes(32, "big")),
                   "y": b64u(numbers.y.to_bytes(32, "big")), "d": b64u(d.to_bytes(32, "big")), "kid": kid}
    if i >= 4:
        jwk_private["alg"] = "ES256K"
    jwk_public = {k: v for k, v in jwk_private.items() if k != "d"}
    key = ECKey.import_key(jwk_private)
    claims = {"iss": "https://issuer.example", "sub": f"user-{i}", "aud": "api", "iat": 1_800_000_000 + i,
              "exp": 1_800_003_600 + i, "scope": "read" * (i + 1)}
    header = {"alg": "ES256K", "typ": "JWT", "kid": kid}
    token = jwt.encode(header, claims, key, algorithms=["ES256K"], registry=registry)
    # joserfc verifies its own token with the public key.
    jwt.decode(token, ECKey.import_key(jwk_public), algorithms=["ES256K"], registry=registry)
    signing_input = token.rsplit(".", 1)[0]
    der = private.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    r, s = decode_dss_signature(der)
    cases.append({
        "jwk_private": jwk_private, "jwk_public": jwk_public, "thumbprint": ECKey.import_key(jwk_public).thumbprint(),
        "private_pem": private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                             serialization.NoEncryption()).decode(),
        "public_pem": private.public_key().public_bytes(serialization.Encoding.PEM,
                                                        serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
        "claims": claims, "token": token, "signing_input": signing_input,
        "rfc6979_signature": b64u(r.to_bytes(32, "big") + s.to_bytes(32, "big")),
    })
json.dump({"source": "generate_es256k_tokens.py with joserfc 1.6.5 and Python cryptography 48", "cases": cases},
          open("es256k_joserfc_tokens.json", "w"), indent=1)
print(len(cases), "tokens")
