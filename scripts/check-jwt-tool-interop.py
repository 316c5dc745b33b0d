#!/usr/bin/env python3
"""Cross-checks the `jwt` tool with joserfc, an independent JOSE implementation (pip install joserfc), both
ways and for every algorithm: the tool makes a key, signs, and joserfc verifies the token with the tool's
public key; joserfc signs with the tool's key and the tool verifies. Then the JSON serializations: the
tool's flattened JWS (`jwt sign --flattened`) and its general JWS by every EC/OKP/HS key at once (`--json`)
verified by joserfc, and joserfc's flattened and general JWS verified by the tool. Not part of `swift test`
(it needs Python); run it after changing the tool or PureJWT's signing:

    swift build --product jwt && python3 scripts/check-jwt-tool-interop.py [.build/debug/jwt]
"""
import json, os, subprocess, sys, tempfile, warnings
from joserfc import jws, jwt
from joserfc.jwk import import_key

warnings.filterwarnings("ignore")
tool = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/jwt"
algorithms = ["ES256", "ES384", "ES512", "ES256K", "EdDSA", "Ed25519", "Ed448", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "HS256", "HS384", "HS512"]
claims = {"iss": "https://interop.example", "sub": "user", "aud": "api", "exp": 4102444800, "n": 12345678901234567890}
# joserfc registers ES256K (RFC 8812) but, as it is not "recommended", uses it only when asked.
registry = jws.JWSRegistry(algorithms=algorithms)

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
        keys = locals().setdefault("keys", {})
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
            decoded = jwt.decode(token, public, algorithms=[alg], registry=registry)
            assert decoded.claims == claims and decoded.header["alg"] == alg and decoded.header["kid"] == "interop"
            ours = "ok"
        except Exception as error:
            failures += 1
            ours = f"FAILED: {error!r}"
        # joserfc signs, the tool verifies.
        theirs_token = jwt.encode({"alg": alg, "typ": "JWT"}, claims, private, algorithms=[alg], registry=registry)
        result = subprocess.run([tool, "verify", theirs_token, "--key", public_path, "--alg", alg, "--aud", "api"], capture_output=True, text=True)
        theirs = "ok" if result.returncode == 0 and json.loads(result.stdout)["claims"] == claims else f"FAILED: {result.stderr.strip()}"
        failures += theirs != "ok"
        print(f"{alg:7}  tool → joserfc: {ours:6}  joserfc → tool: {theirs}")
        if not alg.startswith(("RS", "PS")):
            keys[alg] = (key_path, public_path, private, public)

    # The JSON serializations (RFC 7515 §7.2), both ways.
    payload = json.dumps(claims, separators=(",", ":"), sort_keys=True).encode()
    def check(name, action):
        global failures
        try:
            action()
            print(f"{name}: ok")
        except Exception as error:
            failures += 1
            print(f"{name}: FAILED: {error!r}")
    def tool_flattened(alg):
        key_path, _, _, public = keys[alg]
        text = run("sign", json.dumps(claims), "--key", key_path, "--alg", alg, "--flattened")
        result = jws.deserialize_json(json.loads(text), public, registry=registry)
        assert json.loads(result.payload) == claims and result.headers()["alg"] == alg
    def tool_general():
        names = [alg for alg in keys if not alg.startswith("HS")]
        text = run("sign", json.dumps(claims), "--json", *sum((["--key", keys[alg][0]] for alg in names), []))
        document = json.loads(text)
        assert len(document["signatures"]) == len(names)
        for index, alg in enumerate(names):
            single = {"payload": document["payload"], **document["signatures"][index]}
            result = jws.deserialize_json(single, keys[alg][3], registry=registry)
            # An Ed25519 or Ed448 key signs "EdDSA" unless told otherwise (--alg, or its JWK's "alg").
            assert json.loads(result.payload) == claims and result.headers()["alg"] == ("EdDSA" if alg in ("Ed25519", "Ed448") else alg)
    def joserfc_json(general):
        names = ["ES256", "ES256K", "Ed25519", "Ed448"] if general else ["ES384"]
        members = [{"protected": {"alg": alg}, "header": {"kid": alg.lower()}} for alg in names]
        if general:
            value = jws.serialize_json(members, payload, lambda member: keys[member.headers()["alg"]][2], registry=registry)
        else:
            value = jws.serialize_json(members[0], payload, keys[names[0]][2], registry=registry)
        text = json.dumps(value)
        for alg in names:
            result = subprocess.run([tool, "verify", "-", "--key", keys[alg][1], "--aud", "api"], input=text, capture_output=True, text=True)
            assert result.returncode == 0, result.stderr.strip()
            printed = json.loads(result.stdout)
            assert printed["claims"] == claims and printed["header"]["alg"] == alg and printed["signature"] == names.index(alg)
    for alg in ["ES256", "ES256K", "Ed25519", "Ed448", "HS256"]:
        check(f"tool --flattened {alg} → joserfc", lambda: tool_flattened(alg))
    check("tool --json (every EC and OKP key) → joserfc", tool_general)
    check("joserfc flattened ES384 → tool", lambda: joserfc_json(False))
    check("joserfc general ES256, ES256K, Ed25519, Ed448 → tool", lambda: joserfc_json(True))
print("all passed" if failures == 0 else f"{failures} failed")
sys.exit(1 if failures else 0)
