#!/usr/bin/env python3
"""Writes Tests/ApplePayTests/Vectors/apple_pay_tokens.json: Apple Pay payment tokens made by an independent
implementation (Python cryptography for keys, certificates, ECDH, RSA-OAEP, AES-GCM and signatures;
asn1crypto for the CMS SignedData), on a test chain that carries Apple's markers, with the outcome each must
have. Apple, "Payment token format reference" and "Restoring the symmetric key":

  - the signature is a detached CMS SignedData over ephemeralPublicKey (or wrappedKey) ‖ data ‖ transactionId
    ‖ applicationData (base64, base64, hex, hex decoded), with signed attributes content type, signing time and
    message digest; the leaf carries 1.2.840.113635.100.6.29, the intermediate 1.2.840.113635.100.6.2.14;
  - EC_v1: Z = ECDH(merchant key, ephemeral key); key = SHA-256(00000001 ‖ Z ‖ 0d "id-aes256-GCM" ‖ "Apple" ‖
    merchant ID), the merchant ID being the 32 bytes the hex of extension 1.2.840.113635.100.6.32 gives;
    AES-256-GCM with a nonce of 16 zero bytes;
  - RSA_v1: the AES-128 key wrapped with RSA-OAEP-SHA256, AES-128-GCM with the same nonce;
  - publicKeyHash = base64(SHA-256(the merchant certificate's SubjectPublicKeyInfo)).

    python3 scripts/crosscheck/apple-pay-tokens.py      # from the repository root; needs asn1crypto

Randomness makes each run's output different; the committed file is one run. Not part of the test suite.
"""
import base64, datetime, hashlib, json, os, pathlib
from asn1crypto import cms, core, algos, x509 as asn1x509
from cryptography import x509
from cryptography.x509.oid import NameOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa, padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

out = pathlib.Path(__file__).resolve().parent.parent.parent / "Tests" / "ApplePayTests" / "Vectors" / "apple_pay_tokens.json"
UTC = datetime.timezone.utc
SIGNING_TIME = datetime.datetime(2026, 6, 1, 12, 0, 0, tzinfo=UTC)
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.29")
INTERMEDIATE_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.14")
MERCHANT_ID_EXTENSION = x509.ObjectIdentifier("1.2.840.113635.100.6.32")
NULL = b"\x05\x00"

def name(common):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureJWT Test"),
                      x509.NameAttribute(NameOID.COUNTRY_NAME, "US")])

def certificate(subject, key, issuer, issuer_key, *, ca, markers=(), not_before=datetime.datetime(2025, 1, 1, tzinfo=UTC),
                not_after=datetime.datetime(2035, 1, 1, tzinfo=UTC), extra=()):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer)).public_key(key.public_key())
               .serial_number(x509.random_serial_number()).not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
    for oid in markers:
        builder = builder.add_extension(x509.UnrecognizedExtension(oid, NULL), critical=False)
    for oid, value in extra:
        builder = builder.add_extension(x509.UnrecognizedExtension(oid, value), critical=False)
    return builder.sign(issuer_key, hashes.SHA256() if not isinstance(issuer_key, ec.EllipticCurvePrivateKey)
                        or issuer_key.curve.name == "secp256r1" else hashes.SHA384())

def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM).decode()

def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)

def spki(key):
    return key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)

# The test chain: root (P-384, as Apple Root CA - G3) → intermediate (P-256, as Apple Application Integration
# CA - G3) → signers (P-256 for EC_v1, RSA-2048 for RSA_v1).
root_key = ec.generate_private_key(ec.SECP384R1())
root = certificate("PureJWT Test Root CA - G3", root_key, "PureJWT Test Root CA - G3", root_key, ca=True)
impostor_root_key = ec.generate_private_key(ec.SECP384R1())   # the same name, another key
intermediate_key = ec.generate_private_key(ec.SECP256R1())
intermediate = certificate("PureJWT Test Application Integration CA - G3", intermediate_key, "PureJWT Test Root CA - G3", root_key,
                           ca=True, markers=[INTERMEDIATE_MARKER])
unmarked_intermediate = certificate("PureJWT Test Application Integration CA - G3", intermediate_key, "PureJWT Test Root CA - G3",
                                    root_key, ca=True)
impostor_intermediate = certificate("PureJWT Test Application Integration CA - G3", intermediate_key, "PureJWT Test Root CA - G3",
                                    impostor_root_key, ca=True, markers=[INTERMEDIATE_MARKER])
ec_signer_key = ec.generate_private_key(ec.SECP256R1())
rsa_signer_key = rsa.generate_private_key(65537, 2048)
ec_signer = certificate("ecc-smp-broker-sign_UC4-TEST", ec_signer_key, "PureJWT Test Application Integration CA - G3",
                        intermediate_key, ca=False, markers=[LEAF_MARKER])
rsa_signer = certificate("rsa-smp-broker-sign_UC4-TEST", rsa_signer_key, "PureJWT Test Application Integration CA - G3",
                         intermediate_key, ca=False, markers=[LEAF_MARKER])
unmarked_signer = certificate("ecc-smp-broker-sign_UC4-TEST", ec_signer_key, "PureJWT Test Application Integration CA - G3",
                              intermediate_key, ca=False)
expired_signer = certificate("ecc-smp-broker-sign_UC4-TEST", ec_signer_key, "PureJWT Test Application Integration CA - G3",
                             intermediate_key, ca=False, markers=[LEAF_MARKER],
                             not_before=datetime.datetime(2024, 1, 1, tzinfo=UTC), not_after=datetime.datetime(2026, 1, 1, tzinfo=UTC))
# A leaf marked as an intermediate issuing the signer: the signer's issuer is then not a CA.
not_ca_intermediate = certificate("PureJWT Test Application Integration CA - G3", intermediate_key, "PureJWT Test Root CA - G3",
                                  root_key, ca=False, markers=[INTERMEDIATE_MARKER])

# Merchants: the payment processing certificates (issued by a stand-in for Apple's WWDR CA; a decrypter
# does not validate its own certificate's chain) with the merchant-identifier extension.
wwdr_key = ec.generate_private_key(ec.SECP256R1())
def merchant(identifier, key):
    merchant_hash = hashlib.sha256(identifier.encode()).hexdigest().upper()
    value = core.UTF8String(merchant_hash).dump()
    cert = certificate("Apple Pay Payment Processing:" + identifier, key, "PureJWT Test WWDR CA - G2", wwdr_key, ca=False,
                       extra=[(MERCHANT_ID_EXTENSION, value)])
    return cert, bytes.fromhex(merchant_hash)

merchant_ec_key = ec.generate_private_key(ec.SECP256R1())
merchant_ec, merchant_ec_id = merchant("merchant.dev.purejwt.test", merchant_ec_key)
merchant_ec2_key = ec.generate_private_key(ec.SECP256R1())   # the next certificate, during a rotation
merchant_ec2, merchant_ec2_id = merchant("merchant.dev.purejwt.test", merchant_ec2_key)
merchant_other_id, _ = merchant("merchant.dev.purejwt.other", merchant_ec_key)   # the same key, another merchant ID
merchant_rsa_key = rsa.generate_private_key(65537, 2048)
merchant_rsa, merchant_rsa_id = merchant("merchant.dev.purejwt.test", merchant_rsa_key)

def oid_node(dotted):
    return core.ObjectIdentifier(dotted)

def signed_data(message, signer, signer_key, chain, signing_time, *, attributes=("content_type", "signing_time", "message_digest"),
                digest_of=None):
    """A detached CMS SignedData (RFC 5652) over `message`, as Apple makes it."""
    digest = hashlib.sha256(message if digest_of is None else digest_of).digest()
    attrs = []
    if "content_type" in attributes:
        attrs.append({"type": "content_type", "values": ["data"]})
    if "signing_time" in attributes:
        attrs.append({"type": "signing_time", "values": [cms.Time({"utc_time": signing_time})]})
    if "message_digest" in attributes:
        attrs.append({"type": "message_digest", "values": [digest]})
    signed_attrs = cms.CMSAttributes(attrs)
    to_sign = signed_attrs.dump()   # SET OF, DER: what RFC 5652 §5.4 says the signature covers
    if isinstance(signer_key, ec.EllipticCurvePrivateKey):
        signature = signer_key.sign(to_sign, ec.ECDSA(hashes.SHA256()))
        signature_algorithm = {"algorithm": "sha256_ecdsa"}
    else:
        signature = signer_key.sign(to_sign, padding.PKCS1v15(), hashes.SHA256())
        signature_algorithm = {"algorithm": "rsassa_pkcs1v15", "parameters": core.Null()}
    asn1_signer = asn1x509.Certificate.load(der(signer))
    info = cms.SignerInfo({
        "version": "v1",
        "sid": cms.SignerIdentifier({"issuer_and_serial_number": cms.IssuerAndSerialNumber({
            "issuer": asn1_signer.issuer, "serial_number": asn1_signer.serial_number})}),
        "digest_algorithm": {"algorithm": "sha256"},
        "signed_attrs": signed_attrs,
        "signature_algorithm": signature_algorithm,
        "signature": signature,
    })
    content = cms.SignedData({
        "version": "v1",
        "digest_algorithms": [{"algorithm": "sha256"}],
        "encap_content_info": {"content_type": "data"},
        "certificates": [asn1x509.Certificate.load(der(c)) for c in [signer] + chain],
        "signer_infos": [info],
    })
    return without_digest_parameters(cms.ContentInfo({"content_type": "signed_data", "content": content}).dump())

SHA256_WITH_NULL = bytes.fromhex("300d06096086480165030402010500")
SHA256_ABSENT = bytes.fromhex("300b0609608648016503040201")

def der_length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body

def without_digest_parameters(encoding):
    """SHA-256 AlgorithmIdentifiers rewritten with absent parameters, as Apple's current tokens have them
    (asn1crypto always writes NULL); every enclosing length recomputed. The signed attributes hold none."""
    def rewrite(data):
        out = b""; offset = 0
        while offset < len(data):
            tag = data[offset]; length = data[offset + 1]; header = 2
            if length & 0x80:
                count = length & 0x7F
                length = int.from_bytes(data[offset + 2:offset + 2 + count], "big"); header += count
            whole = data[offset:offset + header + length]
            content = data[offset + header:offset + header + length]
            offset += header + length
            if whole == SHA256_WITH_NULL:
                out += SHA256_ABSENT
            elif tag & 0x20:   # constructed (DER in, DER out: unchanged elsewhere)
                inner = rewrite(content)
                out += bytes([tag]) + der_length(len(inner)) + inner
            else:
                out += whole
        return out
    return rewrite(encoding)

def indefinite(encoding, depth=3):
    """The outer constructed layers rewritten with indefinite lengths, as Apple sends the signature (BER)."""
    def parse(data, offset):
        tag = data[offset]; length = data[offset + 1]; header = 2
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[offset + 2:offset + 2 + count], "big"); header += count
        return tag, data[offset + header:offset + header + length], offset + header + length
    def rewrite(data, level):
        out = b""; offset = 0
        while offset < len(data):
            start = offset
            tag, content, offset = parse(data, offset)
            if tag & 0x20 and level < depth:
                out += bytes([tag, 0x80]) + rewrite(content, level + 1) + b"\x00\x00"
            else:
                out += data[start:offset]
        return out
    return rewrite(encoding, 0)

def ec_v1(plaintext, merchant_cert, merchant_id, *, ephemeral_spki=None, truncate_tag=False):
    ephemeral = ec.generate_private_key(ec.SECP256R1())
    z = ephemeral.exchange(ec.ECDH(), merchant_cert.public_key())
    key = hashlib.sha256(b"\x00\x00\x00\x01" + z + b"\x0did-aes256-GCM" + b"Apple" + merchant_id).digest()
    data = AESGCM(key).encrypt(b"\x00" * 16, plaintext, None)
    if truncate_tag:
        data = data[:-1]
    header_key = ephemeral_spki if ephemeral_spki is not None else spki(ephemeral)
    return header_key, data

def rsa_v1(plaintext, merchant_cert):
    key = os.urandom(16)
    wrapped = merchant_cert.public_key().encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
    return wrapped, AESGCM(key).encrypt(b"\x00" * 16, plaintext, None)

def b64(data):
    return base64.b64encode(data).decode()

def token(version, key_bytes, data, merchant_cert, *, signer=ec_signer, signer_key=ec_signer_key, chain=None, signing_time=SIGNING_TIME,
          application_data=None, transaction_id=None, ber=True, tamper=None, attributes=("content_type", "signing_time", "message_digest"),
          public_key_hash_of=None):
    transaction_id = transaction_id or os.urandom(32)
    app = application_data if application_data is not None else b""
    message = key_bytes + data + transaction_id + app
    signature = signed_data(message, signer, signer_key, [intermediate] if chain is None else chain, signing_time, attributes=attributes)
    if ber:
        signature = indefinite(signature)
    hash_source = public_key_hash_of or merchant_cert
    header = {("ephemeralPublicKey" if version == "EC_v1" else "wrappedKey"): b64(key_bytes),
              "publicKeyHash": b64(hashlib.sha256(hash_source.public_key().public_bytes(
                  serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)).digest()),
              "transactionId": transaction_id.hex()}
    if application_data is not None:
        header["applicationData"] = application_data.hex()
    result = {"version": version, "data": b64(data), "signature": b64(signature), "header": header}
    if tamper:
        tamper(result)
    return result

def payment(kind, **extra):
    body = {"applicationPrimaryAccountNumber": "4109370251004320", "applicationExpirationDate": "301231",
            "currencyCode": "840", "transactionAmount": 1999, "deviceManufacturerIdentifier": "040010030273"}
    if kind == "3DSecure":
        body["paymentDataType"] = "3DSecure"
        body["paymentData"] = {"onlinePaymentCryptogram": b64(os.urandom(20)), "eciIndicator": "7"}
    else:
        body["paymentDataType"] = "EMV"
        body["paymentData"] = {"emvData": b64(os.urandom(48)), "encryptedPINData": os.urandom(8).hex().upper()}
    body.update(extra)
    return body

cases = []
def case(name, description, token_json, expected, merchants=("ec",), root="test", at=SIGNING_TIME, window=None):
    entry = {"name": name, "description": description, "token": token_json, "merchants": list(merchants), "root": root,
             "at": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "expected": expected}
    if window is not None:
        entry["signingWindowSeconds"] = window
    cases.append(entry)

def ok(body):
    return {"result": "ok", "paymentData": body}

def error(check):
    return {"result": "error", "check": check}

def encode(body):
    return json.dumps(body, separators=(",", ":")).encode()

# Tokens that verify and decrypt.
body = payment("3DSecure")
k, d = ec_v1(encode(body), merchant_ec, merchant_ec_id)
case("ec-3dsecure", "EC_v1, 3-D Secure, with applicationData", token("EC_v1", k, d, merchant_ec, application_data=os.urandom(32)), ok(body))
body = payment("EMV")
k, d = ec_v1(encode(body), merchant_ec, merchant_ec_id)
case("ec-emv", "EC_v1, EMV, no applicationData, DER signature", token("EC_v1", k, d, merchant_ec, ber=False), ok(body))
body = payment("3DSecure", cardholderName="Jane Appleseed", merchantTokenIdentifier="DNITHE382108412361",
               merchantTokenMetadata={"cardArt": [{"url": "https://example.com/art.png", "type": "cardart"}]},
               authenticationResponses=[{"authenticationData": b64(os.urandom(20)), "transactionAmount": 1999, "currencyCode": "840"}],
               futureMember={"kept": [1, True, None]})
k, d = ec_v1(encode(body), merchant_ec, merchant_ec_id)
case("ec-merchant-token", "EC_v1 with merchant-token fields, authentication responses and a member Apple may add later",
     token("EC_v1", k, d, merchant_ec), ok(body))
body = payment("3DSecure")
k, d = rsa_v1(encode(body), merchant_rsa)
case("rsa-3dsecure", "RSA_v1 (wrapped key), signed with RSA", token("RSA_v1", k, d, merchant_rsa, signer=rsa_signer, signer_key=rsa_signer_key,
                                                                   application_data=os.urandom(32)), ok(body), merchants=("rsa",))
body = payment("EMV")
k, d = ec_v1(encode(body), merchant_ec2, merchant_ec2_id)
case("ec-rotation", "EC_v1 for the second of two configured certificates, chosen by publicKeyHash",
     token("EC_v1", k, d, merchant_ec2), ok(body), merchants=("ec", "ec2"))
body = payment("3DSecure")
k, d = ec_v1(encode(body), merchant_ec, merchant_ec_id)
case("ec-signed-4-minutes-earlier", "signed 4 minutes before the verification time (inside the default window)",
     token("EC_v1", k, d, merchant_ec), ok(body), at=SIGNING_TIME + datetime.timedelta(minutes=4))
case("ec-wider-window", "signed an hour before, verified with a window of two hours",
     token("EC_v1", k, d, merchant_ec), ok(body), at=SIGNING_TIME + datetime.timedelta(hours=1), window=7200)

# Tampering with every signed field.
def flip(field, inner=None):
    def apply(t):
        holder = t["header"] if inner else t
        raw = bytearray(base64.b64decode(holder[field])) if field not in ("transactionId", "applicationData") else bytearray.fromhex(holder[field])
        raw[len(raw) // 2] ^= 0x01
        holder[field] = base64.b64encode(bytes(raw)).decode() if field not in ("transactionId", "applicationData") else bytes(raw).hex()
    return apply

body = payment("3DSecure")
k, d = ec_v1(encode(body), merchant_ec, merchant_ec_id)
app = os.urandom(32)
case("tampered-data", "one bit of data changed", token("EC_v1", k, d, merchant_ec, application_data=app, tamper=flip("data")), error("signature"))
other_key = spki(ec.generate_private_key(ec.SECP256R1()))
def swap_key(t): t["header"]["ephemeralPublicKey"] = b64(other_key)
case("tampered-ephemeral-key", "another valid ephemeral key", token("EC_v1", k, d, merchant_ec, application_data=app, tamper=swap_key), error("signature"))
case("tampered-transaction-id", "one bit of transactionId changed",
     token("EC_v1", k, d, merchant_ec, application_data=app, tamper=flip("transactionId", True)), error("signature"))
case("tampered-application-data", "one bit of applicationData changed",
     token("EC_v1", k, d, merchant_ec, application_data=app, tamper=flip("applicationData", True)), error("signature"))
def drop_app(t): del t["header"]["applicationData"]
case("dropped-application-data", "applicationData removed", token("EC_v1", k, d, merchant_ec, application_data=app, tamper=drop_app), error("signature"))
def add_app(t): t["header"]["applicationData"] = os.urandom(32).hex()
case("added-application-data", "applicationData added to a token signed without it", token("EC_v1", k, d, merchant_ec, tamper=add_app), error("signature"))
def flip_signature_value(t):
    raw = bytearray(base64.b64decode(t["signature"]))
    raw[-40] ^= 0x01   # inside the ECDSA signature value, before the closing end-of-contents octets
    t["signature"] = b64(bytes(raw))
case("tampered-signature", "one bit of the ECDSA signature value changed",
     token("EC_v1", k, d, merchant_ec, application_data=app, ber=False, tamper=flip_signature_value), error("signature"))
wrapped, rd = rsa_v1(encode(body), merchant_rsa)
case("tampered-wrapped-key", "RSA_v1 with one bit of wrappedKey changed",
     token("RSA_v1", wrapped, rd, merchant_rsa, signer=rsa_signer, signer_key=rsa_signer_key, tamper=flip("wrappedKey", True)),
     error("signature"), merchants=("rsa",))
case("message-digest-of-other-content", "a valid signature over attributes whose message digest is of other bytes",
     {**token("EC_v1", k, d, merchant_ec), "signature": b64(signed_data(b"other", ec_signer, ec_signer_key, [intermediate], SIGNING_TIME))},
     error("signature"))

# The signer and its chain.
case("leaf-without-marker", "the signer lacks 1.2.840.113635.100.6.29",
     token("EC_v1", k, d, merchant_ec, signer=unmarked_signer), error("leafMarker"))
case("intermediate-without-marker", "the intermediate lacks 1.2.840.113635.100.6.2.14",
     token("EC_v1", k, d, merchant_ec, chain=[unmarked_intermediate]), error("intermediateMarker"))
case("intermediate-not-a-ca", "the intermediate's basic constraints say it is not a CA",
     token("EC_v1", k, d, merchant_ec, chain=[not_ca_intermediate]), error("chain"))
case("chain-to-another-root", "the intermediate is signed by another key under the root's name",
     token("EC_v1", k, d, merchant_ec, chain=[impostor_intermediate]), error("chain"))
case("chain-to-apple-root", "a test token verified against Apple Root CA - G3",
     token("EC_v1", k, d, merchant_ec), error("chain"), root="apple")
case("no-intermediate", "the SignedData carries only the signer", token("EC_v1", k, d, merchant_ec, chain=[]), error("chain"))
case("expired-signer", "the signer's certificate expired before the verification time",
     token("EC_v1", k, d, merchant_ec, signer=expired_signer), error("chain"))
no_signer = cms.ContentInfo.load(signed_data(k + d, ec_signer, ec_signer_key, [intermediate], SIGNING_TIME))
no_signer["content"]["certificates"] = [asn1x509.Certificate.load(der(intermediate))]
case("signer-not-carried", "the SignerInfo names a certificate the SignedData does not carry",
     {**token("EC_v1", k, d, merchant_ec), "signature": b64(no_signer.dump(force=True))}, error("chain"))

# The signing time.
case("signed-yesterday", "signed a day before the verification time (a replay)",
     token("EC_v1", k, d, merchant_ec, signing_time=SIGNING_TIME - datetime.timedelta(days=1)), error("signingTime"))
case("signed-6-minutes-earlier", "signed 6 minutes before the verification time",
     token("EC_v1", k, d, merchant_ec), error("signingTime"), at=SIGNING_TIME + datetime.timedelta(minutes=6))
case("signed-in-the-future", "signed 10 minutes after the verification time",
     token("EC_v1", k, d, merchant_ec, signing_time=SIGNING_TIME + datetime.timedelta(minutes=10)), error("signingTime"))
case("no-signing-time", "signed attributes without a signing time",
     token("EC_v1", k, d, merchant_ec, attributes=("content_type", "message_digest")), error("signingTime"))

# The merchant's side.
case("unknown-merchant-certificate", "no configured certificate has the token's publicKeyHash",
     token("EC_v1", k, d, merchant_ec), error("publicKeyHash"), merchants=("ec2",))
case("public-key-hash-of-another-key", "a signed publicKeyHash of another merchant key",
     token("EC_v1", k, d, merchant_ec, public_key_hash_of=merchant_ec2), error("publicKeyHash"))
case("wrong-merchant-identifier", "the configured certificate has the same key but another merchant ID",
     token("EC_v1", k, d, merchant_ec), error("decryption"), merchants=("ec-other-id",))
off_curve = bytearray(spki(ec.generate_private_key(ec.SECP256R1())))
off_curve[-1] ^= 0x01   # y changed: the point is no longer on the curve
k_off, d_off = ec_v1(encode(body), merchant_ec, merchant_ec_id, ephemeral_spki=bytes(off_curve))
case("ephemeral-key-off-curve", "a signed ephemeral key whose point is not on P-256", token("EC_v1", k_off, d_off, merchant_ec), error("ephemeralKey"))
p384_key = spki(ec.generate_private_key(ec.SECP384R1()))
case("ephemeral-key-p384", "a signed ephemeral key on P-384", token("EC_v1", p384_key, d, merchant_ec), error("ephemeralKey"))
k_t, d_t = ec_v1(encode(body), merchant_ec, merchant_ec_id, truncate_tag=True)
case("truncated-tag", "data one byte short (a 15-byte tag)", token("EC_v1", k_t, d_t, merchant_ec), error("decryption"))
wrapped, rd = rsa_v1(encode(body), merchant_rsa)
case("rsa-token-for-ec-merchant", "an RSA_v1 token whose publicKeyHash names an EC certificate",
     token("RSA_v1", wrapped, rd, merchant_rsa, signer=rsa_signer, signer_key=rsa_signer_key, public_key_hash_of=merchant_ec),
     error("version"), merchants=("ec",))
def rename_version(t): t["version"] = "EC_v2"
case("unknown-version", "a version other than EC_v1 and RSA_v1", token("EC_v1", k, d, merchant_ec, tamper=rename_version), error("version"))
def rsa_header(t):
    t["header"]["wrappedKey"] = t["header"].pop("ephemeralPublicKey")
case("ec-with-wrapped-key", "EC_v1 whose header has wrappedKey instead of ephemeralPublicKey",
     token("EC_v1", k, d, merchant_ec, tamper=rsa_header), error("malformed"))

def key_pem(key, fmt):
    formats = {"pkcs8": serialization.PrivateFormat.PKCS8, "sec1": serialization.PrivateFormat.TraditionalOpenSSL,
               "pkcs1": serialization.PrivateFormat.TraditionalOpenSSL}
    return key.private_bytes(serialization.Encoding.PEM, formats[fmt], serialization.NoEncryption()).decode()

document = {
    "source": "scripts/crosscheck/apple-pay-tokens.py (Python cryptography " + __import__("cryptography").__version__ + ", asn1crypto)",
    "testRoot": pem(root),
    "merchants": {
        "ec": {"certificate": pem(merchant_ec), "keyPKCS8": key_pem(merchant_ec_key, "pkcs8"), "keySEC1": key_pem(merchant_ec_key, "sec1"),
               "merchantIdentifierHash": merchant_ec_id.hex()},
        "ec2": {"certificate": pem(merchant_ec2), "keyPKCS8": key_pem(merchant_ec2_key, "pkcs8"),
                "merchantIdentifierHash": merchant_ec2_id.hex()},
        "ec-other-id": {"certificate": pem(merchant_other_id), "keyPKCS8": key_pem(merchant_ec_key, "pkcs8")},
        "rsa": {"certificate": pem(merchant_rsa), "keyPKCS8": key_pem(merchant_rsa_key, "pkcs8"), "keyPKCS1": key_pem(merchant_rsa_key, "pkcs1"),
                "merchantIdentifierHash": merchant_rsa_id.hex()},
    },
    "cases": cases,
}
out.parent.mkdir(parents=True, exist_ok=True)
out.write_text(json.dumps(document, indent=1) + "\n")
print(f"wrote {len(cases)} cases to {out}")
