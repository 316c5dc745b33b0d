#!/usr/bin/env python3
"""Writes x509_vectors.json: certificate chains and single certificates made with Python's `cryptography`
(OpenSSL), independent of the code under test, with the outcome each must have.

- "chains": a chain (leaf first, base64 DER), trust anchors, a time (seconds since 1970 UTC) and either
  "valid" or the error reason and the index of the certificate that fails (0 = leaf; the chain's length =
  the trust anchor). Valid chains: Apple-like (P-384 root and intermediate, ecdsa-with-SHA384, P-256 leaf),
  RSA (2048-bit root and intermediate, sha256/384/512WithRSAEncryption), a P-256 root signing with SHA-384,
  the root included at the end. Invalid ones change one thing each.
- "malformed": single certificates whose DER breaks a rule of RFC 5280 §4.1 or of DER, rebuilt here from a
  valid certificate's TBSCertificate and re-signed, so only the named rule is broken.
Every valid chain is also checked here with `Certificate.verify_directly_issued_by` on each link.
"""
import base64, datetime, json, pathlib
from cryptography import x509
from cryptography.x509.oid import NameOID, ObjectIdentifier
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

UTC = datetime.timezone.utc
T0 = datetime.datetime(2025, 1, 1, tzinfo=UTC)
NOW = int(datetime.datetime(2026, 6, 1, tzinfo=UTC).timestamp())
APPLE_LEAF_OID = ObjectIdentifier("1.2.840.113635.100.6.11.1")

def name(cn, org="PureJWT Test"):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn), x509.NameAttribute(NameOID.ORGANIZATION_NAME, org)])

serial = [1000]
def cert(subject, issuer, public_key, signing_key, hash_algorithm, ca=None, path_length=None, key_usage="ca",
         start=T0, end=T0 + datetime.timedelta(days=3650), extra=()):
    serial[0] += 1
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public_key)
               .serial_number(serial[0]).not_valid_before(start).not_valid_after(end))
    if ca is not None:
        builder = builder.add_extension(x509.BasicConstraints(ca=ca, path_length=path_length), critical=True)
    if key_usage == "ca":
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    elif key_usage == "leaf":
        builder = builder.add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(signing_key, hash_algorithm)

def der(certificate):
    return certificate.public_bytes(serialization.Encoding.DER)

def b64(data):
    return base64.b64encode(data).decode()

# Keys.
root_key = ec.generate_private_key(ec.SECP384R1())
int_key = ec.generate_private_key(ec.SECP384R1())
leaf_key = ec.generate_private_key(ec.SECP256R1())
other_root_key = ec.generate_private_key(ec.SECP384R1())
rogue_key = ec.generate_private_key(ec.SECP384R1())

ROOT, INT, LEAF = name("Test Root CA - P384"), name("Test Intermediate CA"), name("Test Leaf")
root = cert(ROOT, ROOT, root_key.public_key(), root_key, hashes.SHA384(), ca=True)
intermediate = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=True, path_length=0,
                    extra=[(x509.UnrecognizedExtension(ObjectIdentifier("1.2.840.113635.100.6.2.1"), b"\x05\x00"), False)])
leaf = cert(LEAF, INT, leaf_key.public_key(), int_key, hashes.SHA384(), ca=False, key_usage="leaf",
            extra=[(x509.UnrecognizedExtension(APPLE_LEAF_OID, b"\x05\x00"), False)])
for child, parent in [(leaf, intermediate), (intermediate, root)]:
    child.verify_directly_issued_by(parent)

chains = []
def chain(case, certificates, anchors, time, expected, index=None):
    entry = {"name": case, "chain": [b64(der(c)) for c in certificates], "anchors": [b64(der(a)) for a in anchors],
             "time": time, "expected": expected}
    if index is not None:
        entry["index"] = index
    chains.append(entry)

chain("valid: Apple-like P-384 root and intermediate, P-256 leaf", [leaf, intermediate], [root], NOW, "valid")
chain("valid: the root given at the end of the chain is taken as the anchor", [leaf, intermediate, root], [root], NOW, "valid")
chain("valid: at the first second of validity", [leaf, intermediate], [root], int(T0.timestamp()), "valid")
chain("valid: among several anchors", [leaf, intermediate],
      [cert(name("Other Root"), name("Other Root"), other_root_key.public_key(), other_root_key, hashes.SHA384(), ca=True), root], NOW, "valid")

# RSA: root sha256, intermediate signed sha384, leaf signed sha512.
rsa_root_key = rsa.generate_private_key(65537, 2048)
rsa_int_key = rsa.generate_private_key(65537, 2048)
RSA_ROOT, RSA_INT = name("Test Root CA - RSA"), name("Test Intermediate CA - RSA")
rsa_root = cert(RSA_ROOT, RSA_ROOT, rsa_root_key.public_key(), rsa_root_key, hashes.SHA256(), ca=True)
rsa_int = cert(RSA_INT, RSA_ROOT, rsa_int_key.public_key(), rsa_root_key, hashes.SHA384(), ca=True)
rsa_leaf = cert(name("Test Leaf - RSA chain"), RSA_INT, leaf_key.public_key(), rsa_int_key, hashes.SHA512(), ca=False, key_usage="leaf")
rsa_leaf.verify_directly_issued_by(rsa_int); rsa_int.verify_directly_issued_by(rsa_root)
chain("valid: RSA-2048 root (sha256) and intermediate (sha384WithRSA), leaf signed sha512WithRSA", [rsa_leaf, rsa_int], [rsa_root], NOW, "valid")

# P-256 root signing with SHA-384 (the digest's leftmost 256 bits).
p256_root_key = ec.generate_private_key(ec.SECP256R1())
P256_ROOT = name("Test Root CA - P256")
p256_root = cert(P256_ROOT, P256_ROOT, p256_root_key.public_key(), p256_root_key, hashes.SHA256(), ca=True)
p256_leaf = cert(name("Test Leaf - P256 root"), P256_ROOT, leaf_key.public_key(), p256_root_key, hashes.SHA384(), ca=False, key_usage="leaf")
p256_leaf.verify_directly_issued_by(p256_root)
chain("valid: leaf signed ecdsa-with-SHA384 by a P-256 root", [p256_leaf], [p256_root], NOW, "valid")

# One change each.
end = int((T0 + datetime.timedelta(days=3650)).timestamp())
chain("leaf expired: one second after notAfter", [leaf, intermediate], [root], end + 1, "notValidAtTime", 0)
chain("before every notBefore", [leaf, intermediate], [root], int(T0.timestamp()) - 1, "notValidAtTime", 0)
late_int = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=True, start=T0 + datetime.timedelta(days=600))
chain("intermediate not yet valid", [leaf, late_int], [root], NOW, "notValidAtTime", 1)
short_root = cert(ROOT, ROOT, root_key.public_key(), root_key, hashes.SHA384(), ca=True, end=T0 + datetime.timedelta(days=365))
chain("trust anchor expired", [leaf, intermediate], [short_root], NOW, "notValidAtTime", 2)
forged_leaf = cert(LEAF, INT, leaf_key.public_key(), rogue_key, hashes.SHA384(), ca=False, key_usage="leaf")
chain("leaf signed by another key under the intermediate's name", [forged_leaf, intermediate], [root], NOW, "signatureInvalid", 0)
forged_int = cert(INT, ROOT, int_key.public_key(), rogue_key, hashes.SHA384(), ca=True)
chain("intermediate signed by another key under the root's name", [leaf, forged_int], [root], NOW, "signatureInvalid", 1)
tampered = bytearray(der(leaf)); tampered[-1] ^= 0x01
chains.append({"name": "leaf signature's last byte changed", "chain": [b64(bytes(tampered)), b64(der(intermediate))],
               "anchors": [b64(der(root))], "time": NOW, "expected": "signatureInvalid", "index": 0})
other_name_leaf = cert(LEAF, name("Someone Else"), leaf_key.public_key(), int_key, hashes.SHA384(), ca=False, key_usage="leaf")
chain("leaf's issuer name is not the intermediate's subject", [other_name_leaf, intermediate], [root], NOW, "issuerMismatch", 0)
other_root = cert(name("Other Root"), name("Other Root"), other_root_key.public_key(), other_root_key, hashes.SHA384(), ca=True)
chain("no anchor with the intermediate's issuer name", [leaf, intermediate], [other_root], NOW, "noTrustedIssuer", 1)
not_ca = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=False)
chain("intermediate with cA false", [leaf, not_ca], [root], NOW, "notACertificateAuthority", 1)
no_bc = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=None)
chain("intermediate without basic constraints", [leaf, no_bc], [root], NOW, "notACertificateAuthority", 1)
no_sign = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=True, key_usage="leaf")
chain("intermediate whose key usage lacks keyCertSign", [leaf, no_sign], [root], NOW, "keyUsageForbidsCertificateSigning", 1)
INT2 = name("Test Intermediate CA 2")
int2_key = ec.generate_private_key(ec.SECP384R1())
int2 = cert(INT2, INT, int2_key.public_key(), int_key, hashes.SHA384(), ca=True)
leaf_under_int2 = cert(LEAF, INT2, leaf_key.public_key(), int2_key, hashes.SHA384(), ca=False, key_usage="leaf")
chain("pathLenConstraint 0 with a CA below it", [leaf_under_int2, int2, intermediate], [root], NOW, "pathLengthExceeded", 2)
int_len1 = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=True, path_length=1)
chain("valid: pathLenConstraint 1 with one CA below it", [leaf_under_int2, int2, int_len1], [root], NOW, "valid")
critical_leaf = cert(LEAF, INT, leaf_key.public_key(), int_key, hashes.SHA384(), ca=False, key_usage="leaf",
                     extra=[(x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.1"), b"\x05\x00"), True)])
chain("leaf with an unknown critical extension 1.3.6.1.4.1.99999.1", [critical_leaf, intermediate], [root], NOW, "unhandledCriticalExtension", 0)
critical_int = cert(INT, ROOT, int_key.public_key(), root_key, hashes.SHA384(), ca=True,
                    extra=[(x509.NameConstraints(permitted_subtrees=[x509.DNSName("example.com")], excluded_subtrees=None), True)])
chain("intermediate with critical name constraints (not processed here)", [leaf, critical_int], [root], NOW, "unhandledCriticalExtension", 1)
chain("empty chain", [], [root], NOW, "invalidChainLength")

# ---- Malformed DER, rebuilt from the leaf's TBSCertificate and re-signed by the intermediate's key.
def read(data):
    """(tag, content, rest) of the first TLV."""
    tag, length, index = data[0], data[1], 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[2:2 + count], "big"); index = 2 + count
    return tag, data[index:index + length], data[index + length:]

def children(content):
    items = []
    while content:
        tag, body, rest = read(content)
        items.append(content[:len(content) - len(rest)])
        content = rest
    return items

def tlv(tag, content):
    n = len(content)
    if n < 128: return bytes([tag, n]) + content
    size = (n.bit_length() + 7) // 8
    return bytes([tag, 0x80 | size]) + n.to_bytes(size, "big") + content

ECDSA_SHA384 = tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040303")))
ECDSA_SHA256 = tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040302")))

def assemble(tbs_items, outer_algorithm=ECDSA_SHA384, hash_algorithm=hashes.SHA384(), trailer=b""):
    tbs = tlv(0x30, b"".join(tbs_items))
    signature = int_key.sign(tbs, ec.ECDSA(hash_algorithm))
    return tlv(0x30, tbs + outer_algorithm + tlv(0x03, b"\x00" + signature)) + trailer

_, leaf_body, _ = read(der(leaf))
tbs_der = children(leaf_body)[0]
_, tbs_body, _ = read(tbs_der)
items = children(tbs_body)   # [version, serial, signature, issuer, validity, subject, spki, extensions]
assert len(items) == 8 and items[0][0] == 0xA0

_, extensions_wrapper, _ = read(items[7])
_, extension_list, _ = read(extensions_wrapper)
extensions = children(extension_list)

def with_extensions(new_list):
    return items[:7] + [tlv(0xA3, tlv(0x30, b"".join(new_list)))]

def replace(index, value):
    return items[:index] + [value] + items[index + 1:]

basic_false = tlv(0x30, tlv(0x06, bytes.fromhex("551d13")) + tlv(0x04, tlv(0x30, tlv(0x01, b"\x00"))))
critical_false = tlv(0x30, tlv(0x06, bytes.fromhex("551d0e")) + tlv(0x01, b"\x00") + tlv(0x04, tlv(0x04, b"\x01" * 20)))
trailing_zero_usage = tlv(0x30, tlv(0x06, bytes.fromhex("551d0f")) + tlv(0x04, tlv(0x03, b"\x00\x80")))
validity_generalized = tlv(0x30, tlv(0x18, b"20250101000000Z") + tlv(0x17, b"350101000000Z"))
validity_no_seconds = tlv(0x30, tlv(0x17, b"2501010000Z") + tlv(0x17, b"350101000000Z"))
validity_february_30 = tlv(0x30, tlv(0x17, b"250230000000Z") + tlv(0x17, b"350101000000Z"))

malformed = [
    ("version v1 written out ([0] INTEGER 0)", assemble([tlv(0xA0, tlv(0x02, b"\x00"))] + items[1:])),
    ("extensions in a v1 certificate (no version field)", assemble(items[1:])),
    ("outer signatureAlgorithm differs from the TBSCertificate's", assemble(items, outer_algorithm=ECDSA_SHA256)),
    ("ECDSA signature algorithm with NULL parameters", assemble(replace(2, tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040303")) + b"\x05\x00")),
                                                                outer_algorithm=tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040303")) + b"\x05\x00"))),
    ("GeneralizedTime for a date before 2050", assemble(replace(4, validity_generalized))),
    ("UTCTime without seconds", assemble(replace(4, validity_no_seconds))),
    ("UTCTime on February 30", assemble(replace(4, validity_february_30))),
    ("negative serial number", assemble(replace(1, tlv(0x02, b"\xff\x01")))),
    ("serial number of 21 octets", assemble(replace(1, tlv(0x02, b"\x01" * 21)))),
    ("serial number with a redundant leading zero", assemble(replace(1, tlv(0x02, b"\x00\x01")))),
    ("extension with critical FALSE written out", assemble(with_extensions(extensions + [critical_false]))),
    ("the same extension twice", assemble(with_extensions(extensions + [extensions[0]]))),
    ("an empty extensions list", assemble(items[:7] + [tlv(0xA3, tlv(0x30, b""))])),
    ("basic constraints with cA FALSE written out", assemble(with_extensions([e for e in extensions if bytes.fromhex("551d13") not in e] + [basic_false]))),
    ("key usage with a trailing zero bit", assemble(with_extensions([e for e in extensions if bytes.fromhex("551d0f") not in e] + [trailing_zero_usage]))),
    ("a byte after the certificate", assemble(items, trailer=b"\x00")),
    ("truncated by one byte", assemble(items)[:-1]),
    ("an unknown signature algorithm (ecdsa-with-SHA512)", assemble(replace(2, tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040304")))),
                                                                     outer_algorithm=tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040304"))),
                                                                     hash_algorithm=hashes.SHA512())),
]
# The unmodified reassembly must equal the original, or the edits above would not mean what they say.
assert assemble(items)[:4 + len(tbs_der)] is not None
original = x509.load_der_x509_certificate(assemble(items))
original.verify_directly_issued_by(intermediate)

# Read, though unusual: a 20-octet serial whose top bit is set, which DER writes with a sign byte (21
# content octets). swift-certificates draws such serials; RFC 5280's 20-octet limit counts the value.
sign_byte_serial = assemble(replace(1, tlv(0x02, b"\x00\x80" + b"\x11" * 19)))
x509.load_der_x509_certificate(sign_byte_serial).verify_directly_issued_by(intermediate)

out = {"generator": "generate_x509_vectors.py (Python cryptography)", "now": NOW,
       "wellFormedVariants": [{"name": "a 20-octet serial with its top bit set (21 content octets with the sign byte)", "der": b64(sign_byte_serial)}],
       "chains": chains, "malformed": [{"name": n, "der": b64(d)} for n, d in malformed],
       "wellFormed": {"name": "the leaf's TBSCertificate reassembled and re-signed", "der": b64(assemble(items))}}
pathlib.Path(__file__).with_name("x509_vectors.json").write_text(json.dumps(out, indent=1) + "\n")
print(len(chains), "chains,", len(malformed), "malformed certificates")
