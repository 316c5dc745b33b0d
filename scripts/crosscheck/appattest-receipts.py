#!/usr/bin/env python3
"""Writes Tests/AppAttestTests/Vectors/receipts.json: the App Attest receipt of each real attestation object in
that folder, read and checked by independent implementations (asn1crypto 1.5 for the PKCS#7 BER and the
attributes, Python cryptography for the ECDSA signature and the certificate chain to Apple Root CA - G3),
with the fields AppAttest's receipt reader must find. Apple's attributes (Apple, "Assessing fraud risk"):
each SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }; 2 App ID, 3 attested public key (the
credential certificate, DER), 4 client hash, 5 token, 6 receipt type, 12 creation time, 17 risk metric,
19 not before, 21 expiration time (times as RFC 3339 text); 7 (undocumented) holds the environment.

    python3 scripts/crosscheck/appattest-receipts.py      # from the repository root; needs asn1crypto

Not part of the test suite.
"""
import base64, datetime, json, pathlib
import cbor2
from asn1crypto import cms, core
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

root_dir = pathlib.Path(__file__).resolve().parent.parent.parent
vectors = root_dir / "Tests" / "AppAttestTests" / "Vectors"
g3 = x509.load_der_x509_certificate((root_dir / "Tests" / "AppStoreServerTests" / "Vectors" / "AppleRootCA-G3.cer").read_bytes())

class Attribute(core.Sequence):
    _fields = [("type", core.Integer), ("version", core.Integer), ("value", core.OctetString)]

class Attributes(core.SetOf):
    _child_spec = Attribute

def rfc3339(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))

cases = []
for path in sorted(vectors.glob("*.json")):
    source = json.loads(path.read_text())
    if "attestation_object_b64" not in source:
        continue
    receipt = cbor2.loads(base64.b64decode(source["attestation_object_b64"]))["attStmt"]["receipt"]
    info = cms.ContentInfo.load(receipt)
    signed = info["content"]
    payload = signed["encap_content_info"]["content"].native
    signer_info = signed["signer_infos"][0]
    certificates = [x509.load_der_x509_certificate(c.chosen.dump()) for c in signed["certificates"]]
    serial = signer_info["sid"].chosen["serial_number"].native
    signer = next(c for c in certificates if c.serial_number == serial)
    # The signature covers the payload itself. Receipts of 2020 also carry signed attributes (content type,
    # signing time, message digest = SHA-256 of the payload), yet their signature is still over the payload,
    # not over the attributes as RFC 5652 §5.4 would have it: checked here as found. Then the chain signer →
    # intermediate → G3.
    assert signer_info["digest_algorithm"]["algorithm"].native == "sha256"
    signed_attributes = signer_info["signed_attrs"]
    if signed_attributes.native is not None:
        attributes = {a["type"].native: a["values"].native for a in signed_attributes}
        assert attributes["content_type"] == ["data"]
        digest = hashes.Hash(hashes.SHA256()); digest.update(payload)
        assert attributes["message_digest"] == [digest.finalize()]
    signer.public_key().verify(signer_info["signature"].native, payload, ec.ECDSA(hashes.SHA256()))
    intermediate = next(c for c in certificates if c.subject == signer.issuer)
    signer.verify_directly_issued_by(intermediate)
    intermediate.verify_directly_issued_by(g3)
    fields = {}
    for attribute in Attributes.load(payload):
        fields.setdefault(attribute["type"].native, attribute["value"].native)
    expected = {"appID": fields[2].decode(), "type": fields[6].decode()}
    if 3 in fields:
        credential = x509.load_der_x509_certificate(fields[3])
        expected["publicKey"] = credential.public_key().public_bytes(serialization.Encoding.PEM,
                                                                     serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    if 4 in fields: expected["clientHash_hex"] = fields[4].hex()
    if 5 in fields: expected["token"] = fields[5].decode()
    if 7 in fields: expected["environment"] = fields[7].decode()
    if 17 in fields: expected["riskMetric"] = int(fields[17].decode())
    for number, name in ((12, "creationDate"), (19, "notBefore"), (21, "expirationDate")):
        if number in fields:
            expected[name] = fields[number].decode()
            expected[name + "_unix"] = rfc3339(fields[number].decode()).timestamp()
    # The certificates must be valid when checked: at the receipt's creation time.
    verify_at = expected["creationDate"]
    at = rfc3339(verify_at)
    for c in (signer, intermediate):
        assert c.not_valid_before_utc <= at <= c.not_valid_after_utc, (path.name, c.subject)
    cases.append({"name": path.stem, "source": path.name, "receipt_b64": base64.b64encode(receipt).decode(),
                  "receipt_is_ber": receipt[1] == 0x80, "signed_attributes": signed_attributes.native is not None, "signer": signer.subject.rfc4514_string(),
                  "signer_not_after": signer.not_valid_after_utc.isoformat().replace("+00:00", "Z"),
                  "signer_extensions": sorted(e.oid.dotted_string for e in signer.extensions),
                  "intermediate": intermediate.subject.rfc4514_string(),
                  "verify_at": verify_at, "expected": expected})

output = {"description": "App Attest receipts of the attestation objects in this folder, read by asn1crypto 1.5.1 and checked "
                         "(signature, chain to Apple Root CA - G3) by Python cryptography; scripts/crosscheck/appattest-receipts.py",
          "cases": cases}
(vectors / "receipts.json").write_text(json.dumps(output, indent=1) + "\n")
print(f"{len(cases)} receipts")
