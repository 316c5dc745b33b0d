#!/usr/bin/env python3
"""ML-DSA JWS tokens both ways with Python `cryptography` (OpenSSL) as the independent implementation.

1. cryptography → PureJWT: for ML-DSA-44/65/87, a key from a fixed seed, its AKP JWK (RFC 9964: kty, alg,
   pub) and SPKI PEM, and tokens signed by cryptography (hedged, empty context) over RFC 7515 signing
   inputs, written to Tests/PureJWTTests/Vectors/mldsa_cryptography_tokens.json; MLDSAInteropTests verifies
   every token with the JWK and the PEM, and refuses the altered ones listed with them.
2. PureJWT → cryptography (when the `jwt` tool's path is given): the tool makes a key for each size, signs
   claims, prints its public key; cryptography verifies each token over its signing input, and refuses it
   with one bit changed. Exit status 1 when any check fails.

    python3 scripts/crosscheck/mldsa-jose-interop.py [.build/debug/jwt]
"""
import base64, json, os, subprocess, sys, tempfile
from pathlib import Path

from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import mldsa

root = Path(__file__).resolve().parents[2]
CLASSES = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey, 87: mldsa.MLDSA87PrivateKey}


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def token(key, header, claims):
    signing_input = b64(json.dumps(header, separators=(",", ":")).encode()) + "." + b64(json.dumps(claims, separators=(",", ":")).encode())
    return signing_input + "." + b64(key.sign(signing_input.encode()))


fixture = {"generator": "scripts/crosscheck/mldsa-jose-interop.py", "sizes": []}
for size, cls in CLASSES.items():
    key = cls.from_seed_bytes(bytes([size]) * 32)
    public = key.public_key()
    alg = f"ML-DSA-{size}"
    jwk = {"kty": "AKP", "alg": alg, "kid": f"py-{size}", "pub": b64(public.public_bytes_raw())}
    tokens = [token(key, {"alg": alg, "kid": jwk["kid"]}, {"iss": "https://cryptography.example", "sub": f"user-{i}", "n": i})
              for i in range(3)]
    for t in tokens:
        signing_input, signature = t.rsplit(".", 1)
        public.verify(unb64(signature), signing_input.encode())
    signing_input, signature = tokens[0].rsplit(".", 1)
    flipped = bytearray(unb64(signature))
    flipped[100] ^= 1
    altered = [
        signing_input + "." + b64(bytes(flipped)),                                    # a signature bit
        signing_input.split(".")[0] + "." + b64(b'{"sub":"admin"}') + "." + signature,  # another payload
        signing_input + "." + b64(unb64(signature)[:-1]),                               # one byte short
    ]
    fixture["sizes"].append({
        "size": size, "jwk": jwk,
        "spkiPEM": public.public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo).decode(),
        "tokens": tokens, "altered": altered,
    })
out = root / "Tests" / "PureJWTTests" / "Vectors" / "mldsa_cryptography_tokens.json"
out.write_text(json.dumps(fixture, indent=1) + "\n")
print("wrote", out)

if len(sys.argv) < 2:
    sys.exit(0)
tool, failures = sys.argv[1], 0
with tempfile.TemporaryDirectory() as folder:
    for size in CLASSES:
        alg = f"ML-DSA-{size}"
        key_path, public_path = os.path.join(folder, f"{size}.pem"), os.path.join(folder, f"{size}.pub")
        open(key_path, "w").write(subprocess.run([tool, "keygen", "--alg", alg], check=True, capture_output=True, text=True).stdout)
        open(public_path, "w").write(subprocess.run([tool, "public-key", "--key", key_path], check=True, capture_output=True, text=True).stdout)
        signed = subprocess.run([tool, "sign", '{"sub":"from-purejwt"}', "--key", key_path], check=True, capture_output=True, text=True).stdout.strip()
        public = s.load_pem_public_key(open(public_path, "rb").read())
        private = s.load_pem_private_key(open(key_path, "rb").read(), password=None)
        signing_input, signature = signed.rsplit(".", 1)
        header = json.loads(unb64(signing_input.split(".")[0]))
        ok = header.get("alg") == alg and private.public_key().public_bytes_raw() == public.public_bytes_raw()
        try:
            public.verify(unb64(signature), signing_input.encode())
        except Exception:
            ok = False
        bad = bytearray(unb64(signature))
        bad[7] ^= 0x80
        try:
            public.verify(bytes(bad), signing_input.encode())
            ok = False
        except Exception:
            pass
        print(f"{alg}: jwt keygen/sign → cryptography verify: {'ok' if ok else 'FAILED'}")
        failures += 0 if ok else 1
sys.exit(1 if failures else 0)
