#!/usr/bin/env python3
"""Writes p521_arithmetic.json: products, sums, differences and inverses modulo P-521's p = 2^521 - 1
and its group order n, computed with Python integers (an implementation independent of PureP521), on
operands that stress the carry chains and the folds: 0, 1, m - 1, m - 2, powers of two near 2^64·k and
2^521, all-ones limbs, long runs of equal bits, and pseudorandom values from a fixed seed."""
import json, random

p = 2**521 - 1
n = int(next(c for c in json.load(open("rfc6979_p384_p521.json"))["curves"] if c["curve"] == "P-521")["q"], 16)
assert n.bit_length() == 521 and n < p < 2 * n

def operands(m):
    values = {0, 1, 2, m - 1, m - 2, m // 2, (m + 1) // 2}
    for k in range(0, 521, 29):
        values.update({2**k % m, (2**k - 1) % m, (2**k + 1) % m})
    for k in range(1, 9):
        values.add((2**(64 * k) - 1) % m)
        values.add(2**(64 * k) % m)
    values.add(int("5" * 130, 16) % m)
    values.add(int("a" * 130, 16) % m)
    rng = random.Random(521)
    values.update(rng.randrange(m) for _ in range(12))
    return sorted(values)

def hexs(x):
    return "%0132x" % x

out = {"source": "generate_p521_arithmetic.py (Python integers)", "moduli": {}}
for name, m in (("p", p), ("n", n)):
    ops = operands(m)
    rng = random.Random(1 + len(name))
    pairs = [(a, b) for a in ops[:14] for b in ops[:14]] + [(rng.choice(ops), rng.choice(ops)) for _ in range(60)]
    out["moduli"][name] = {
        "pairs": [{"a": hexs(a), "b": hexs(b), "sum": hexs((a + b) % m), "difference": hexs((a - b) % m),
                   "product": hexs(a * b % m)} for a, b in pairs],
        "inverses": [{"a": hexs(a), "inverse": hexs(pow(a, -1, m))} for a in ops if a != 0],
    }
json.dump(out, open("p521_arithmetic.json", "w"), indent=1)
print(sum(len(v["pairs"]) for v in out["moduli"].values()), "pairs")
