#!/usr/bin/env python3
"""Writes Tests/PureWebAuthnTests/Vectors/mds-blobs.json: FIDO Metadata Service (MDS3) BLOBs made and signed
by an independent implementation (Python `cryptography`), for PureWebAuthn's FIDOMetadata tests.

The real BLOB (https://mds3.fidoalliance.org/) is several megabytes and chains to GlobalSign Root CA - R3,
whose key no one outside GlobalSign holds; these BLOBs have the same shape (FIDO Metadata Service v3.0
§3.1.6-§3.1.7: a compact JWS, x5c in its header, {legalHeader, no, nextUpdate, entries} as its payload)
and chain to a test root made here. Their entries describe the WebAuthn §16 test vectors' authenticators
(attestation root: the §16.1 root, read from spec-vectors.json), so a registration can be checked against
them end to end, and the fido-u2f vector's attestation certificate by its key identifier.

    python3 scripts/crosscheck/generate-mds-blobs.py       # from the repository root

Keys are random on each run; the committed output is what the tests use. Not part of the test suite.
"""
import base64, datetime, hashlib, json, pathlib
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

root_dir = pathlib.Path(__file__).resolve().parent.parent.parent
vectors = root_dir / "Tests" / "PureWebAuthnTests" / "Vectors"
spec = json.loads((vectors / "spec-vectors.json").read_text())

def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureJWT tests")])

def certificate(subject, issuer, public_key, signing_key, ca, not_before, not_after):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer)).public_key(public_key)
               .serial_number(x509.random_serial_number()).not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                                            data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                                            encipher_only=False, decipher_only=False), critical=True))
    return builder.sign(signing_key, hashes.SHA256())

def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)

def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM).decode()

start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
end = datetime.datetime(2035, 1, 1, tzinfo=datetime.timezone.utc)
root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
root = certificate("Test MDS Root", "Test MDS Root", root_key.public_key(), root_key, True, start, end)
intermediate_key = ec.generate_private_key(ec.SECP384R1())
intermediate = certificate("Test MDS CA", "Test MDS Root", intermediate_key.public_key(), root_key, True, start, end)
rsa_signer_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
rsa_signer = certificate("Test MDS BLOB Signer RSA", "Test MDS CA", rsa_signer_key.public_key(), intermediate_key, False, start, end)
ec_signer_key = ec.generate_private_key(ec.SECP256R1())
ec_signer = certificate("Test MDS BLOB Signer EC", "Test MDS CA", ec_signer_key.public_key(), intermediate_key, False, start, end)
expired_signer = certificate("Test MDS BLOB Signer RSA (expired)", "Test MDS CA", rsa_signer_key.public_key(), intermediate_key, False,
                             start, datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
other_root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
other_root = certificate("Another Root", "Another Root", other_root_key.public_key(), other_root_key, True, start, end)

def sign(header, payload, key):
    signing_input = (b64url(json.dumps(header, separators=(",", ":")).encode()) + "." +
                     b64url(json.dumps(payload, separators=(",", ":")).encode())).encode()
    if isinstance(key, rsa.RSAPrivateKey):
        signature = key.sign(signing_input, padding.PKCS1v15(), hashes.SHA256())
    else:
        r, s = decode_dss_signature(key.sign(signing_input, ec.ECDSA(hashes.SHA256())))
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    return signing_input.decode() + "." + b64url(signature)

def dashed(aaguid_hex):
    h = aaguid_hex
    return f"{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"

spec_root_b64 = base64.b64encode(bytes.fromhex(spec["attestation_root"]["values"]["attestation_ca_cert"])).decode()
certified = [{"status": "FIDO_CERTIFIED", "effectiveDate": "2024-01-01"}]

def entry(aaguid_hex, description, reports=certified):
    return {"aaguid": dashed(aaguid_hex),
            "metadataStatement": {"legalHeader": "test", "aaguid": dashed(aaguid_hex), "description": description,
                                  "authenticatorVersion": 1, "protocolFamily": "fido2", "schema": 3,
                                  "upv": [{"major": 1, "minor": 0}], "attestationTypes": ["basic_full"],
                                  "attestationRootCertificates": [spec_root_b64],
                                  "userVerificationDetails": [[{"userVerificationMethod": "presence_internal",
                                                               "baDesc": {"selfAttestedFRR": 0.0, "maxTemplates": 5}}]]},
            "statusReports": reports, "timeOfLastStatusChange": "2024-01-01"}

vector_entries = [entry(v["registration"]["aaguid"], f"WebAuthn §16 {v['name']}") for v in spec["vectors"]
                  if v["format"] in ("packed", "tpm", "android-key", "apple") and not v["name"].startswith("packed-self")]
# The fido-u2f vector's authenticator, by its attestation certificate's key identifier (MDS §3.1.6: the
# subject key identifier, or SHA-1 of the subject public key's bit string when the certificate has none).
u2f_vector = next(v for v in spec["vectors"] if v["format"] == "fido-u2f")
import cbor2
u2f_object = cbor2.loads(bytes.fromhex(u2f_vector["registration"]["attestationObject"]))
u2f_leaf = x509.load_der_x509_certificate(u2f_object["attStmt"]["x5c"][0])
try:
    u2f_key_identifier = u2f_leaf.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest.hex()
except x509.ExtensionNotFound:
    u2f_key_identifier = hashlib.sha1(u2f_leaf.public_key().public_bytes(serialization.Encoding.X962,
                                                                        serialization.PublicFormat.UncompressedPoint)).hexdigest()
u2f_entry = {"attestationCertificateKeyIdentifiers": [u2f_key_identifier],
             "metadataStatement": {"description": "WebAuthn §16 fido-u2f.ES256", "protocolFamily": "u2f", "schema": 3,
                                   "attestationTypes": ["basic_full"], "attestationRootCertificates": [spec_root_b64]},
             "statusReports": certified, "timeOfLastStatusChange": "2024-01-01"}

def payload(no, next_update="2026-12-01", entries=None):
    return {"legalHeader": "Retrieval and use of this BLOB indicates acceptance of the test terms.", "no": no,
            "nextUpdate": next_update, "entries": entries if entries is not None else vector_entries + [u2f_entry]}

rsa_chain = [base64.b64encode(der(c)).decode() for c in (rsa_signer, intermediate)]
ec_chain = [base64.b64encode(der(c)).decode() for c in (ec_signer, intermediate)]
header_rsa = {"alg": "RS256", "typ": "JWT", "x5c": rsa_chain}
header_ec = {"alg": "ES256", "typ": "JWT", "x5c": ec_chain}
packed_es256 = next(v for v in spec["vectors"] if v["name"] == "packed.ES256")["registration"]["aaguid"]
revoked_entries = [entry(packed_es256, "WebAuthn §16 packed.ES256, revoked",
                         certified + [{"status": "REVOKED", "effectiveDate": "2025-06-01"}])] + vector_entries[1:]
bypass_entries = [entry(packed_es256, "WebAuthn §16 packed.ES256, user verification bypass, then an update",
                        certified + [{"status": "USER_VERIFICATION_BYPASS", "effectiveDate": "2025-06-01"},
                                     {"status": "UPDATE_AVAILABLE", "effectiveDate": "2025-07-01"}])] + vector_entries[1:]
valid = sign(header_rsa, payload(42), rsa_signer_key)
altered = valid[:-3] + ("A" if valid[-3] != "A" else "B") + valid[-2:]
cases = [
    {"name": "RS256 BLOB, chain to the test root", "blob": valid, "expected": "valid", "no": 42},
    {"name": "ES256 BLOB", "blob": sign(header_ec, payload(43), ec_signer_key), "expected": "valid", "no": 43},
    {"name": "a REVOKED report for packed.ES256's authenticator", "blob": sign(header_rsa, payload(44, entries=revoked_entries), rsa_signer_key),
     "expected": "valid", "no": 44},
    {"name": "USER_VERIFICATION_BYPASS reported, then UPDATE_AVAILABLE", "blob": sign(header_rsa, payload(45, entries=bypass_entries), rsa_signer_key),
     "expected": "valid", "no": 45},
    {"name": "the signature altered", "blob": altered, "expected": "signature"},
    {"name": "signed by a key that is not the leaf's", "blob": sign(header_rsa, payload(42), other_root_key), "expected": "signature"},
    {"name": "a chain to another root", "blob": sign({"alg": "RS256", "typ": "JWT", "x5c": [base64.b64encode(der(
        certificate("Test MDS BLOB Signer RSA", "Another Root", rsa_signer_key.public_key(), other_root_key, False, start, end))).decode()]},
        payload(42), rsa_signer_key), "expected": "chain"},
    {"name": "the signer's certificate expired", "blob": sign({"alg": "RS256", "typ": "JWT", "x5c": [base64.b64encode(der(expired_signer)).decode(),
                                                                                                   rsa_chain[1]]}, payload(42), rsa_signer_key),
     "expected": "chain"},
    {"name": "alg none", "blob": b64url(b'{"alg":"none","x5c":[]}') + "." + valid.split(".")[1] + ".", "expected": "algorithm"},
    {"name": "HS256 (a MAC, no certificate)", "blob": sign({"alg": "HS256", "typ": "JWT", "x5c": rsa_chain}, payload(42), rsa_signer_key),
     "expected": "algorithm"},
    {"name": "x5u instead of x5c", "blob": sign({"alg": "RS256", "typ": "JWT", "x5u": "https://example.org/chain.pem"}, payload(42), rsa_signer_key),
     "expected": "malformed"},
    {"name": "no entries member", "blob": sign(header_rsa, {k: v for k, v in payload(42).items() if k != "entries"}, rsa_signer_key),
     "expected": "malformed"},
    {"name": "nextUpdate not a date", "blob": sign(header_rsa, payload(42, next_update="soon"), rsa_signer_key), "expected": "malformed"},
    {"name": "an AAGUID listed twice", "blob": sign(header_rsa, payload(42, entries=vector_entries + vector_entries[:1]), rsa_signer_key),
     "expected": "malformed"},
    {"name": "two parts", "blob": valid.rsplit(".", 1)[0], "expected": "malformed"},
]
output = {
    "description": "FIDO MDS3 BLOBs signed by Python cryptography " + __import__("cryptography").__version__
                   + " (scripts/crosscheck/generate-mds-blobs.py), chaining to root_pem; entries describe the WebAuthn §16 "
                   "vectors' authenticators (attestation root: the §16.1 root). expected: valid, or the check that refuses it "
                   "(signature, chain, algorithm, malformed).",
    "root_pem": pem(root),
    "check_time": "2026-11-28T00:00:00Z",
    "next_update": "2026-12-01",
    "fido_u2f_key_identifier": u2f_key_identifier,
    "cases": cases,
}
(vectors / "mds-blobs.json").write_text(json.dumps(output, indent=1, ensure_ascii=False) + "\n")
print(f"{len(cases)} cases written")
