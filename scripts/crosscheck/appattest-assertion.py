#!/usr/bin/env python3
"""Writes Tests/AppleAuthToolTests/Vectors/appattest-assertions.json: App Attest assertions made by an
independent implementation (Python cryptography and cbor2) for the `appleauth appattest assertion` tests,
since no public assertion sample comes with its client data. Each: a P-256 key (its public PEM), the client
data (JSON bytes, as the example server's clients send), and the assertion CBOR {signature,
authenticatorData}: authenticatorData = SHA-256(App ID) ‖ flags 0x00 ‖ counter (big-endian)
[‖ a CBOR map, as newer iOS releases append], signature = ECDSA-SHA256 (DER) over
nonce = SHA-256(authenticatorData ‖ SHA-256(clientData)) (Apple, "Validating apps that connect to your
server", assertion steps 1-3).

    python3 scripts/crosscheck/appattest-assertion.py     # from the repository root

Keys are random on each run; the committed output is what the tests use.
"""
import base64, hashlib, json, pathlib
import cbor2
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

root = pathlib.Path(__file__).resolve().parent.parent.parent
app_id = "ABCDE12345.com.example.attest"
key = ec.generate_private_key(ec.SECP256R1())
public_pem = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
client_data = json.dumps({"challenge": base64.b64encode(bytes(range(32))).decode(), "action": "buy"}, separators=(",", ":")).encode()

def assertion(counter, trailing=None, app=app_id):
    auth_data = hashlib.sha256(app.encode()).digest() + b"\x00" + counter.to_bytes(4, "big")
    if trailing is not None:
        auth_data += cbor2.dumps(trailing)
    nonce = hashlib.sha256(auth_data + hashlib.sha256(client_data).digest()).digest()
    signature = key.sign(nonce, ec.ECDSA(hashes.SHA256()))
    return base64.b64encode(cbor2.dumps({"signature": signature, "authenticatorData": auth_data})).decode()

output = {
    "description": "App Attest assertions made with Python cryptography and cbor2 (scripts/crosscheck/appattest-assertion.py)",
    "app_id": app_id,
    "public_key_pem": public_pem,
    "client_data": client_data.decode(),
    "cases": [
        {"name": "counter 5 after 4", "assertion_b64": assertion(5), "previous_counter": 4, "expected": {"outcome": "success", "counter": 5}},
        {"name": "with the trailing map newer iOS releases write", "assertion_b64": assertion(6, {"apple_bundle_version_01": "1"}),
         "previous_counter": 5, "expected": {"outcome": "success", "counter": 6}},
        {"name": "a replay: counter 5 again", "assertion_b64": assertion(5), "previous_counter": 5,
         "expected": {"outcome": "failure", "error_contains": "not greater than the stored one"}},
        {"name": "another app's", "assertion_b64": assertion(7, app="ABCDE12345.com.example.other"), "previous_counter": 0,
         "expected": {"outcome": "failure", "error_contains": "App ID"}},
    ],
}
(root / "Tests" / "AppleAuthToolTests" / "Vectors" / "appattest-assertions.json").write_text(json.dumps(output, indent=1) + "\n")
print(len(output["cases"]), "assertions")
