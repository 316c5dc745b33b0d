#!/usr/bin/env python3
"""Writes bigint_vectors.json: expected results of big-integer operations computed with Python's own
integers (independent of PureBigInt). Deterministic: random.Random(20261122). Values are hex strings."""
import itertools, json, math, pathlib, random

rng = random.Random(20261122)
sizes = [1, 2, 7, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 511, 512, 1023, 1024, 2047, 2048, 3072, 4096, 8192]

def number(bits, kind):
    if kind == "random":
        return rng.getrandbits(bits) | (1 << (bits - 1))
    if kind == "ones":            # every bit set: carries ripple through every limb
        return (1 << bits) - 1
    if kind == "power":           # a single bit: limb boundaries
        return 1 << (bits - 1)
    if kind == "sparse":
        return (1 << (bits - 1)) | 1

h = lambda v: format(v, "x")
arith = []
for a_bits in sizes:
    for kind in ["random", "ones", "power", "sparse"]:
        a = number(a_bits, kind)
        b_bits = rng.choice([s for s in sizes if s <= max(a_bits, 64)])
        b = number(b_bits, rng.choice(["random", "ones", "random", "sparse"]))
        shift = rng.choice([0, 1, 63, 64, 65, 100, 200])
        arith.append({
            "a": h(a), "b": h(b), "sum": h(a + b), "difference": h(abs(a - b)), "product": h(a * b),
            "quotient": h(a // b), "remainder": h(a % b), "shift": shift, "left": h(a << shift), "right": h(a >> shift),
            "and": h(a & b), "or": h(a | b), "xor": h(a ^ b), "gcd": h(math.gcd(a, b)),
            "decimal": str(a), "base36": "",
        })

def base(v, r):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if v == 0: return "0"
    out = []
    while v:
        v, d = divmod(v, r)
        out.append(digits[d])
    return "".join(reversed(out))

for case in arith:
    case["base36"] = base(int(case["a"], 16), 36)
    case["base7"] = base(int(case["a"], 16), 7)

modular = []
for bits in [64, 128, 256, 521, 1024, 2048, 3072, 4096]:
    for _ in range(3):
        m = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        base_value = rng.getrandbits(bits + 5)          # may exceed the modulus
        exponent = rng.choice([65537, 3, rng.getrandbits(bits), (1 << bits) - 1])
        inverse = None
        x = rng.getrandbits(bits) % m
        if math.gcd(x, m) == 1:
            inverse = pow(x, -1, m)
        modular.append({"modulus": h(m), "base": h(base_value), "exponent": h(exponent),
                        "power": h(pow(base_value, exponent, m)), "x": h(x),
                        "inverse": h(inverse) if inverse is not None else None})
# Even moduli go through the non-Montgomery path.
for bits in [64, 200, 1024]:
    m = rng.getrandbits(bits) & ~1 | (1 << (bits - 1))
    base_value = rng.getrandbits(bits)
    exponent = rng.getrandbits(bits)
    modular.append({"modulus": h(m), "base": h(base_value), "exponent": h(exponent),
                    "power": h(pow(base_value, exponent, m)), "x": h(3), "inverse": h(pow(3, -1, m)) if math.gcd(3, m) == 1 else None})

# The sliding window of MontgomeryContext.powerVartime widens with the exponent (3, 4, 5 or 6 bits; see
# PureBigInt's Montgomery.swift): exponents on both sides of each threshold. A generator of their own, so
# that the vectors above and below stay as they were.
edge_rng = random.Random(20261123)
for exponent_bits in [65, 79, 80, 239, 240, 671, 672]:
    m = edge_rng.getrandbits(1024) | (1 << 1023) | 1
    base_value = edge_rng.getrandbits(1024)
    exponent = edge_rng.getrandbits(exponent_bits) | (1 << (exponent_bits - 1))
    x = edge_rng.getrandbits(1024) % m
    inverse = pow(x, -1, m) if math.gcd(x, m) == 1 else None
    modular.append({"modulus": h(m), "base": h(base_value), "exponent": h(exponent),
                    "power": h(pow(base_value, exponent, m)), "x": h(x),
                    "inverse": h(inverse) if inverse is not None else None})

signed = []
for _ in range(60):
    bits_a, bits_b = rng.choice(sizes[:16]), rng.choice(sizes[:12])
    a = rng.getrandbits(bits_a) * rng.choice([1, -1])
    b = (rng.getrandbits(bits_b) | 1) * rng.choice([1, -1])
    s = rng.choice([0, 1, 3, 64, 70])
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)   # truncating, as Swift
    r = a - q * b
    signed.append({"a": str(a), "b": str(b), "sum": str(a + b), "difference": str(a - b), "product": str(a * b),
                   "quotient": str(q), "remainder": str(r), "shift": s, "right": str(a >> s), "left": str(a << s),
                   "and": str(a & b), "or": str(a | b), "xor": str(a ^ b), "not": str(~a)})

# Products of two operands of the same even limb count go through subtractive Karatsuba (PureBigInt's
# KaratsubaMultiplication.swift), which takes |a0 − a1| and |b0 − b1| with their signs: halves ordered
# every way, equal halves (a zero difference) and all-ones values, at limb counts that split once, twice
# and three times, and at ones whose halves are odd (which go to the schoolbook product below).
product_rng = random.Random(20261124)
def halves(limbs, order):
    half_bits = 32 * limbs
    low, high = product_rng.getrandbits(half_bits), product_rng.getrandbits(half_bits)
    if order == "equal": high = low
    elif (order == "low-larger") != (low >= high): low, high = high, low
    return (high << half_bits | low) | (1 << (64 * limbs - 1))   # exactly `limbs` limbs
products = []
for limbs in [32, 34, 64, 128]:
    for a_order, b_order in [("low-larger", "low-larger"), ("low-larger", "high-larger"),
                             ("high-larger", "low-larger"), ("high-larger", "high-larger"), ("equal", "high-larger")]:
        a, b = halves(limbs, a_order), halves(limbs, b_order)
        products.append({"a": h(a), "b": h(b), "product": h(a * b)})
    ones = (1 << (64 * limbs)) - 1
    products.append({"a": h(ones), "b": h(ones), "product": h(ones * ones)})
# The rare carry: adding the middle term at limb n/2 overflows limb 3n/2 and runs on above it (about
# 2^−64 for random operands). The first operands, in this order of half values, that do it at 32 and 64
# limbs.
def middle_term_carries(a, b, limbs):
    half = 1 << (32 * limbs)
    a0, a1, b0, b1 = a % half, a // half, b % half, b // half
    low_and_high = a0 * b0 + a1 * b1 * half * half
    middle = a0 * b1 + a1 * b0
    span = 1 << (64 * limbs)
    carry = ((low_and_high // half) % span + middle % span) // span
    limb = (low_and_high >> (64 * (limbs + limbs // 2))) % (1 << 64)
    return limb + middle // span + carry >= 1 << 64
for limbs in [32, 64]:
    half = 1 << (32 * limbs)
    values = [half - 1, half - 2, half // 2, half - (1 << 64), 1, half // 2 + 1]
    found = 0
    for a0, a1, b0, b1 in itertools.product(values, repeat=4):
        a, b = a1 * half + a0, b1 * half + b0
        if a.bit_length() == b.bit_length() == 64 * limbs and middle_term_carries(a, b, limbs):
            products.append({"a": h(a), "b": h(b), "product": h(a * b)})
            found += 1
            if found == 2: break

# MontgomeryContext.scaledPowerVartime: base^e · R^(−f(e)) mod m, R = 2^(64·limbs), where f starts at 0
# for e's leading bit, a squaring maps f to 2f + 1 and a multiplication by the base to f + 1; and
# multiplyAddReducedVartime: (a + small·b) · 2^(−64·j) mod m for the j limbs of `small`
# (PureBigInt's MontgomeryScaledPower.swift, used by RSA verification); scaledPowerVectorKernels is the same
# with R = 2^(b·L), what MontgomeryRadix28Power.swift computes.
scaled_rng = random.Random(20261125)
def scale_exponent(e):
    f = 0
    for bit in bin(e)[3:]:
        f = 2 * f + 1 + (bit == "1")
    return f
scaled = []
for limbs in [1, 2, 3, 4, 5, 17, 32, 33, 64]:
    m = scaled_rng.getrandbits(64 * limbs) | (1 << (64 * limbs - 1)) | 1
    if limbs == 32:
        m = (1 << 2048) - 1                       # all ones: the carries of every round at their largest
    r = 1 << (64 * limbs)
    # Where the vector kernels run (2048- and 4096-bit moduli on x86-64), R = 2^(b·L): b = 28 bits a limb,
    # L = ⌈(64·limbs + 2)/28⌉, while L ≤ 127, else b = 27 and L = ⌈(64·limbs + 2)/27⌉.
    limbs28 = (64 * limbs + 2 + 27) // 28
    r_vector = 1 << (28 * limbs28 if limbs28 <= 127 else 27 * ((64 * limbs + 2 + 26) // 27))
    for e in [1, 3, 65537, scaled_rng.getrandbits(33) | (1 << 32) | 1]:
        base_value = scaled_rng.choice([0, 1, m - 1, scaled_rng.getrandbits(64 * limbs) % m])
        j = scaled_rng.choice([1, 2, 4])
        a, b = scaled_rng.getrandbits(64 * limbs) % m, scaled_rng.choice([m - 1, scaled_rng.getrandbits(64 * limbs) % m])
        small = scaled_rng.choice([(1 << (64 * j)) - 1, scaled_rng.getrandbits(64 * j)])
        scaled.append({"modulus": h(m), "base": h(base_value), "exponent": h(e),
                       "scaledPower": h(pow(base_value, e, m) * pow(r, -scale_exponent(e), m) % m),
                       "scaledPowerVectorKernels": h(pow(base_value, e, m) * pow(r_vector, -scale_exponent(e), m) % m),
                       "a": h(a), "b": h(b), "small": h(small), "smallLimbs": j,
                       "multiplyAddReduced": h((a + small * b) * pow(2, -64 * j, m) % m)})

path = pathlib.Path(__file__).with_name("bigint_vectors.json")
path.write_text(json.dumps({"generator": "generate_bigint_vectors.py (Python integers)", "arithmetic": arith,
                            "modular": modular, "signed": signed, "products": products,
                            "scaled": scaled}, indent=0) + "\n")
