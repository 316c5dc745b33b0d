#!/usr/bin/env python3
"""Writes Tests/PureCurve448Tests/Vectors/curve448_vectors.json: Ed448 (RFC 8032 §5.2) and X448 (RFC 7748)
keys, signatures, shared secrets and refusals for PureCurve448's tests, made by independent code: Python
`cryptography` (OpenSSL underneath) and a small pure-Python RFC 8032 reference in this file (Python's
integers, affine formulas), which is checked against `cryptography` before it is trusted. No Wycheproof
Ed448 or X448 file is in ../shared/vectors.

- rfc8032: RFC 8032 §7.4's pure Ed448 vectors as transcribed in cloudflare/circl's rfc8032_test.go
  (blank, 1 octet, 1 octet with context "foo", 11 octets), each re-derived here;
- keys: 57-byte secrets (edge and random) with the public key, PKCS#8 and SPKI DER as `cryptography`
  writes them;
- signatures: deterministic signatures of several messages by each key (`cryptography`), and with
  contexts (the reference: `cryptography` has no Ed448 context); corrupted copies (a flipped bit of R or
  of S, S + L, a changed message, a truncated signature) whose verdict is OpenSSL's;
- cofactor: signatures whose R carries a small-order component (R = [r]B + T, S = r + k·s), which the
  cofactored equation accepts and the cofactorless one refuses; OpenSSL's verdict is recorded;
- invalidPublicKeys: encodings RFC 8032 §5.2.3 refuses (y ≥ p, bits 448–454 set, no square root,
  x = 0 with the sign bit), by the reference's decoder;
- x448: RFC 7748 §5.2's two vectors and iterated results (1, 1,000 and 1,000,000 iterations: the last as
  published, the first two recomputed), §6.2's key exchange, random pairs (`cryptography`), u ≥ p inputs
  and small-order inputs whose result is all zeros (the reference ladder);
- field and scalar: products, squares, sums, differences and inverses mod p of extreme operands, and
  114-byte reductions and r + k·s mod L, by Python's integers.

    python3 scripts/crosscheck/curve448-vectors.py     # from the repository root

Random keys change on each run; the committed output is what the tests use.
"""
import hashlib, json, pathlib, secrets
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed448, x448
from cryptography.exceptions import InvalidSignature

root = pathlib.Path(__file__).resolve().parent.parent.parent
out = root / "Tests/PureCurve448Tests/Vectors/curve448_vectors.json"
p = 2**448 - 2**224 - 1
L = 2**446 - 13818066809895115352007386748515426880336692474882178609894547503885
d = (-39081) % p
Bx = 224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282578032075146446173674602635247710
By = 298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660
identity = (0, 1)

# --- the reference: RFC 8032 §5.2 with affine points --------------------------------------------------

def add(P, Q):
    (x1, y1), (x2, y2) = P, Q
    t = d * x1 * x2 * y1 * y2 % p
    return ((x1 * y2 + y1 * x2) * pow(1 + t, -1, p) % p, (y1 * y2 - x1 * x2) * pow(1 - t, -1, p) % p)

def mul(k, P):
    R = identity
    while k:
        if k & 1: R = add(R, P)
        P, k = add(P, P), k >> 1
    return R

def encode(P):
    x, y = P
    return (y | ((x & 1) << 455)).to_bytes(57, "little")

def decode(b):
    if len(b) != 57: return None
    v = int.from_bytes(b, "little")
    sign, y = v >> 455, v & ((1 << 455) - 1)
    if y >= p: return None
    u, w = (y * y - 1) % p, (d * y * y - 1) % p
    x = u**3 * w * pow(u**5 * w**3, (p - 3) // 4, p) % p
    if w * x * x % p != u: return None
    if x == 0 and sign == 1: return None
    if x & 1 != sign: x = p - x
    return (x, y)

def shake(data):
    return hashlib.shake_256(data).digest(114)

def dom4(context):
    return b"SigEd448" + bytes([0, len(context)]) + context

def expand(secret):
    h = shake(secret)
    s = bytearray(h[:57]); s[0] &= 0xFC; s[56] = 0; s[55] |= 0x80
    return int.from_bytes(s, "little"), h[57:]

def public_key(secret):
    return encode(mul(expand(secret)[0], (Bx, By)))

def sign(secret, message, context=b""):
    s, prefix = expand(secret)
    A = encode(mul(s, (Bx, By)))
    r = int.from_bytes(shake(dom4(context) + prefix + message), "little") % L
    R = encode(mul(r, (Bx, By)))
    k = int.from_bytes(shake(dom4(context) + R + A + message), "little") % L
    return R + ((r + k * s) % L).to_bytes(57, "little")

def verify_cofactored(public, message, signature, context=b""):
    if len(signature) != 114: return False
    A, R = decode(public), decode(signature[:57])
    S = int.from_bytes(signature[57:], "little")
    if A is None or R is None or S >= L: return False
    k = int.from_bytes(shake(dom4(context) + signature[:57] + public + message), "little") % L
    lhs = mul(4 * S, (Bx, By))
    rhs = add(mul(4, R), mul(4 * k, A))
    return lhs == rhs

def x448_ladder(k, u):
    k = bytearray(k); k[0] &= 252; k[55] |= 128
    k, x1 = int.from_bytes(k, "little"), int.from_bytes(u, "little") % p
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in reversed(range(448)):
        bit = (k >> t) & 1
        if swap ^ bit: x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        A, B, C, D = x2 + z2, x2 - z2, x3 + z3, x3 - z3
        AA, BB, DA, CB = A * A % p, B * B % p, D * A % p, C * B % p
        E = AA - BB
        x3, z3 = (DA + CB) ** 2 % p, x1 * (DA - CB) ** 2 % p
        x2, z2 = AA * BB % p, E * (AA + 39081 * E) % p
    if swap: x2, z2 = x3, z3
    return (x2 * pow(z2, p - 2, p) % p).to_bytes(56, "little")

def verdict(public, message, signature):
    try:
        ed448.Ed448PublicKey.from_public_bytes(public).verify(signature, message)
        return True
    except (InvalidSignature, ValueError):
        return False

# --- RFC 8032 §7.4 ------------------------------------------------------------------------------------

rfc8032 = [
    {"name": "blank",
     "secret": "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
     "publicKey": "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
     "message": "", "context": "",
     "signature": "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600"},
    {"name": "1 octet",
     "secret": "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
     "publicKey": "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
     "message": "03", "context": "",
     "signature": "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00"},
    {"name": "1 octet (with context)",
     "secret": "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
     "publicKey": "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
     "message": "03", "context": "666f6f",
     "signature": "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00"},
    {"name": "11 octets",
     "secret": "cd23d24f714274e744343237b93290f511f6425f98e64459ff203e8985083ffdf60500553abc0e05cd02184bdb89c4ccd67e187951267eb328",
     "publicKey": "dcea9e78f35a1bf3499a831b10b86c90aac01cd84b67a0109b55a36e9328b1e365fce161d71ce7131a543ea4cb5f7e9f1d8b00696447001400",
     "message": "0c3e544074ec63b0265e0c", "context": "",
     "signature": "1f0a8888ce25e8d458a21130879b840a9089d999aaba039eaf3e3afa090a09d389dba82c4ff2ae8ac5cdfb7c55e94d5d961a29fe0109941e00b8dbdeea6d3b051068df7254c0cdc129cbe62db2dc957dbb47b51fd3f213fb8698f064774250a5028961c9bf8ffd973fe5d5c206492b140e00"},
]
for v in rfc8032:
    secret, message, context = (bytes.fromhex(v[k]) for k in ("secret", "message", "context"))
    assert public_key(secret).hex() == v["publicKey"], v["name"]
    assert sign(secret, message, context).hex() == v["signature"], v["name"]
    if not context:
        assert ed448.Ed448PrivateKey.from_private_bytes(secret).sign(message).hex() == v["signature"], v["name"]

# --- keys and signatures --------------------------------------------------------------------------

secrets_list = [bytes(57), bytes([0xFF] * 57), bytes(range(57))] + [secrets.token_bytes(57) for _ in range(7)]
messages = [b"", b"\x00", b"abc", bytes(range(57)), secrets.token_bytes(114), secrets.token_bytes(300),
            b"eyJhbGciOiJFZDQ0OCJ9.eyJzdWIiOiIxMjM0In0"]
keys, signatures = [], []
for index, secret in enumerate(secrets_list):
    key = ed448.Ed448PrivateKey.from_private_bytes(secret)
    public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    assert public == public_key(secret)
    keys.append({
        "secret": secret.hex(), "publicKey": public.hex(),
        "pkcs8": key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).hex(),
        "spki": key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex(),
    })
    for message in messages[index % 3::2] if index > 2 else messages:
        signature = key.sign(message)
        assert signature == sign(secret, message)
        signatures.append({"key": index, "message": message.hex(), "context": "", "signature": signature.hex(), "valid": True})
    for context in (b"foo", bytes(range(255))):
        message = messages[index % len(messages)]
        signature = sign(secret, message, context)
        assert verify_cofactored(public, message, signature, context)
        signatures.append({"key": index, "message": message.hex(), "context": context.hex(), "signature": signature.hex(), "valid": True})
        # The same signature is not valid without its context, nor under another.
        signatures.append({"key": index, "message": message.hex(), "context": "", "signature": signature.hex(), "valid": False})
        signatures.append({"key": index, "message": message.hex(), "context": context[:-1].hex(), "signature": signature.hex(), "valid": False})

corrupted = []
for v in [s for s in signatures if s["valid"] and s["context"] == ""][:12]:
    public = bytes.fromhex(keys[v["key"]]["publicKey"])
    message, signature = bytes.fromhex(v["message"]), bytes.fromhex(v["signature"])
    S = int.from_bytes(signature[57:], "little")
    variants = {
        "flipped bit of R": signature[:5] + bytes([signature[5] ^ 0x10]) + signature[6:],
        "flipped bit of S": signature[:60] + bytes([signature[60] ^ 0x01]) + signature[61:],
        "S + L": signature[:57] + (S + L).to_bytes(57, "little"),
        "changed message": None,
        "truncated": signature[:113],
        "last byte of S set": signature[:113] + b"\x01",
        "sign bit of R flipped": signature[:56] + bytes([signature[56] ^ 0x80]) + signature[57:],
    }
    for name, changed in variants.items():
        m = message + b"!" if changed is None else message
        sig = signature if changed is None else changed
        valid = verdict(public, m, sig)
        assert valid == verify_cofactored(public, m, sig), name
        assert not valid, name
        corrupted.append({"key": v["key"], "name": name, "message": m.hex(), "context": "", "signature": sig.hex(), "valid": valid})
signatures += corrupted

# Small-order components: T of order 2 and 4 added to R; S computed from the secret.
torsion = [(0, p - 1), (1, 0), (p - 1, 0)]
for point in torsion: assert mul(4, point) == identity and point != identity
cofactor = []
for index in (3, 4, 5):
    secret = bytes.fromhex(keys[index]["secret"])
    s, prefix = expand(secret)
    public = bytes.fromhex(keys[index]["publicKey"])
    for t, T in enumerate(torsion):
        message = b"small-order component %d" % t
        r = int.from_bytes(shake(bytes([index, t]) + prefix), "little") % L
        R = encode(add(mul(r, (Bx, By)), T))
        k = int.from_bytes(shake(dom4(b"") + R + public + message), "little") % L
        signature = R + ((r + k * s) % L).to_bytes(57, "little")
        assert verify_cofactored(public, message, signature)
        cofactor.append({"key": index, "message": message.hex(), "context": "", "signature": signature.hex(),
                         "valid": verdict(public, message, signature)})

# --- invalid public keys --------------------------------------------------------------------------

invalid = []
def add_invalid(name, encoding):
    assert decode(encoding) is None, name
    invalid.append({"name": name, "publicKey": encoding.hex()})
add_invalid("y = p", p.to_bytes(57, "little"))
add_invalid("y = p + 1", (p + 1).to_bytes(57, "little"))
add_invalid("y = 2^448 − 1", (2**448 - 1).to_bytes(57, "little"))
add_invalid("bit 448 set", (1 << 448 | 1).to_bytes(57, "little"))
add_invalid("bit 454 set", (1 << 454 | 1).to_bytes(57, "little"))
add_invalid("x = 0 with the sign bit (y = 1)", (1 | 1 << 455).to_bytes(57, "little"))
count = 0
for y in range(2, 200):
    if decode(y.to_bytes(57, "little")) is None:
        add_invalid("no square root (y = %d)" % y, y.to_bytes(57, "little")); count += 1
    if count == 4: break
valid_edge = []
for y in (1, p - 1):
    encoding = y.to_bytes(57, "little")
    assert decode(encoding) is not None
    valid_edge.append(encoding.hex())

# --- X448 -----------------------------------------------------------------------------------------

def cx448(k, u):
    return x448.X448PrivateKey.from_private_bytes(k).exchange(x448.X448PublicKey.from_public_bytes(u))

rfc7748 = [
    ("3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
     "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
     "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"),
    ("203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
     "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
     "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d"),
]
x448_cases = []
for k, u, r in rfc7748:
    assert cx448(bytes.fromhex(k), bytes.fromhex(u)).hex() == r and x448_ladder(bytes.fromhex(k), bytes.fromhex(u)).hex() == r
    x448_cases.append({"name": "RFC 7748 §5.2", "scalar": k, "u": u, "result": r})
iterated = {1: "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113",
            1000: "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38",
            1000000: "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37"}
k = u = bytes([5]) + bytes(55)
for i in range(1, 1001):
    k, u = cx448(k, u), k
    if i in iterated: assert k.hex() == iterated[i], i
alice = ("9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
         "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0")
bob = ("1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d",
       "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609")
shared = "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d"
base = (bytes([5]) + bytes(55)).hex()
for private, public in (alice, bob):
    assert cx448(bytes.fromhex(private), bytes.fromhex(base)).hex() == public
    x448_cases.append({"name": "RFC 7748 §6.2 public key", "scalar": private, "u": base, "result": public})
assert cx448(bytes.fromhex(alice[0]), bytes.fromhex(bob[1])).hex() == shared
x448_cases.append({"name": "RFC 7748 §6.2 shared secret (Alice)", "scalar": alice[0], "u": bob[1], "result": shared})
x448_cases.append({"name": "RFC 7748 §6.2 shared secret (Bob)", "scalar": bob[0], "u": alice[1], "result": shared})
for i in range(10):
    a, b = secrets.token_bytes(56), secrets.token_bytes(56)
    public_b = cx448(b, bytes.fromhex(base))
    x448_cases.append({"name": "random", "scalar": a.hex(), "u": public_b.hex(), "result": cx448(a, public_b).hex()})
for name, value in (("u = p + 2", p + 2), ("u = p + 3", p + 3), ("u = p + 5", p + 5), ("u = 2^448 − 1", 2**448 - 1)):
    a = secrets.token_bytes(56)
    u = value.to_bytes(56, "little")
    result = x448_ladder(a, u)
    assert result != bytes(56) and result == x448_ladder(a, (value % p).to_bytes(56, "little")), name
    x448_cases.append({"name": name, "scalar": a.hex(), "u": u.hex(), "result": result.hex()})
zero = []
for name, value in (("u = 0", 0), ("u = 1", 1), ("u = p − 1", p - 1), ("u = p (≡ 0)", p), ("u = p + 1 (≡ 1)", p + 1)):
    a = secrets.token_bytes(56)
    u = value.to_bytes(56, "little")
    assert x448_ladder(a, u) == bytes(56), name
    zero.append({"name": name, "scalar": a.hex(), "u": u.hex()})
x448_keys = []
for i in range(3):
    key = x448.X448PrivateKey.generate()
    x448_keys.append({
        "private": key.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()).hex(),
        "public": key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex(),
        "pkcs8": key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).hex(),
        "spki": key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex(),
    })

# --- field and scalar arithmetic ------------------------------------------------------------------

edges = [0, 1, 2, p - 1, p - 2, p, p + 1, 2**448 - 1, 2**224, 2**224 - 1, 2**224 + 1, 2**447, 2**56 - 1,
         2**392 - 1, sum(((2**56 - 1) << (56 * i)) for i in range(0, 8, 2))]
operands = edges + [secrets.randbelow(2**448) for _ in range(10)]
field = []
for a in operands:
    for b in operands[::3]:
        field.append({"a": a.to_bytes(56, "little").hex(), "b": b.to_bytes(56, "little").hex(),
                      "product": (a * b % p).to_bytes(56, "little").hex(), "sum": ((a + b) % p).to_bytes(56, "little").hex(),
                      "difference": ((a - b) % p).to_bytes(56, "little").hex()})
inverses = [{"a": a.to_bytes(56, "little").hex(), "inverse": (pow(a, p - 2, p)).to_bytes(56, "little").hex(),
             "square": (a * a % p).to_bytes(56, "little").hex()} for a in operands]
wide = [2**912 - 1, 0, L, 2 * L, L - 1, L * L, 2**896, 2**446, 2**448] + [secrets.randbelow(2**912) for _ in range(12)]
reductions = [{"wide": w.to_bytes(114, "little").hex(), "reduced": (w % L).to_bytes(57, "little").hex()} for w in wide]
multiply_add = []
for k_, s_, r_ in [(L - 1, 2**448 - 1, L - 1), (0, 2**447, 0), (1, 2**447, L - 1)] + \
        [(secrets.randbelow(L), secrets.randbelow(2**446) | 2**447, secrets.randbelow(L)) for _ in range(10)]:
    multiply_add.append({"k": k_.to_bytes(57, "little").hex(), "s": s_.to_bytes(56, "little").hex(),
                         "r": r_.to_bytes(57, "little").hex(), "result": ((r_ + k_ * s_) % L).to_bytes(57, "little").hex()})

json.dump({
    "source": "scripts/crosscheck/curve448-vectors.py (Python cryptography %s and a pure-Python RFC 8032 reference); RFC 8032 §7.4 and RFC 7748 §5.2, §6.2 vectors" % __import__("cryptography").__version__,
    "rfc8032": rfc8032, "keys": keys, "signatures": signatures, "cofactor": cofactor,
    "invalidPublicKeys": invalid, "validEdgePublicKeys": valid_edge,
    "x448": x448_cases, "x448Iterated": [{"iterations": n, "result": r} for n, r in iterated.items()],
    "x448ZeroResults": zero, "x448Keys": x448_keys,
    "field": field, "fieldInverses": inverses, "scalarReductions": reductions, "scalarMultiplyAdd": multiply_add,
}, open(out, "w"), indent=1)
print("wrote", out, len(signatures), "signatures", len(x448_cases), "x448 cases", len(field), "field cases")
