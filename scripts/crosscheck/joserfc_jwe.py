#!/usr/bin/env python3
"""Cross-check of PureJWT's JWE with joserfc (an independent implementation), both ways, through the jwt
tool: for every key-management algorithm both implement x every content encryption x every key form
(oct JWK; RSA and EC as PEM and as JWK; X25519 and X448 as JWK), `jwt encrypt` makes a token that joserfc must
decrypt, and joserfc makes a token that `jwt decrypt` must decrypt; compressed and not. Then the JSON
serializations: each case as a flattened JWE with "aad" both ways, and general JWEs for three recipients of
three kinds, decrypted by each recipient's key alone on each side.

    python3 scripts/crosscheck/joserfc_jwe.py          # from the repository root; builds the jwt tool (release)

Exit 0 when every case passed. Not part of the test suite (which must not need Python); the suite carries
joserfc's tokens in Tests/PureJWTTests/Vectors/joserfc_jwe_vectors.json for the one direction.
"""
import json, os, subprocess, sys, tempfile
from joserfc import jwe
from joserfc.jwk import ECKey, KeySet, OctKey, OKPKey, RSAKey
from joserfc.jwe import JWERegistry

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
subprocess.run(["swift", "build", "-c", "release", "--product", "jwt"], cwd=root, check=True, stdout=subprocess.DEVNULL)
tool = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, check=True, capture_output=True, text=True).stdout.strip() + "/jwt"

encs = ["A128GCM", "A192GCM", "A256GCM", "A128CBC-HS256", "A192CBC-HS384", "A256CBC-HS512"]
enc_bits = {"A128GCM": 128, "A192GCM": 192, "A256GCM": 256, "A128CBC-HS256": 256, "A192CBC-HS384": 384, "A256CBC-HS512": 512}
registry = JWERegistry(algorithms=None)
everything = ["dir", "A128KW", "A192KW", "A256KW", "A128GCMKW", "A192GCMKW", "A256GCMKW", "RSA-OAEP", "RSA-OAEP-256",
              "ECDH-ES", "ECDH-ES+A128KW", "ECDH-ES+A192KW", "ECDH-ES+A256KW",
              "PBES2-HS256+A128KW", "PBES2-HS384+A192KW", "PBES2-HS512+A256KW"] + encs + ["DEF"]
registry = JWERegistry(algorithms=everything)
plaintext = b'{"sub":"248289761001","note":"bytes \\u00e9 and \\u0000 pass through"}\x00\xff'
work = tempfile.mkdtemp()

def write(name, text):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path

cases = []  # (label, alg, enc, joserfc key, private key file, public key file)
for alg, bits in [("A128KW", 128), ("A192KW", 192), ("A256KW", 256), ("A128GCMKW", 128), ("A192GCMKW", 192), ("A256GCMKW", 256)]:
    key = OctKey.generate_key(bits, private=True)
    path = write(alg + ".jwk", json.dumps(dict(key.as_dict(private=True), alg=alg)))
    cases += [(f"{alg} oct JWK", alg, enc, key, path, path) for enc in encs]
for enc in encs:
    key = OctKey.generate_key(enc_bits[enc], private=True)
    path = write("dir-" + enc + ".jwk", json.dumps(dict(key.as_dict(private=True), alg="dir")))
    cases.append((f"dir oct JWK", "dir", enc, key, path, path))
for alg in ["PBES2-HS256+A128KW", "PBES2-HS384+A192KW", "PBES2-HS512+A256KW"]:
    key = OctKey.import_key(b"correct horse battery staple")
    path = write(alg + ".jwk", json.dumps(dict(key.as_dict(private=True), alg=alg)))
    cases += [(f"{alg} password JWK", alg, enc, key, path, path) for enc in encs]
rsa = RSAKey.generate_key(2048, private=True)
rsa_pem = (write("rsa.pem", rsa.as_pem(private=True).decode()), write("rsa.pub.pem", rsa.as_pem(private=False).decode()))
rsa_jwk = (write("rsa.jwk", json.dumps(rsa.as_dict(private=True))), write("rsa.pub.jwk", json.dumps(rsa.as_dict(private=False))))
for alg in ["RSA-OAEP", "RSA-OAEP-256"]:
    for enc in encs:
        cases.append(("RSA PEM", alg, enc, rsa, *rsa_pem))
        cases.append(("RSA JWK", alg, enc, rsa, *rsa_jwk))
agreement = []
for crv in ["P-256", "P-384", "P-521"]:
    key = ECKey.generate_key(crv, private=True)
    agreement.append((crv + " PEM", key, write(crv + ".pem", key.as_pem(private=True).decode()), write(crv + ".pub.pem", key.as_pem(private=False).decode())))
    agreement.append((crv + " JWK", key, write(crv + ".jwk", json.dumps(key.as_dict(private=True))), write(crv + ".pub.jwk", json.dumps(key.as_dict(private=False)))))
for crv in ["X25519", "X448"]:
    okp = OKPKey.generate_key(crv, private=True)
    agreement.append((crv + " JWK", okp, write(crv + ".jwk", json.dumps(okp.as_dict(private=True))), write(crv + ".pub.jwk", json.dumps(okp.as_dict(private=False)))))
for alg in ["ECDH-ES", "ECDH-ES+A128KW", "ECDH-ES+A192KW", "ECDH-ES+A256KW"]:
    for enc in encs:
        for label, key, private, public in agreement:
            cases.append((label, alg, enc, key, private, public))

message = write("plaintext.bin", "")
with open(message, "wb") as f:
    f.write(plaintext)
failures = 0
for index, (label, alg, enc, key, private, public) in enumerate(cases):
    zip_ = index % 3 == 0
    # PureJWT encrypts, joserfc decrypts.
    args = [tool, "encrypt", message, "--key", public, "--alg", alg, "--enc", enc] + (["--zip"] if zip_ else [])
    made = subprocess.run(args, capture_output=True, text=True)
    try:
        ok = made.returncode == 0 and jwe.decrypt_compact(made.stdout.strip(), key, registry=registry).plaintext == plaintext
    except Exception as error:
        ok = False
        made.stderr += str(error)
    if not ok:
        failures += 1
        print(f"FAIL ours -> joserfc: {alg} {enc} {label}: {made.stderr.strip()}")
    # joserfc encrypts, PureJWT decrypts.
    header = {"alg": alg, "enc": enc}
    if alg.startswith("PBES2"):
        header["p2c"] = 10000
    if zip_:
        header["zip"] = "DEF"
    token = jwe.encrypt_compact(header, plaintext, key, registry=registry)
    opened = subprocess.run([tool, "decrypt", token, "--key", private], capture_output=True)
    if opened.returncode != 0 or opened.stdout != plaintext:
        failures += 1
        print(f"FAIL joserfc -> ours: {alg} {enc} {label}: {opened.stderr.decode().strip()}")

# The JSON serializations: every case again as a flattened JWE with "aad", both ways; then, for every
# content encryption, a general JWE for three recipients of three kinds (oct A256KW, RSA-OAEP-256 and X25519
# ECDH-ES+A256KW JWKs): we decrypt joserfc's with each recipient's key alone; joserfc opens every recipient of
# ours at once (its decrypt_json needs every key).
aad = b"associated \x00 data"
aad_file = write("aad.bin", "")
with open(aad_file, "wb") as f:
    f.write(aad)
json_checks = 0
for index, (label, alg, enc, key, private, public) in enumerate(cases):
    json_checks += 2
    args = [tool, "encrypt", message, "--key", public, "--alg", alg, "--enc", enc, "--flattened", "--aad", aad_file]
    made = subprocess.run(args, capture_output=True, text=True)
    try:
        opened = jwe.decrypt_json(json.loads(made.stdout), key, registry=registry)
        ok = made.returncode == 0 and opened.plaintext == plaintext and opened.aad == aad
    except Exception as error:
        ok = False
        made.stderr += str(error)
    if not ok:
        failures += 1
        print(f"FAIL ours -> joserfc (flattened): {alg} {enc} {label}: {made.stderr.strip()}")
    header = {"alg": alg, "enc": enc}
    if alg.startswith("PBES2"):
        header["p2c"] = 10000
    obj = jwe.FlattenedJSONEncryption(header, plaintext, aad=aad)
    obj.add_recipient({}, key)
    data = jwe.encrypt_json(obj, None, registry=registry)
    opened = subprocess.run([tool, "decrypt", json.dumps(data), "--key", private], capture_output=True)
    if opened.returncode != 0 or opened.stdout != plaintext:
        failures += 1
        print(f"FAIL joserfc -> ours (flattened): {alg} {enc} {label}: {opened.stderr.decode().strip()}")

kw = OctKey.import_key(dict(OctKey.generate_key(256, private=True).as_dict(private=True), kid="kw"))
kw_path = write("general-kw.jwk", json.dumps(dict(kw.as_dict(private=True), alg="A256KW", kid="kw")))
x = OKPKey.import_key(dict(OKPKey.generate_key("X25519", private=True).as_dict(private=True), kid="x"))
x_public = write("general-x.pub.jwk", json.dumps(dict(x.as_dict(private=False), alg="ECDH-ES+A256KW", kid="x")))
x_private = write("general-x.jwk", json.dumps(dict(x.as_dict(private=True), alg="ECDH-ES+A256KW", kid="x")))
r = RSAKey.import_key(dict(rsa.as_dict(private=True), kid="r"))
r_paths = (write("general-r.jwk", json.dumps(dict(r.as_dict(private=True), alg="RSA-OAEP-256", kid="r"))),
           write("general-r.pub.jwk", json.dumps(dict(r.as_dict(private=False), alg="RSA-OAEP-256", kid="r"))))
readers = [("A256KW", kw, kw_path, kw_path), ("RSA-OAEP-256", r, *r_paths), ("ECDH-ES+A256KW", x, x_private, x_public)]
for enc in encs:
    args = [tool, "encrypt", message, "--enc", enc, "--json", "--aad", aad_file]
    for alg, key, private, public in readers:
        args += ["--key", public]
    made = subprocess.run(args, capture_output=True, text=True)
    # joserfc opens every recipient of a general JWE (so it needs every key), and each must give the CEK.
    json_checks += 1
    try:
        every_key = KeySet([OctKey.import_key(kw.as_dict(private=True)), RSAKey.import_key(r.as_dict(private=True)),
                            OKPKey.import_key(x.as_dict(private=True))])
        opened = jwe.decrypt_json(json.loads(made.stdout), every_key, registry=registry)
        ok = made.returncode == 0 and opened.plaintext == plaintext and len(opened.recipients) == 3
    except Exception as error:
        ok = False
        made.stderr += str(error)
    if not ok:
        failures += 1
        print(f"FAIL ours -> joserfc (general, three recipients): {enc}: {made.stderr.strip()}")
    obj = jwe.GeneralJSONEncryption({"enc": enc}, plaintext, aad=aad)
    for alg, key, private, public in readers:
        obj.add_recipient({"alg": alg}, key)
    data = json.dumps(jwe.encrypt_json(obj, None, registry=registry))
    for alg, key, private, public in readers:
        json_checks += 1
        opened = subprocess.run([tool, "decrypt", data, "--key", private], capture_output=True)
        if opened.returncode != 0 or opened.stdout != plaintext:
            failures += 1
            print(f"FAIL joserfc -> ours (general, {alg} reads): {enc}: {opened.stderr.decode().strip()}")

total = len(cases) * 2 + json_checks
print(f"{len(cases)} compact cases both ways, {json_checks} JSON serialization checks: {total - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
