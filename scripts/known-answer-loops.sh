#!/usr/bin/env bash
# Known answers whose loops are too long for the debug test run, on the release build of the modules:
# - RFC 7748 §5.2's X25519 iterated 1,000,000 times (the expected value is in
#   Tests/PureCurve25519Tests/Vectors/x25519_vectors.json; the debug tests run 1,000 iterations), and X448
#   iterated 1,000 and 1,000,000 times (Tests/PureCurve448Tests/Vectors/curve448_vectors.json; the debug
#   tests run one);
# - every case of Wycheproof's ECDH files for P-384 and P-521 (Tests/KeyAgreementTests/Vectors; the debug
#   tests run the P-256 files), thousands of scalar multiplications on the generic arithmetic, and P-384's
#   and P-521's edge scalars (1…24 and n − 24…n − 1: the ladder against the comb; the debug tests run P-256's);
# - every P-384 and P-521 key pair of NIST's SigGen.txt: d·G by the comb and by the ladder is the file's Q (the
#   debug tests check every fifth pair through the verification tables and the comb);
# - every case of Wycheproof's ECDSA files for P-384 (SHA-384) and P-521 (SHA-512), DER and P1363 signatures
#   (Tests/PureP384Tests/Vectors, Tests/PureP521Tests/Vectors; the debug tests run the first case of each
#   flag and result);
# - C2SP CCTV's accumulated ML-DSA hashes at 10,000 iterations for each size, and its exhaustive field-operation
#   hash (every r in Zq), from Tests/PureMLDSATests/Vectors/cctv_accumulated_README.md (the debug tests run
#   the 100-iteration hashes). The 60,000,000-iteration run is documented in Docs/PostQuantum.md;
# - every case of Wycheproof's rsa_oaep files (Tests/PureRSATests/Vectors; the debug tests run the first case of
#   each flag and result of the single-parameter files and each group's first case of rsa_oaep_misc_test.json):
#   private operations with keys of up to 8192 bits;
# - AES-GCM (Wycheproof's aes_gcm_test.json), RSA signing (the SHA-2 cases of rsa_pkcs1_*_sig_gen) and SHA-256
#   of long messages (NIST's SHA256LongMsg.rsp) on the SSE2 form of the AES planes, the radix-2^28 lanes and
#   the four-block schedule: debug builds give them plain-integer lanes (Sources/PureAES/BoyarPeraltaSBox.swift,
#   Sources/PureBigInt/Radix28Montgomery.swift, Sources/PureSHA2/SHA256FourBlockSchedule.swift), so the debug
#   tests check that form and these the optimized one;
# - every modular case of Tests/PureBigIntTests/Vectors/bigint_vectors.json: modular powers with moduli and
#   exponents of up to 4096 bits (the debug tests run all but the 3072- and 4096-bit powers).
#
#   bash scripts/known-answer-loops.sh          # exit 0: every known answer matched
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --target PureCurve25519 >/dev/null
swift build -c release --target PureCurve448 >/dev/null
swift build -c release --target PureP384 >/dev/null
swift build -c release --target PureP521 >/dev/null
swift build -c release --target PureMLDSA >/dev/null
swift build -c release --target PureRSA >/dev/null
swift build -c release --target PureAES >/dev/null
bin=$(swift build -c release --show-bin-path)
out=.build-known-answers
mkdir -p "$out"
objects=()
# The objects of each module's current sources (its `sources` list), not every *.o in the folder: an
# object left from a deleted source would define its symbols twice.
for module in PureCurve25519 PureCurve448 PureP384 PureP521 PureECDSA PureSHA2 PureASN1 PureBase64 PureBigInt PureSHA3 PureMLDSA PureRSA PureAES; do
    while read -r source; do
        objects+=("$bin/$module.build/$(basename "$source").o")
    done < "$bin/$module.build/sources"
done
# The package name SwiftPM compiled the modules with: the loops use some `package` API (OAEP with a label).
package_name=$(grep -o '"-package-name","[^"]*"' .build/release.yaml | head -n 1 | cut -d'"' -f4 || true)
[[ -n $package_name ]] || { echo "no -package-name in .build/release.yaml"; exit 1; }
swiftc -O scripts/known-answer-loops/*.swift -module-name KnownAnswerLoops -package-name "$package_name" -I "$bin/Modules" "${objects[@]}" -o "$out/known-answer-loops"
expected=$(sed -n 's/.*"1000000": "\([0-9a-f]*\)".*/\1/p' Tests/PureCurve25519Tests/Vectors/x25519_vectors.json)
[[ ${#expected} == 64 ]] || { echo "no 1,000,000-iteration value in x25519_vectors.json"; exit 1; }
# The X25519 loop (the longest, single-threaded) runs beside the others; its line is printed when it ends.
"$out/known-answer-loops" x25519 1000000 "$expected" &
x25519_pid=$!
# X448's, as long, after the thousand-iteration check, likewise beside the others.
vectors448=Tests/PureCurve448Tests/Vectors/curve448_vectors.json
# The file writes each case as {"iterations": N, "result": HEX}, one member a line.
x448_expected() { grep -A1 "\"iterations\": $1," "$vectors448" | sed -n 's/.*"result": "\([0-9a-f]*\)".*/\1/p'; }
x448_1000=$(x448_expected 1000) x448_million=$(x448_expected 1000000)
[[ ${#x448_1000} == 112 && ${#x448_million} == 112 ]] || { echo "no X448 iterated values in $vectors448"; exit 1; }
( "$out/known-answer-loops" x448 1000 "$x448_1000" && "$out/known-answer-loops" x448 1000000 "$x448_million" ) &
x448_pid=$!
# A failing loop below ends the script (set -e): the X25519 and X448 loops must not run on after it.
trap '[[ -n ${x25519_pid:-} ]] && kill "$x25519_pid" 2>/dev/null; [[ -n ${x448_pid:-} ]] && kill "$x448_pid" 2>/dev/null; true' EXIT
"$out/known-answer-loops" ecdh Tests/KeyAgreementTests/Vectors/ecdh_secp{384,521}r1{,_ecpoint}_test.json
"$out/known-answer-loops" ecdh-edge
"$out/known-answer-loops" nist-key-pairs Tests/PureP384Tests/Vectors/SigGen.txt
"$out/known-answer-loops" ecdsa Tests/PureP384Tests/Vectors/ecdsa_secp384r1_sha384{,_p1363}_test.json \
    Tests/PureP521Tests/Vectors/ecdsa_secp521r1_sha512{,_p1363}_test.json
readme=Tests/PureMLDSATests/Vectors/cctv_accumulated_README.md
"$out/known-answer-loops" mldsa-field "$readme"
"$out/known-answer-loops" mldsa-accumulated 10000 "$readme"
"$out/known-answer-loops" oaep Tests/PureRSATests/Vectors/rsa_oaep_*_test.json
"$out/known-answer-loops" aes-gcm Tests/PureAESTests/Vectors/aes_gcm_test.json
"$out/known-answer-loops" rsa-sig-gen Tests/PureRSATests/Vectors/rsa_pkcs1_{2048,3072,4096}_sig_gen_test.json
"$out/known-answer-loops" sha256 Tests/PureSHA2Tests/Vectors/SHA256LongMsg.rsp
"$out/known-answer-loops" bigint-modular Tests/PureBigIntTests/Vectors/bigint_vectors.json
x25519_status=0 x448_status=0
wait "$x25519_pid" || x25519_status=$?
x25519_pid=
wait "$x448_pid" || x448_status=$?
x448_pid=
exit $(( x25519_status || x448_status ))
