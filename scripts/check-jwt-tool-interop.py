#!/usr/bin/env python3
"""Cross-checks the `jwt` tool with joserfc, an independent JOSE implementation (pip install joserfc), both
ways and for every algorithm: the tool makes a key, signs, and joserfc verifies the token with the tool's
public key; joserfc signs with the tool's key and the tool verifies. Not part of `swift test` (it needs
Python); run it after changing the tool or PureJWT's signing:

    swift build --product jwt && python3 scripts/check-jwt-tool-interop.py [.build/debug/jwt]
"""
import json, os, subprocess, sys, tempfile, warnings
from joserfc import jwt
from joserfc.jwk import import_key

warnings.filterwarnings("ignore")
tool = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/jwt"
algorithms = ["ES256", "ES384", "ES512", "EdDSA", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "HS256", "HS384", "HS512"]
claims = {"iss": "https://interop.example", "sub": "user", "aud": "api", "exp": 4102444800, "n": 12345678901234567890}

def run(*arguments):
    result = subprocess.run([tool, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"jwt {' '.join(arguments[:2])} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout

failures = 0
with tempfile.TemporaryDirectory() as folder:
    rsa_pem = None
    for alg in algorithms:
        key_path = os.path.join(folder, f"{alg}.key")
        if alg.startswith(("RS", "PS")):
            # One RSA key for the six RSA algorithms (generation is the slow part), given to joserfc as PEM.
            if rsa_pem is None:
                rsa_pem = run("keygen", "--alg", "RS256")
            key_text = rsa_pem
        else:
            key_text = run("keygen", "--alg", alg)
        open(key_path, "w").write(key_text)
        kty = {"ES": "EC", "Ed": "OKP", "RS": "RSA", "PS": "RSA", "HS": "oct"}[alg[:2]]
        private = import_key(json.loads(key_text) if kty == "oct" else key_text.encode(), kty)
        if kty == "oct":
            public, public_path = private, key_path
        else:
            public_text = run("public-key", "--key", key_path)
            public_path = os.path.join(folder, f"{alg}.pub")
            open(public_path, "w").write(public_text)
            public = import_key(public_text.encode(), kty)
        # The tool signs, joserfc verifies.
        token = run("sign", json.dumps(claims), "--key", key_path, "--alg", alg, "--kid", "interop").strip()
        try:
            decoded = jwt.decode(token, public, algorithms=[alg])
            assert decoded.claims == claims and decoded.header["alg"] == alg and decoded.header["kid"] == "interop"
            ours = "ok"
        except Exception as error:
            failures += 1
            ours = f"FAILED: {error!r}"
        # joserfc signs, the tool verifies.
        theirs_token = jwt.encode({"alg": alg, "typ": "JWT"}, claims, private, algorithms=[alg])
        result = subprocess.run([tool, "verify", theirs_token, "--key", public_path, "--alg", alg, "--aud", "api"], capture_output=True, text=True)
        theirs = "ok" if result.returncode == 0 and json.loads(result.stdout)["claims"] == claims else f"FAILED: {result.stderr.strip()}"
        failures += theirs != "ok"
        print(f"{alg:6}  tool → joserfc: {ours:6}  joserfc → tool: {theirs}")
print("all passed" if failures == 0 else f"{failures} failed")
sys.exit(1 if failures else 0)
