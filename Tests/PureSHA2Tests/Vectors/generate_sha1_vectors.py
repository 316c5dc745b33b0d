#!/usr/bin/env python3
"""Writes sha1_vectors.json beside this script: SHA-1 digests computed by Python's hashlib
(OpenSSL underneath), an implementation independent of PureSHA2's Insecure.SHA1, over messages of every
length from 0 to 300 bytes (each block boundary and the padding edges 55, 56, 63, 64 among them) and a few
long ones. The bytes are a fixed pseudo-random stream (seed 1), so the file is the same on every run."""
import hashlib, json, os, random

rng = random.Random(1)
cases = []
for length in list(range(0, 301)) + [1000, 4095, 4096, 4097]:
    message = bytes(rng.getrandbits(8) for _ in range(length))
    cases.append({"message": message.hex(), "sha1": hashlib.sha1(message).hexdigest()})
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sha1_vectors.json")
with open(out, "w") as f:
    json.dump({"about": "SHA-1 by Python hashlib over a fixed pseudo-random stream; Tests/PureSHA2Tests/Vectors/generate_sha1_vectors.py",
               "cases": cases}, f, indent=0)
    f.write("\n")
print(f"{len(cases)} cases -> {out}")
