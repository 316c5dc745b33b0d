#!/usr/bin/env python3
"""Checks the offer signatures `appleauth appstore sign` makes with an independent implementation.

For every signed case of signature_creators.json (Apple's signature-creator tests): the promotional offer V1
signature is verified with Python `cryptography` (ECDSA P-256, SHA-256) over the file's exact U+2063 string;
each JWS is verified with `joserfc` against the file's public key, and its header and claims compared with
what Apple's tests and documentation require (alg ES256, kid, typ JWT; iss, iat in whole seconds, aud, bid,
nonce a lowercase UUID, no exp; the kind's own claims). Not needed by `swift test`; run by hand after a
change to the signatures:

    swift build --product appleauth
    python3 Tests/AppStoreServerAPITests/Vectors/check_offer_signatures.py .build/debug/appleauth

Prints one line per case and exits 1 if any check fails.
"""

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from joserfc import jws
from joserfc.jwk import ECKey

HERE = Path(__file__).resolve().parent
VECTORS = json.loads((HERE / "signature_creators.json").read_text())
KEY = HERE / "testSigningKey.p8"
PUBLIC_PEM = VECTORS["public_key_pem"].encode()
UUID_LOWER = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
failures = 0


def check(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures += 1


def tool(tool_path, *arguments, key_id="keyId", bundle_id="bundleId"):
    command = [tool_path, "appstore", "sign", *arguments, "--issuer-id", "issuerId", "--key-id", key_id,
               "--key", str(KEY), "--bundle-id", bundle_id]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: exit {result.returncode}: {result.stderr.strip()}")
    return result.stdout.strip()


def main(tool_path):
    public_key = serialization.load_pem_public_key(PUBLIC_PEM)

    for case in VECTORS["promotional_offer_v1"]["cases"]:
        inputs = case["inputs"]
        arguments = ["promotional-offer", "--product", inputs["productIdentifier"], "--offer", inputs["offerIdentifier"],
                     "--nonce", inputs["nonce"], "--timestamp", str(inputs["timestamp"])]
        if inputs["appAccountToken"] and re.match(r"^[0-9A-Fa-f-]{36}$", inputs["appAccountToken"]):
            arguments += ["--app-account-token", inputs["appAccountToken"]]
        elif inputs["appAccountToken"]:
            print(f"skip {case['description']}: the tool takes a UUID --app-account-token (the library tests take any string)")
            continue
        out = json.loads(tool(tool_path, *arguments, key_id=inputs["keyId"], bundle_id=inputs["bundleId"]))
        try:
            public_key.verify(base64.b64decode(out["signature"], validate=True), case["signed_string"].encode(),
                              ec.ECDSA(hashes.SHA256()))
            verified = True
        except InvalidSignature:
            verified = False
        check(verified and out["nonce"] == inputs["nonce"].lower() and out["timestamp"] == inputs["timestamp"],
              f"V1 {case['description']}")

    jwk = ECKey.import_key(PUBLIC_PEM)
    common = VECTORS["jws_signatures"]["common"]
    for case in VECTORS["jws_signatures"]["cases"]:
        if "expected" in case:
            continue  # refusals: the Swift tests check those
        inputs = case["inputs"]
        if case["creator"] == "PromotionalOfferV2SignatureCreator":
            arguments = ["promotional-offer-v2", "--product", inputs["productId"], "--offer", inputs["offerIdentifier"]]
            if inputs.get("transactionId"):
                arguments += ["--transaction-id", inputs["transactionId"]]
        elif case["creator"] == "IntroductoryOfferEligibilitySignatureCreator":
            arguments = ["introductory-offer-eligibility", "--product", inputs["productId"],
                         "--allow", "true" if inputs["allowIntroductoryOffer"] else "false",
                         "--transaction-id", inputs["transactionId"]]
        else:
            arguments = ["advanced-commerce", json.dumps(inputs["request"])]
        token = tool(tool_path, *arguments)
        obj = jws.deserialize_compact(token, jwk, algorithms=["ES256"])
        header = obj.headers()
        claims = json.loads(obj.payload)
        expected = {k: v for k, v in inputs.items() if v is not None and k != "request"}
        ok = header == common["header"]
        ok &= claims["iss"] == "issuerId" and claims["bid"] == "bundleId" and claims["aud"] == case["aud"]
        ok &= isinstance(claims["iat"], int) and "exp" not in claims and bool(UUID_LOWER.match(claims["nonce"]))
        ok &= all(claims.get(k) == v for k, v in expected.items())
        ok &= all(k not in claims for k in case.get("expected_claims_absent", []))
        if "request" in inputs:
            ok &= json.loads(base64.b64decode(claims["request"], validate=True)) == inputs["request"]
        ok &= set(claims) == {"iss", "iat", "aud", "bid", "nonce"} | set(expected) | ({"request"} if "request" in inputs else set())
        check(ok, f"JWS {case['creator']} {sorted(expected)} verified by joserfc")

    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
