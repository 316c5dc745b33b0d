#!/usr/bin/env python3
"""Writes ocsp_vectors.json beside this script: OCSP (RFC 6960) requests and responses made with Python
`cryptography` — an implementation independent of PureX509 — for a chain shaped like Apple's App Store
chain (P-384 root → P-384 intermediate → P-256 leaf, each below the root with an AIA OCSP URL), so that
PureX509's OCSP request encoding is compared byte for byte with cryptography's and its response checks run
on responses it did not make. The nonce is fixed (the tests inject it). Cases: good from the issuer; good
from a delegated responder (OCSPSigning); revoked; unknown; a delegated responder without OCSPSigning; a
responder key the issuer never certified; stale (nextUpdate passed); nonce mismatch; no nonce echoed; a
response about another certificate; an unsuccessful status (tryLater). Keys are thrown away."""
import base64, datetime, json, os
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509 import ocsp
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID, AuthorityInformationAccessOID

here = os.path.dirname(os.path.abspath(__file__))
start, end = datetime.datetime(2020, 1, 1), datetime.datetime(2040, 1, 1)
check_time = datetime.datetime(2025, 6, 1, 12, 0, 0)
nonce = bytes(range(1, 17))

def name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureJWT OCSP test")])

def certificate(subject, key, issuer, issuer_key, ca=False, ocsp_url=None, eku=None, serial=None, marker=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer)).public_key(key.public_key())
               .serial_number(serial or x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ocsp_url:
        builder = builder.add_extension(x509.AuthorityInformationAccess([x509.AccessDescription(
            AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(ocsp_url))]), critical=False)
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if marker:
        builder = builder.add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier(marker), b"\x05\x00"), critical=False)
    return builder.sign(issuer_key, hashes.SHA384() if isinstance(issuer_key.curve, ec.SECP384R1) else hashes.SHA256())

root_key, inter_key, leaf_key = ec.generate_private_key(ec.SECP384R1()), ec.generate_private_key(ec.SECP384R1()), ec.generate_private_key(ec.SECP256R1())
responder_key, stranger_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
root = certificate("OCSP Test Root", root_key, "OCSP Test Root", root_key, ca=True)
# Apple's markers too (WWDR on the intermediate, App Store signing on the leaf), so that App Store data
# signed with the leaf verifies to the root and its online checks can be tested end to end.
inter = certificate("OCSP Test Intermediate", inter_key, "OCSP Test Root", root_key, ca=True, ocsp_url="http://127.0.0.1/ocsp-root",
                    marker="1.2.840.113635.100.6.2.1")
leaf = certificate("OCSP Test Leaf", leaf_key, "OCSP Test Intermediate", inter_key, ocsp_url="http://127.0.0.1/ocsp-intermediate",
                   marker="1.2.840.113635.100.6.11.1")
other = certificate("Another Leaf", leaf_key, "OCSP Test Intermediate", inter_key)
responder = certificate("OCSP Responder", responder_key, "OCSP Test Intermediate", inter_key, eku=[ExtendedKeyUsageOID.OCSP_SIGNING])
responder_no_eku = certificate("OCSP Responder", responder_key, "OCSP Test Intermediate", inter_key, eku=[ExtendedKeyUsageOID.CLIENT_AUTH])
# A look-alike: the intermediate's name and OCSPSigning, but certified by nobody (self-signed).
look_alike = certificate("OCSP Test Intermediate", stranger_key, "OCSP Test Intermediate", stranger_key, eku=[ExtendedKeyUsageOID.OCSP_SIGNING])

der = lambda c: base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()
b64 = lambda b: base64.b64encode(b).decode()

request = ocsp.OCSPRequestBuilder().add_certificate(leaf, inter, hashes.SHA256()).add_extension(x509.OCSPNonce(nonce), critical=False).build()

def response(status=ocsp.OCSPCertStatus.GOOD, signer_key=inter_key, signer_cert=inter, certs=None, about=leaf, this=check_time - datetime.timedelta(hours=1),
             next_=check_time + datetime.timedelta(days=7), with_nonce=nonce, revoked_at=None, issuer=inter):
    builder = ocsp.OCSPResponseBuilder().add_response(cert=about, issuer=issuer, algorithm=hashes.SHA256(), cert_status=status,
                                                      this_update=this, next_update=next_, revocation_time=revoked_at,
                                                      revocation_reason=x509.ReasonFlags.key_compromise if revoked_at else None)
    builder = builder.responder_id(ocsp.OCSPResponderEncoding.HASH, signer_cert)
    if certs:
        builder = builder.certificates(certs)
    if with_nonce is not None:
        builder = builder.add_extension(x509.OCSPNonce(with_nonce), critical=False)
    return builder.sign(signer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)

cases = [
    ("good", response(), "good"),
    ("good-delegated-responder", response(signer_key=responder_key, signer_cert=responder, certs=[responder]), "good"),
    ("revoked", response(status=ocsp.OCSPCertStatus.REVOKED, revoked_at=datetime.datetime(2025, 5, 1)), "revoked"),
    ("unknown", response(status=ocsp.OCSPCertStatus.UNKNOWN), "unknown"),
    ("responder-without-ocsp-signing", response(signer_key=responder_key, signer_cert=responder_no_eku, certs=[responder_no_eku]), "signer"),
    ("responder-not-certified", response(signer_key=stranger_key, signer_cert=look_alike, certs=[look_alike]), "signer"),
    ("stale", response(this=datetime.datetime(2025, 4, 1), next_=datetime.datetime(2025, 4, 8)), "stale"),
    ("nonce-mismatch", response(with_nonce=bytes(16)), "nonce"),
    ("no-nonce", response(with_nonce=None), "good"),
    # Without a nonce, for callers whose nonce is random (the tool): an answer that echoes none is accepted.
    ("revoked-no-nonce", response(status=ocsp.OCSPCertStatus.REVOKED, revoked_at=datetime.datetime(2025, 5, 1), with_nonce=None), "revoked"),
    ("stale-no-nonce", response(this=datetime.datetime(2025, 4, 1), next_=datetime.datetime(2025, 4, 8), with_nonce=None), "stale"),
    ("other-certificate", response(about=other), "certID"),
    # Current for years (nextUpdate 2039), without a nonce: for servers checking at the wall clock (the
    # example server's end-to-end test).
    ("good-long", response(next_=datetime.datetime(2039, 12, 31), with_nonce=None), "good"),
    ("revoked-long", response(status=ocsp.OCSPCertStatus.REVOKED, revoked_at=datetime.datetime(2025, 5, 1), next_=datetime.datetime(2039, 12, 31),
                              with_nonce=None), "revoked"),
    ("intermediate-good-long", response(signer_key=root_key, signer_cert=root, about=inter, issuer=root, with_nonce=None,
                                        next_=datetime.datetime(2039, 12, 31)), "intermediate-good"),
    ("intermediate-good", response(signer_key=root_key, signer_cert=root, about=inter, issuer=root, with_nonce=None), "intermediate-good"),
    ("intermediate-revoked", response(status=ocsp.OCSPCertStatus.REVOKED, revoked_at=datetime.datetime(2025, 5, 1), signer_key=root_key,
                                      signer_cert=root, about=inter, issuer=root, with_nonce=None), "intermediate-revoked"),
    ("try-later", ocsp.OCSPResponseBuilder.build_unsuccessful(ocsp.OCSPResponseStatus.TRY_LATER).public_bytes(serialization.Encoding.DER), "unsuccessful"),
]
# A TEST notification signed with the leaf, as Apple signs App Store data (ES256, x5c = leaf, intermediate, root).
from cryptography.hazmat.primitives.asymmetric import utils
b64url = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
payload = {"notificationType": "TEST", "notificationUUID": "3a5a4e53-1c9b-4c65-9c3e-3b0b3c3c6d11", "version": "2.0",
           "signedDate": int(check_time.replace(tzinfo=datetime.timezone.utc).timestamp()) * 1000,
           "data": {"bundleId": "com.example", "environment": "Sandbox", "appAppleId": 1234}}
header = {"alg": "ES256", "x5c": [der(leaf), der(inter), der(root)]}
signing_input = b64url(json.dumps(header, separators=(",", ":")).encode()) + "." + b64url(json.dumps(payload, separators=(",", ":")).encode())
r, s_ = utils.decode_dss_signature(leaf_key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
notification = signing_input + "." + b64url(r.to_bytes(32, "big") + s_.to_bytes(32, "big"))

with open(os.path.join(here, "ocsp_vectors.json"), "w") as f:
    json.dump({"about": "OCSP vectors by generate_ocsp_vectors.py (Python cryptography); check time and nonce fixed",
               "root": der(root), "intermediate": der(inter), "leaf": der(leaf),
               "check_time": int(check_time.replace(tzinfo=datetime.timezone.utc).timestamp()), "nonce": b64(nonce),
               "request": b64(request.public_bytes(serialization.Encoding.DER)), "notification": notification,
               "cases": [{"name": n, "response": b64(r), "expected": e} for n, r, e in cases]}, f, indent=1)
    f.write("\n")
print(f"{len(cases)} responses -> ocsp_vectors.json")
