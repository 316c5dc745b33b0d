#!/usr/bin/env python3
"""Writes field_scalar_vectors.json: P-256 field (mod p) and scalar (mod n) results computed with Python's
integers, independent of PureP256. Deterministic: random.Random(256). Edge values 0, 1, m − 1 included."""
import json, pathlib, random

p = 2**256 - 2**224 + 2**192 + 2**96 - 1
n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
rng = random.Random(256)
h = lambda v: format(v, "064x")

def cases(m, with_sqrt):
    values = [0, 1, 2, m - 1, m - 2, 2**255, 2**64 - 1] + [rng.randrange(m) for _ in range(40)]
    out = []
    for i, a in enumerate(values):
        b = values[(i * 7 + 3) % len(values)]
        case = {"a": h(a), "b": h(b), "sum": h((a + b) % m), "difference": h((a - b) % m), "product": h(a * b % m),
                "inverse": h(pow(a, m - 2, m)), "half": h(a * pow(2, -1, m) % m)}
        if with_sqrt:
            root = pow(a, (p + 1) // 4, p)
            case["sqrt"] = h(root) if root * root % p == a else None
        out.append(case)
    return out

path = pathlib.Path(__file__).with_name("field_scalar_vectors.json")
path.write_text(json.dumps({"generator": "generate_field_vectors.py (Python integers)",
                            "field": cases(p, True), "scalar": cases(n, False)}, indent=1) + "\n")
