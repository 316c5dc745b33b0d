#!/usr/bin/env python3
"""RSA-2048 keys whose primes have different 64-bit limb counts (960 + 1088 bits: 15 and 17 limbs; 1025 + 1023
bits: 17 and 16), built with Python `cryptography` from primes that `openssl prime -generate` made, and their
PKCS#1 v1.5 SHA-256 signatures by `cryptography` (OpenSSL). PureRSA signs such keys by its general CRT path,
not the fixed-size one. Run from this folder; writes rsa_signing_unbalanced_primes.json (fresh primes on each
run; the committed file is one run's output)."""
import json, math, subprocess
from cryptography.hazmat.primitives.asymmetric import rsa, padding
from cryptography.hazmat.primitives import hashes, serialization as s

def prime(bits):
    return int(subprocess.run(["openssl", "prime", "-generate", "-bits", str(bits)], capture_output=True,
                              text=True, check=True).stdout.strip())

cases = []
for p_bits, q_bits in [(960, 1088), (1025, 1023)]:
    e = 65537
    while True:
        p, q = prime(p_bits), prime(q_bits)
        if (p * q).bit_length() == 2048 and math.gcd(e, (p - 1) * (q - 1)) == 1:
            break
    d = pow(e, -1, math.lcm(p - 1, q - 1))
    numbers = rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q), rsa.rsa_crt_iqmp(p, q),
                                    rsa.RSAPublicNumbers(e, p * q))
    key = numbers.private_key()
    messages = [b"", b"abc", b"eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1bmJhbGFuY2VkIn0"]
    cases.append({
        "prime_bits": [p_bits, q_bits],
        "pkcs8_pem": key.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()).decode(),
        "signatures": [{"message": m.hex(), "signature": key.sign(m, padding.PKCS1v15(), hashes.SHA256()).hex()}
                       for m in messages],
    })
json.dump({"source": "generate_rsa_unbalanced_vectors.py with openssl prime and Python cryptography (OpenSSL)",
           "cases": cases}, open("rsa_signing_unbalanced_primes.json", "w"), indent=1)
print(len(cases), "keys")
