#!/usr/bin/env python3
"""Writes sha256_lengths.json: SHA-256 (Python hashlib, i.e. OpenSSL) of messages of length 0..520 (every tail length around runs of one to eight blocks),
where byte i of a message is (i * 7 + 3) mod 256. Independent of the code under test."""
import hashlib, json, pathlib

cases = []
for length in range(521):
    message = bytes((i * 7 + 3) % 256 for i in range(length))
    cases.append({"length": length, "sha256": hashlib.sha256(message).hexdigest()})
out = {"generator": "generate_sha256_lengths.py (Python hashlib)", "pattern": "(i * 7 + 3) mod 256", "cases": cases}
path = pathlib.Path(__file__).with_name("sha256_lengths.json")
path.write_text(json.dumps(out, indent=1) + "\n")
