#!/usr/bin/env python3
"""Writes Tests/PurePKCS12Tests/Vectors/pkcs12.json: PKCS#12 files made by independent implementations —
Python cryptography (PBES2 AES-256-CBC with PBKDF2-HMAC-SHA-256 and an HMAC-SHA-256 MAC; pbeWithSHAAnd3-
KeyTripleDES-CBC with an HMAC-SHA-1 MAC) and the OpenSSL command line (its default; Triple DES as Keychain
Access writes; no MAC; certificates unencrypted; an unsupported RC2 scheme) — holding the Apple Pay test
merchants' certificates and keys (Tests/ApplePayTests/Vectors/apple_pay_tokens.json), with the
certificates and PKCS#8 keys each must give. Also known answers for the PKCS#12 key derivation (`openssl
kdf ... PKCS12KDF`) and for Triple DES in CBC mode (Python cryptography's decrepit TripleDES).

    python3 scripts/crosscheck/pkcs12-files.py      # from the repository root; needs the openssl command

Randomness (salts, IVs, keys) makes each run's output different; the committed file is one run. Not part of
the test suite.
"""
import base64, json, os, pathlib, subprocess, tempfile
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
from cryptography.hazmat.primitives.ciphers import Cipher, modes

root = pathlib.Path(__file__).resolve().parent.parent.parent
tokens = json.loads((root / "Tests" / "ApplePayTests" / "Vectors" / "apple_pay_tokens.json").read_text())
out = root / "Tests" / "PurePKCS12Tests" / "Vectors" / "pkcs12.json"
PASSWORD = "correct horse battery staple"

def pkcs8_der(pem):
    key = serialization.load_pem_private_key(pem.encode(), None)
    return key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())

def cert_der(pem):
    return x509.load_pem_x509_certificate(pem.encode()).public_bytes(serialization.Encoding.DER)

files = []
def entry(name, description, data, merchant, password=PASSWORD, expected="ok", maker=""):
    m = tokens["merchants"][merchant]
    files.append({"name": name, "description": description, "maker": maker, "password": password,
                  "p12": base64.b64encode(data).decode(), "merchant": merchant, "expected": expected,
                  "certificates": [base64.b64encode(cert_der(m["certificate"])).decode()],
                  "privateKeys": [base64.b64encode(pkcs8_der(m["keyPKCS8"])).decode()]})

for merchant in ("ec", "rsa"):
    m = tokens["merchants"][merchant]
    key = serialization.load_pem_private_key(m["keyPKCS8"].encode(), None)
    cert = x509.load_pem_x509_certificate(m["certificate"].encode())
    aes = (serialization.PrivateFormat.PKCS12.encryption_builder().kdf_rounds(20000)
           .key_cert_algorithm(pkcs12.PBES.PBESv2SHA256AndAES256CBC).hmac_hash(hashes.SHA256()).build(PASSWORD.encode()))
    entry(f"cryptography-aes-{merchant}", "PBES2 AES-256-CBC, PBKDF2-HMAC-SHA-256, HMAC-SHA-256 MAC",
          pkcs12.serialize_key_and_certificates(b"merchant", key, cert, None, aes), merchant, maker="Python cryptography")
    des = (serialization.PrivateFormat.PKCS12.encryption_builder().kdf_rounds(2048)
           .key_cert_algorithm(pkcs12.PBES.PBESv1SHA1And3KeyTripleDESCBC).hmac_hash(hashes.SHA1()).build(PASSWORD.encode()))
    entry(f"cryptography-3des-{merchant}", "pbeWithSHAAnd3-KeyTripleDES-CBC, HMAC-SHA-1 MAC",
          pkcs12.serialize_key_and_certificates(b"merchant", key, cert, None, des), merchant, maker="Python cryptography")

def openssl(name, description, merchant, options, password=PASSWORD, expected="ok"):
    m = tokens["merchants"][merchant]
    with tempfile.TemporaryDirectory() as directory:
        d = pathlib.Path(directory)
        (d / "cert.pem").write_text(m["certificate"]); (d / "key.pem").write_text(m["keyPKCS8"])
        subprocess.run(["openssl", "pkcs12", "-export", "-in", d / "cert.pem", "-inkey", d / "key.pem", "-out", d / "out.p12",
                        "-passout", "pass:" + password] + options, check=True, capture_output=True)
        entry(name, description, (d / "out.p12").read_bytes(), merchant, password=password, expected=expected, maker="OpenSSL 3.0 command line")

openssl("openssl-default-ec", "openssl pkcs12 -export defaults (PBES2 AES-256-CBC, SHA-256 MAC)", "ec", [])
openssl("openssl-3des-ec", "Triple DES for key and certificate, SHA-1 MAC (as Keychain Access writes)", "ec",
        ["-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1"])
openssl("openssl-3des-rsa", "Triple DES, SHA-1 MAC, RSA merchant", "rsa", ["-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1"])
openssl("openssl-nomac-ec", "no MAC (integrity from the padding and structure only)", "ec", ["-nomac"])
openssl("openssl-3des-nomac-ec", "Triple DES and no MAC (the tests rename its scheme to RC2 to see it refused by name)", "ec",
        ["-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-nomac"])
openssl("openssl-plain-certificate-ec", "certificate unencrypted, key PBES2 with AES-128", "ec", ["-certpbe", "NONE", "-keypbe", "AES-128-CBC"])
openssl("openssl-empty-password-ec", "the empty password", "ec", [], password="")
openssl("openssl-unicode-password-ec", "a password with non-ASCII characters", "ec", [], password="pässwörd ☃")
# A wrong password, and RC2 (what -legacy writes for certificates), refused.
wrong = dict(files[0]); wrong = {**files[0], "name": "wrong-password", "description": "the right file, the wrong password",
                                 "password": "incorrect", "expected": "wrongPassword"}
files.append(wrong)
wrong_nomac = {**next(f for f in files if f["name"] == "openssl-nomac-ec"), "name": "wrong-password-no-mac",
               "description": "no MAC and the wrong password: the padding or the structure tells", "password": "incorrect",
               "expected": "wrongPassword"}
files.append(wrong_nomac)
try:
    openssl("openssl-rc2-ec", "RC2-40 for the certificate (refused by name)", "ec", ["-certpbe", "PBE-SHA1-RC2-40", "-keypbe", "PBE-SHA1-3DES"],
            expected="unsupportedAlgorithm")
except subprocess.CalledProcessError:
    pass   # RC2 needs OpenSSL's legacy provider; without it there is no such file to test

# PKCS#12 key derivation known answers (RFC 7292 Appendix B) from OpenSSL's implementation, given the
# password as its BMPString (UTF-16BE and two zero bytes, B.1): `openssl kdf` takes the bytes as they are.
kdf = []
for digest, purpose, length, password, salt, iterations in [("SHA1", 1, 24, "smeg", "0a58cf64530d823f", 1), ("SHA1", 2, 8, "smeg", "0a58cf64530d823f", 1),
                                                             ("SHA1", 3, 20, "queeg", "3d83c0e4546ac140", 1000), ("SHA256", 3, 32, PASSWORD, "0102030405060708", 2048),
                                                             ("SHA1", 1, 24, PASSWORD, os.urandom(20).hex(), 2048), ("SHA512", 1, 100, "x", os.urandom(8).hex(), 3)]:
    result = subprocess.run(["openssl", "kdf", "-keylen", str(length), "-kdfopt", "digest:" + digest, "-kdfopt", "hexpass:" + (password.encode("utf-16-be") + b"\0\0").hex(),
                             "-kdfopt", "hexsalt:" + salt, "-kdfopt", f"iter:{iterations}", "-kdfopt", f"id:{purpose}", "PKCS12KDF"],
                            check=True, capture_output=True, text=True).stdout.strip().replace(":", "").lower()
    kdf.append({"digest": digest, "id": purpose, "password": password, "salt": salt, "iterations": iterations, "output": result})

# Triple DES CBC known answers.
des = []
for blocks in (1, 2, 7):
    key, iv, plaintext = os.urandom(24), os.urandom(8), os.urandom(8 * blocks)
    encryptor = Cipher(TripleDES(key), modes.CBC(iv)).encryptor()
    des.append({"key": key.hex(), "iv": iv.hex(), "plaintext": plaintext.hex(), "ciphertext": (encryptor.update(plaintext) + encryptor.finalize()).hex()})
# FIPS 46-3's classic example as single DES (K1 = K2 = K3), one block from a zero IV.
des.append({"key": "133457799bbcdff1" * 3, "iv": "0000000000000000", "plaintext": "0123456789abcdef", "ciphertext": "85e813540f0ab405"})

out.parent.mkdir(parents=True, exist_ok=True)
out.write_text(json.dumps({"source": "scripts/crosscheck/pkcs12-files.py", "files": files, "pkcs12KeyDerivation": kdf, "tripleDESCBC": des}, indent=1) + "\n")
print(f"wrote {len(files)} files, {len(kdf)} derivations, {len(des)} Triple DES cases")
