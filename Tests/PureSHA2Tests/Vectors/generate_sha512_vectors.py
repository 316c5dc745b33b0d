#!/usr/bin/env python3
"""Writes sha384_sha512_vectors.json: expected SHA-384 and SHA-512 digests from Python's hashlib (OpenSSL),
independent of the code under test.

- "lengths": messages of every length 0..1100 bytes (every tail around one to eight 128-byte blocks, and
  both sides of the 112-byte padding boundary) and a few long ones, byte i being (i * 7 + 3) mod 256.
- "monte": the SHAVS Monte Carlo procedure (SHAVS section 6.4, as for SHA256Monte.rsp): from a seed,
  100 checkpoints, each the last of 1000 hashes of the three previous digests. The seeds are fixed
  here (the NIST response files for SHA-384/512 are not in the project's vector set).
- "fips180Examples": the examples of FIPS 180-2 appendices C and D ("abc", the 896-bit message, one
  million "a"), whose digests are typed from the standard and checked against hashlib below.
"""
import hashlib, json, pathlib

def pattern(length):
    return bytes((i * 7 + 3) % 256 for i in range(length))

lengths = list(range(1101)) + [4095, 4096, 4097, 65_536 + 17, 1 << 20]
cases = [{"length": n, "sha384": hashlib.sha384(pattern(n)).hexdigest(),
          "sha512": hashlib.sha512(pattern(n)).hexdigest()} for n in lengths]

def monte(name, seed):
    checkpoints = []
    for _ in range(100):
        md = [seed, seed, seed]
        for _ in range(1000):
            md = [md[1], md[2], hashlib.new(name, md[0] + md[1] + md[2]).digest()]
        seed = md[2]
        checkpoints.append(seed.hex())
    return checkpoints

seed512 = hashlib.sha512(b"PureJWT SHA-512 Monte Carlo seed").digest()
seed384 = hashlib.sha384(b"PureJWT SHA-384 Monte Carlo seed").digest()

examples = [
    {"message": "abc", "repeat": 1,
     "sha384": "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
     "sha512": "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"message": "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", "repeat": 1,
     "sha384": "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
     "sha512": "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {"message": "a", "repeat": 1_000_000,
     "sha384": "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
     "sha512": "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
]
for example in examples:
    message = example["message"].encode() * example["repeat"]
    assert hashlib.sha384(message).hexdigest() == example["sha384"], example["message"]
    assert hashlib.sha512(message).hexdigest() == example["sha512"], example["message"]

out = {
    "generator": "generate_sha512_vectors.py (Python hashlib)",
    "pattern": "(i * 7 + 3) mod 256",
    "lengths": cases,
    "monte": {"sha384": {"seed": seed384.hex(), "checkpoints": monte("sha384", seed384)},
              "sha512": {"seed": seed512.hex(), "checkpoints": monte("sha512", seed512)}},
    "fips180Examples": examples,
}
pathlib.Path(__file__).with_name("sha384_sha512_vectors.json").write_text(json.dumps(out, indent=1) + "\n")
