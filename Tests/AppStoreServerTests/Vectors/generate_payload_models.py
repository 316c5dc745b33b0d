#!/usr/bin/env python3
"""Writes payload_models.json beside this script: each of Apple's decoded-payload fixtures in
payload-models/ (copied from ../shared/vectors/appstore/api/payload-models/, from Apple's
app-store-server-library tests) signed as App Store data is signed — ES256 compact JWS with x5c = [leaf,
intermediate, root] — on a chain made here that mirrors Apple's: a P-384 root, a P-384 intermediate (CA,
path length 0, the WWDR marker 1.2.840.113635.100.6.2.1), a P-256 leaf (the marker
1.2.840.113635.100.6.11.1), valid 2020-2040. Python `cryptography` signs; PureJWT's code takes no part.
Apple's fixtures say "LocalTesting", which a verifier never checks (StoreKit testing is not Apple-signed);
the signed copies say "Sandbox" instead, and the placeholders the notification fixtures hold for their
nested signed data ("signed_transaction_info_value", …) are replaced by those payloads signed the same way. The keys are thrown away: a new run
writes a new chain and new signatures (the tests read only this file)."""
import base64, datetime, json, os
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.x509.oid import NameOID

here = os.path.dirname(os.path.abspath(__file__))
start, end = datetime.datetime(2020, 1, 1), datetime.datetime(2040, 1, 1)

def name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureJWT test chain")])

def certificate(subject, key, issuer, issuer_key, ca, marker, hash_algorithm):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer)).public_key(key.public_key())
               .serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca and marker else None), critical=True))
    if marker:
        builder = builder.add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier(marker), b"\x05\x00"), critical=False)
    return builder.sign(issuer_key, hash_algorithm)

root_key, intermediate_key, leaf_key = ec.generate_private_key(ec.SECP384R1()), ec.generate_private_key(ec.SECP384R1()), ec.generate_private_key(ec.SECP256R1())
root = certificate("Test Root CA - P384", root_key, "Test Root CA - P384", root_key, True, None, hashes.SHA384())
intermediate = certificate("Test WWDR Intermediate", intermediate_key, "Test Root CA - P384", root_key, True, "1.2.840.113635.100.6.2.1", hashes.SHA384())
leaf = certificate("Test App Store Signing", leaf_key, "Test WWDR Intermediate", intermediate_key, False, "1.2.840.113635.100.6.11.1", hashes.SHA384())
der = lambda c: base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()
b64url = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()

def sandboxed(value):
    if isinstance(value, dict):
        return {k: ("Sandbox" if k in ("environment", "receiptType") and v == "LocalTesting" else sandboxed(v)) for k, v in value.items()}
    return value

def sign(payload):
    header = {"alg": "ES256", "x5c": [der(leaf), der(intermediate), der(root)]}
    signing_input = b64url(json.dumps(header, separators=(",", ":")).encode()) + "." + b64url(json.dumps(payload, separators=(",", ":")).encode())
    r, s = utils.decode_dss_signature(leaf_key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))

def load(file):
    with open(os.path.join(here, "payload-models", file)) as f:
        return sandboxed(json.load(f))

# The nested signed data first: Apple's notification fixtures hold placeholders ("signed_transaction_info_value"),
# replaced in the signed copies by these JWS so that a notification verifies with what it carries.
nested = {"signed_transaction_info_value": sign(load("signedTransaction.json")),
          "signed_renewal_info_value": sign(load("signedRenewalInfo.json")),
          "signed_app_transaction_info_value": sign(load("appTransaction.json"))}

def filled(value):
    if isinstance(value, dict):
        return {k: filled(v) for k, v in value.items()}
    return nested.get(value, value) if isinstance(value, str) else value

cases = []
for file in sorted(os.listdir(os.path.join(here, "payload-models"))):
    payload = filled(load(file))
    cases.append({"file": "payload-models/" + file, "payload": payload, "jws": sign(payload)})

with open(os.path.join(here, "payload_models.json"), "w") as f:
    json.dump({"about": "Apple's payload fixtures signed on a test chain by generate_payload_models.py (Python cryptography); LocalTesting -> Sandbox",
               "root_der_b64": der(root), "cases": cases}, f, indent=1)
    f.write("\n")
print(f"{len(cases)} signed payloads -> payload_models.json")
