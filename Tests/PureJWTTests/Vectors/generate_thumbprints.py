#!/usr/bin/env python3
"""Writes jwk_thumbprints.json: RFC 7638 thumbprints of the RFC 7515 Appendix A keys, computed with joserfc
(independent of PureJWT)."""
import json, pathlib
from joserfc.jwk import JWKRegistry

here = pathlib.Path(__file__).parent
examples = json.loads((here / "rfc7515_appendix_a_jws_examples.json").read_text())["examples"]
out = {}
for name in ["A.1", "A.2", "A.3"]:
    jwk = examples[name]["jwk_private"]
    key = JWKRegistry.import_key(jwk)
    out[name] = key.thumbprint()
(here / "jwk_thumbprints.json").write_text(json.dumps({"generator": "generate_thumbprints.py (joserfc)", "thumbprints": out}, indent=1) + "\n")
