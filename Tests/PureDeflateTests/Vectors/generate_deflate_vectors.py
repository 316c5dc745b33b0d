#!/usr/bin/env python3
"""Writes deflate_vectors.json: inputs and their raw DEFLATE (RFC 1951) compressions by zlib (Python's
zlib module, wbits = -15), at levels and strategies that produce every block type: stored (level 0),
fixed Huffman (Z_FIXED), dynamic Huffman (the default), several blocks (inputs over one block's size, and
Z_FULL_FLUSH between parts), long matches and overlapping copies. Also JWE payloads as panva/jose and
joserfc compress them (zlib level 9, raw). Run from this folder; the output is committed, so the tests do
not need Python.
"""
import json, random, zlib

def raw(data, level=6, strategy=zlib.Z_DEFAULT_STRATEGY, flush_every=None):
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    if flush_every:
        out = b""
        for i in range(0, len(data), flush_every):
            out += c.compress(data[i:i + flush_every]) + c.flush(zlib.Z_FULL_FLUSH)
        return out + c.flush()
    return c.compress(data) + c.flush()

rng = random.Random(20261128)
claims = b'{"iss":"https://appleid.apple.com","aud":"com.example.app","exp":1795000000,"iat":1794990000,"sub":"001234.5678abcdef.0123","email":"user@example.com","email_verified":true}'
inputs = {
    "empty": b"",
    "one byte": b"a",
    "claims": claims,
    "repetitive": b"abc" * 2000,
    "run of zeros": bytes(40000),
    "random": bytes(rng.getrandbits(8) for _ in range(3000)),
    "text": (b"The quick brown fox jumps over the lazy dog. " * 40) + bytes(range(256)),
    "large mixed": b"".join(bytes(rng.choice(b"ABCDEFGH") for _ in range(rng.randint(1, 40))) * rng.randint(1, 30) for _ in range(150)),
}
cases = []
for name, data in inputs.items():
    for label, kwargs in [("level 0 (stored)", dict(level=0)), ("fixed codes", dict(strategy=zlib.Z_FIXED)),
                          ("level 6 (dynamic)", dict()), ("level 9", dict(level=9)), ("level 1", dict(level=1)),
                          ("full flush every 1000 bytes", dict(flush_every=1000))]:
        compressed = raw(data, **kwargs)
        assert zlib.decompress(compressed, -15) == data
        cases.append({"name": f"{name}, {label}", "plaintext": data.hex(), "compressed": compressed.hex()})
json.dump({"source": "Python zlib " + zlib.ZLIB_RUNTIME_VERSION + ", raw DEFLATE (wbits -15)", "cases": cases},
          open("deflate_vectors.json", "w"), indent=1)
print(len(cases), "cases")
