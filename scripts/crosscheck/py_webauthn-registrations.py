#!/usr/bin/env python3
"""Cross-check of PureWebAuthn's registration verdicts with an independent implementation, py_webauthn 3.0.1
(and cbor2 6.3.0, which it reads CBOR with): every registration fixture in Tests/PureWebAuthnTests/Vectors/
fixtures/registration is verified by py_webauthn with the fixture's challenge, origin, RP ID, user
verification, trusted roots and check time (OpenSSL's X509Store pinned to it; timestamps frozen with
freezegun), and the verdict written to Tests/PureWebAuthnTests/Vectors/py_webauthn-registrations.json.
RegistrationTests reads it: where py_webauthn verified, this library must verify too, but for the divergences
listed there, each with its reason. py_webauthn's refusals are recorded with its words, not compared: many
come from this harness rather than the response (py_webauthn adds its own roots for some formats and its
chain check then fails at the pinned time; two SafetyNet tests call its statement verifier alone and name no
RP ID), and the others are the suites' own expected failures, which the fixture test compares already.

    pip install webauthn==3.0.1 cbor2==6.3.0 freezegun
    python3 scripts/crosscheck/py_webauthn-registrations.py      # from the repository root

Not part of the test suite (which must not need Python); its output is.
"""
import base64, datetime, importlib.metadata, json, pathlib
import cbor2, freezegun, webauthn
from OpenSSL.crypto import X509Store
import webauthn.helpers.validate_certificate_chain as chain_module
from webauthn.helpers.structs import AttestationFormat

root = pathlib.Path(__file__).resolve().parent.parent.parent
folder = root / "Tests" / "PureWebAuthnTests" / "Vectors" / "fixtures" / "registration"
check_time = None

def pinned_store():
    store = X509Store()
    store.set_time(check_time)
    return store

chain_module._generate_new_cert_store = pinned_store

def values(field):
    return field if isinstance(field, list) else [field]

# Where py_webauthn verifies and this library, by design, refuses (the test checks every other verification).
divergences = {
    "packed/simplewebauthn-packed-fail-if-id-fido-gen-ce-aaguid-extension-is-present-and-does-not-match.json":
        "py_webauthn does not compare the id-fido-gen-ce-aaguid extension with the AAGUID (WebAuthn §8.2.1 requires it); SimpleWebAuthn refuses too",
    "none/simplewebauthn-none-throw-when-response-type-is-not-expected-value.json":
        "SimpleWebAuthn's expected-type option, which neither py_webauthn nor this library has; the test checks the client data's type instead",
    "none/simplewebauthn-none-throw-when-response-type-is-not-in-list-of-expected-types.json":
        "SimpleWebAuthn's expected-type option, which neither py_webauthn nor this library has; the test checks the client data's type instead",
}

results = []
for path in sorted(folder.rglob("*.json")):
    name = str(path.relative_to(folder))
    fixture = json.loads(path.read_text())
    response = fixture["response"]
    # py_webauthn decodes base64url with Python's lenient decoder; give it the JSON encoding's form.
    attestation = response["response"]["attestationObject"].replace("+", "-").replace("/", "_").rstrip("=")
    response = {**response, "response": {**response["response"], "attestationObject": attestation}}
    fmt = cbor2.loads(base64.urlsafe_b64decode(attestation + "=" * (-len(attestation) % 4)))["fmt"]
    check_time = datetime.datetime.fromisoformat(fixture["check_time"].replace("Z", "+00:00"))
    roots = [pem.encode() for pem in (fixture["trusted_roots"].get("pem") or [])]
    options = fixture["options"]
    require_uv = options.get("requireUserVerification", options.get("require_user_verification", name.startswith("simplewebauthn")))
    rp_ids = values(fixture["expected_rp_id"]) if fixture["expected_rp_id"] else None
    if rp_ids is None:
        host = values(fixture["expected_origin"])[0].split("//")[1].split(":")[0].split(".")
        rp_ids = [".".join(host[i:]) for i in range(max(len(host) - 1, 1))]
    verdict, reason = "refused", ""
    for rp_id in rp_ids:
        try:
            with freezegun.freeze_time(check_time):
                webauthn.verify_registration_response(
                    credential=response, expected_challenge=bytes.fromhex(fixture["expected_challenge_hex"]),
                    expected_origin=values(fixture["expected_origin"]), expected_rp_id=rp_id,
                    require_user_verification=bool(require_uv),
                    pem_root_certs_bytes_by_fmt={AttestationFormat(fmt): roots} if roots else None)
            verdict, reason = "verified", ""
            break
        except Exception as error:  # noqa: BLE001 — every refusal is recorded with its words
            reason = f"{type(error).__name__}: {error}"[:300]
    results.append({"fixture": name, "fmt": fmt, "py_webauthn": verdict, "reason": reason,
                    "divergence": divergences.get(name)})

output = {"description": "py_webauthn 3.0.1's verdict on every registration fixture (scripts/crosscheck/py_webauthn-registrations.py): "
                         "the fixture's challenge, origin, RP ID, UV policy, trusted roots, check time",
          "tool": f"py_webauthn {webauthn.__version__}, cbor2 {importlib.metadata.version('cbor2')}",
          "results": results}
(root / "Tests" / "PureWebAuthnTests" / "Vectors" / "py_webauthn-registrations.json").write_text(json.dumps(output, indent=1) + "\n")
print(sum(r["py_webauthn"] == "verified" for r in results), "verified,", sum(r["py_webauthn"] == "refused" for r in results), "refused")
