#!/usr/bin/env python3
"""Writes p384_arithmetic.json: products, sums, differences and inverses modulo P-384's p and n computed
with Python integers, for extreme operands (0, 1, 2, m - 1, m - 2, powers of two and their neighbours,
values with long runs of one or zero bits, the limbs' boundaries) and pseudorandom ones. They check the
six-limb Montgomery arithmetic's carry chains, which random signatures rarely stress."""
import json, pathlib, random

P = 2**384 - 2**128 - 2**96 + 2**32 - 1
N = 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973
rng = random.Random(0x384)

def extremes(m):
    values = {0, 1, 2, 3, m - 1, m - 2, m - 3, (m - 1) // 2, (m + 1) // 2}
    for k in list(range(0, 384, 32)) + [63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 319, 320, 382, 383]:
        for v in (2**k - 1, 2**k, 2**k + 1):
            if 0 <= v < m:
                values.add(v)
    for limb in range(6):
        values.add(((2**64 - 1) << (64 * limb)) % m)
    values.add(int("f" * 48 + "0" * 48, 16) % m)
    values.add(int("0" * 48 + "f" * 48, 16) % m)
    return sorted(values)

def cases(m):
    values = extremes(m) + [rng.randrange(m) for _ in range(10)]
    # Products against four columns; sums and differences against m - 1, the value that wraps.
    columns = [m - 1, 2**383 % m, ((2**64 - 1) << 128) % m, values[-1]]
    pairs = []
    for a in values:
        for b in columns:
            pair = {"a": "%x" % a, "b": "%x" % b, "product": "%x" % (a * b % m)}
            if b == m - 1:
                pair.update({"sum": "%x" % ((a + b) % m), "difference": "%x" % ((a - b) % m)})
            pairs.append(pair)
    return {"values": [{"a": "%x" % a, **({"inverse": "%x" % pow(a, -1, m)} if a else {})} for a in values], "pairs": pairs}

out = {"generator": "generate_p384_arithmetic.py (Python integers)", "p": cases(P), "n": cases(N)}
pathlib.Path(__file__).with_name("p384_arithmetic.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
print(len(out["p"]["values"]), len(out["p"]["pairs"]))
