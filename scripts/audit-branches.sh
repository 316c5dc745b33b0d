#!/usr/bin/env bash
# Machine-code audit of the constant-time functions of PureP256, PureCurve25519, PureCurve448, PureP384, PureP521, PureSecp256k1, PureAES, PureMLDSA, PurePKCS12's Triple DES and PureRSA's OAEP decoding (with
# the PureECDSA code specialised for the last two) and of PureBigInt's Montgomery kernel for RSA signing: builds those modules in release and lists every
# conditional jump in the functions that must have none. LLVM is free to turn a carry or a masked select
# into a branch (it did, see Docs/Security.md), and no Swift source review can see that; this can. It also
# checks that the always-zero globals the carries and masks are XORed with survived optimization.
#
#   bash scripts/audit-branches.sh         # exit 0: none found; exit 1: jumps listed
#   bash scripts/audit-branches.sh --scratch-path .build-haswell -Xswiftc -target-cpu -Xswiftc haswell
#                                          # the same audit of a build for another CPU (arguments go to
#                                          # `swift build`)
#
# Needs objdump and nm (binutils) and `swift demangle`. A function missing from the binary (inlined
# everywhere) is reported, not silently passed: its callers in the list are then what is checked.
set -euo pipefail
cd "$(dirname "$0")/.."
# The release objects of the audited modules (built here, without the rest of the package: PureJWT, the App
# Store modules and the tools add nothing to audit), linked into one shared object: their functions'
# machine code as in any binary that links them (a relocatable `ld -r` file holds the same code, but with a
# section per function objdump reads it a hundred times slower).
audited_modules=(PureP256 PureECDSA PureBigInt PureCurve25519 PureCurve448 PureSHA3 PureP384 PureP521 PureSecp256k1 PureMLDSA PurePKCS12 PureAES PureRSA)
for module in PureP256 PureCurve25519 PureCurve448 PureP384 PureP521 PureSecp256k1 PureMLDSA PurePKCS12 PureRSA; do   # each builds those it imports (PurePKCS12: PureAES)
  swift build -c release --target "$module" "$@" >/dev/null
done
bin_path="$(swift build -c release --show-bin-path "$@")"
audit_dir=$(mktemp -d)
trap 'rm -rf "$audit_dir"' EXIT
# The objects of each module's current sources (its `sources` list), not every *.o in the folder: an object
# left from a renamed source would define its symbols twice.
audited_objects=()
for module in "${audited_modules[@]}"; do
  while read -r source; do audited_objects+=("$bin_path/$module.build/$(basename "$source").o"); done < "$bin_path/$module.build/sources"
done
ld -shared -o "$audit_dir/audited.so" "${audited_objects[@]}"
binary="$audit_dir/audited.so"

# Demangled names (prefixes) of functions that must be free of conditional jumps: the field and scalar
# arithmetic and the complete point formulas. Loops with public trip counts live in generatorMultiplied
# and in the safegcd inversions (FieldElement.inverted, Scalar.inverted: 10 × 59 divsteps), which are
# therefore not in this list; the dudect test (Benchmarks/Sources/ConstantTime) measures those.
required=(
  "static PureP256.FieldElement.* infix"
  "PureP256.FieldElement.squared.getter"
  "PureP256.Modulus.multiply"
  "static PureP256.Scalar.montgomeryMultiply"
  "PureP256.ProjectivePoint.adding(PureP256.ProjectivePoint)"
  "PureP256.JacobianPoint.addingDistinct(PureP256.AffinePoint)"
  "PureP256.ProjectivePoint.doubled()"
)

# PureCurve25519 (Ed25519 signing): in the release binary the field arithmetic and the point formulas are
# inlined into the functions below; a name starting with "~" is matched anywhere in the demangled name
# (the compiler's "function signature specialization <…> of" prefixes vary between versions).
required+=(
  "PureCurve25519.Scalar.adding("
  "PureCurve25519.FieldElement.equalityMask("
)

# PureP384 and PureP521 signing: PureECDSA's complete formulas, specialised per curve (a "~" name matches
# anywhere, so "<PureP384.P384Curve> of …" picks the specialisation, not the unused generic body), and each
# curve's field arithmetic where it is not inlined into them.
for curve in "PureP384.P384Curve" "PureP521.P521Curve" "PureSecp256k1.Secp256k1Curve"; do
  required+=(
    "~<$curve> of PureECDSA.ProjectivePoint.adding("
    "~<$curve> of PureECDSA.ProjectivePoint.doubled("
  )
done
# secp256k1 (ES256K): the a = 0 formulas wherever they are not inlined into the two above, and its field
# (products folded by 2^32 + 977) and scalar arithmetic.
required+=(
  "~<PureSecp256k1.Secp256k1Curve> of PureECDSA.ProjectivePoint.addingA0("
  "~<PureSecp256k1.Secp256k1Curve> of PureECDSA.ProjectivePoint.doubledA0("
  "static PureSecp256k1.FieldElement.* infix"
  "PureSecp256k1.FieldElement.squared.getter"
  "static PureSecp256k1.FieldElement.+ infix"
  "static PureSecp256k1.FieldElement.- infix"
  "static PureSecp256k1.FieldElement.reduce("
  "static PureSecp256k1.Scalar.montgomeryMultiply("
  "static PureSecp256k1.Scalar.* infix"
  "static PureSecp256k1.Scalar.+ infix"
  "PureSecp256k1.Scalar.isZeroMask.getter"
  "~PureSecp256k1.Secp256k1Curve> of PureECDSA.JacobianPoint.doubledConstantTime("
  "~PureSecp256k1.Secp256k1Curve> of PureECDSA.JacobianPoint.doubledA0("
  "~PureSecp256k1.Secp256k1Curve> of PureECDSA.JacobianPoint.addingConstantTime"
)
# P-384's field arithmetic (FieldMultiplication.swift), wherever it is not inlined: its carries go partly
# without barriers, so every function of it is listed.
required+=(
  "static PureP384.FieldElement.montgomeryMultiply("
  "static PureP384.FieldElement.montgomerySquare("
  "static PureP384.FieldElement.reduce("
  "static PureP384.FieldElement.reductionRound("
  "static PureP384.FieldElement.reduceWide("
  "static PureP384.FieldElement.montgomerySquareInTwoWords("
  "PureP384.squareWide("
  "PureP384.productWide("
  "static PureP384.FieldElement.* infix"
  "PureP384.FieldElement.squared.getter"
  "static PureP384.FieldElement.+ infix"
  "static PureP384.FieldElement.- infix"
)
# ECDH (issue 43): the constant-time variable-base ladder's doubling and masked additions, P-256's own and
# the generic Jacobian ones specialised per curve, wherever they are not inlined into the ladder.
required+=(
  "PureP256.JacobianPoint.doubledConstantTime("
  "PureP256.JacobianPoint.addingConstantTime"
  "~PureP384.P384Curve> of PureECDSA.JacobianPoint.doubledConstantTime("
  "~PureP384.P384Curve> of PureECDSA.JacobianPoint.addingConstantTime"
  "~PureP521.P521Curve> of PureECDSA.JacobianPoint.doubledConstantTime("
  "~PureP521.P521Curve> of PureECDSA.JacobianPoint.addingConstantTime"
)
required+=(
  "PureP384.Modulus384.multiply"
  "PureP384.Modulus384.subtract"
  "PureP384.FieldElement.squared.getter"
  "PureP384.Scalar.isZeroMask.getter"
  "PureP521.FieldElement.squared.getter"
  "static PureP521.FieldElement.* infix"
  "PureP521.Scalar.isZeroMask.getter"
)

# Functions whose only conditional jumps may be loop back-edges (a jump to a lower address): the loops
# have public trip counts, and an `if` on data would show up as a forward jump.
loops_only=(
  "PureP256.FieldElement.inverted.getter"
  "PureP256.Scalar.inverted.getter"
  "PureBigInt.SafeGCDModulus.inverse("   # P-256 and Ed25519; not inverseVartime, which is variable-time by design
)

loops_only+=(
  "~static PureCurve25519.EdwardsPoint.baseMultiple("    # the fixed-base loop: lookups and additions inlined
  "~static PureCurve25519.EdwardsPoint.signedRadix16("
  "~static PureCurve25519.Scalar.montgomeryMultiply("
  "PureCurve25519.FieldElement.inverted.getter"
  "~static PureCurve25519.X25519.scalarMultiply("     # the Montgomery ladder: 255 steps, swaps by mask
)

# PureCurve448 (Ed448 signing, X448): the field's products, squares and canonical reduction, and the
# complete point formulas, where they are not inlined, may not branch at all; the fixed-base
# multiplication (112 signed digits, each a scan of eight table entries by mask and a mixed addition), the
# X448 ladder, the inversion chain and the Montgomery scalar arithmetic loop over public counts only.
required+=(
  "static PureCurve448.FieldElement.* infix"
  "PureCurve448.FieldElement.squared.getter"
  "PureCurve448.FieldElement.canonical.getter"
  "PureCurve448.EdwardsPoint.adding("
  "PureCurve448.EdwardsPoint.doubled("
  "PureCurve448.EdwardsPoint.adding(PureCurve448.AffinePoint"
)
loops_only+=(
  "~static PureCurve448.EdwardsPoint.baseMultiple("     # the fixed-base loops: lookups and additions inlined
  "~static PureCurve448.EdwardsPoint.signedRadix16("
  "~static PureCurve448.EdwardsPoint.lookup("
  "~static PureCurve448.X448.scalarMultiply("
  "PureCurve448.FieldElement.powerPMinus3Over4.getter"
  "PureCurve448.FieldElement.inverted.getter"
  "~static PureCurve448.Scalar.montgomeryMultiply("
  "~static PureCurve448.Scalar.(subtractOrderIfAbove"
  "~static PureCurve448.Scalar.multiplyAdd("
  "~static PureCurve448.Scalar.reducing(wide:"
  "PureCurve448.EdwardsPoint.encoded.getter"
)

# PureP384 and PureP521: the comb's loop over the scalar's digits (table scans and additions inlined), and
# the inversions by fixed exponent windows or addition chains.
# The ECDH ladder (issue 43): 2·byteCount windows of four doublings, a table scan and an addition, per
# point type.
loops_only+=(
  "~<PureP256.JacobianPoint> of static (extension in PureECDSA):PureECDSA.LadderPoint.ladder("
  "~PureECDSA.JacobianPoint<PureP384.P384Curve>> of static (extension in PureECDSA):PureECDSA.LadderPoint.ladder("
  "~PureECDSA.JacobianPoint<PureP521.P521Curve>> of static (extension in PureECDSA):PureECDSA.LadderPoint.ladder("
  "~PureECDSA.JacobianPoint<PureSecp256k1.Secp256k1Curve>> of static (extension in PureECDSA):PureECDSA.LadderPoint.ladder("
  "~PureECDSA.SignedRadix16Digits.recode("    # the secret scalar's recoding
)

loops_only+=(
  "~<PureP384.P384Curve> of closure #1 (Swift.UnsafeBufferPointer<PureECDSA.AffinePoint<A>>) -> () in PureECDSA.GeneratorComb.multiply("
  "~<PureP521.P521Curve> of closure #1 (Swift.UnsafeBufferPointer<PureECDSA.AffinePoint<A>>) -> () in PureECDSA.GeneratorComb.multiply("
  "PureP384.Modulus384.power("
  "PureP384.FieldElement.inverted.getter"
  "PureP384.Scalar.inverted.getter"
  "PureP521.FieldElement.inverted.getter"      # with PureECDSA's squared(times:) inlined into it, as in P-384's
  "PureP521.Scalar.inverted.getter"
  "~<PureSecp256k1.Secp256k1Curve> of closure #1 (Swift.UnsafeBufferPointer<PureECDSA.AffinePoint<A>>) -> () in PureECDSA.GeneratorComb.multiply("
  "PureSecp256k1.FieldElement.inverted.getter"
  "PureSecp256k1.FieldElement.runs.getter"
  "PureSecp256k1.Scalar.inverted.getter"
)

# PureBigInt, for RSA signing: the constant-time Montgomery multiplication and squaring compiled for the limb counts of
# RSA-2048, -3072 and -4096's CRT halves (16, 24, 32), whose loops have those constant trip counts. (Other
# sizes run the same kernel with the count as a variable, where LLVM dispatches on the count; the dudect
# program measures the exponentiation, Docs/Security.md.)
loops_only+=(
  "PureBigInt.montgomeryMultiply16("
  "PureBigInt.montgomeryMultiply24("
  "PureBigInt.montgomeryMultiply32("
  "PureBigInt.montgomerySquare16("
  "PureBigInt.montgomerySquare24("
  "PureBigInt.montgomerySquare32("
)

# PureBigInt's vector kernels (Radix28Montgomery.swift) on x86-64, 28-bit limbs: at 1024 bits RSA-2048's CRT
# exponentiations, at 1536 bits RSA-3072's, at 2048 bits RSA-2048's verification, blinding factor r^e and
# fault check (and RSA-4096's CRT halves), at 3072 bits RSA-3072's (and RSA-6144's CRT halves); 27-bit
# limbs: at 4096 bits RSA-4096's (and RSA-8192's CRT halves). Loops only, with trip counts set by the size
# and the row index.
loops_only+=(
  "PureBigInt.radix28Multiply37("
  "PureBigInt.radix28Square37("
  "PureBigInt.radix28Multiply55("
  "PureBigInt.radix28Square55("
  "PureBigInt.radix28Multiply74("
  "PureBigInt.radix28Square74("
  "PureBigInt.radix28Multiply110("
  "PureBigInt.radix28Square110("
  "PureBigInt.radix27Multiply152("
  "PureBigInt.radix27Square152("
)

# PureRSA's OAEP decoding (issue 43, Manger's attack): the check of the unmasked block's first byte, label
# hash, zero run and 01 separator, by masks over every byte; its loops run over the public lengths.
loops_only+=(
  "PureRSA.oaepPaddingCheck("
)

# PureBigInt's safegcd inversion (RSA signing's blinding factor), compiled for the limb counts of RSA-2048,
# -3072 and -4096's n: the divstep batches, the matrix updates, the final normalization. (Its caller
# branches once on data, by design: on whether the input was invertible.)
loops_only+=(
  "~PureBigInt.(safeGCDInverse32 in "
  "~PureBigInt.(safeGCDInverse48 in "
  "~PureBigInt.(safeGCDInverse64 in "
)

# PureMLDSA (issue 45): the kernels over secret-derived coefficients (SecretKernels.swift), each specialised
# per γ₂ or η. RejBoundedPoly's half-byte map may not branch at all; HighBits of w, LowBits of r with its
# norm check, MakeHint, Power2Round, the norm check, the NTT and its inverse loop over 256 coefficients
# (public trip counts) and may have loop back-edges only.
required+=(
  "~<PureMLDSA.Eta2> of static PureMLDSA.SecretKernels.sampleByte<"
  "~<PureMLDSA.Eta4> of static PureMLDSA.SecretKernels.sampleByte<"
)
loops_only+=(
  "~<PureMLDSA.Gamma2Over32> of static PureMLDSA.SecretKernels.highBits<"
  "~<PureMLDSA.Gamma2Over88> of static PureMLDSA.SecretKernels.highBits<"
  "~<PureMLDSA.Gamma2Over32> of static PureMLDSA.SecretKernels.lowBitsExceed<"
  "~<PureMLDSA.Gamma2Over88> of static PureMLDSA.SecretKernels.lowBitsExceed<"
  "~<PureMLDSA.Gamma2Over32> of static PureMLDSA.SecretKernels.makeHints<"
  "~<PureMLDSA.Gamma2Over88> of static PureMLDSA.SecretKernels.makeHints<"
  "~static PureMLDSA.SecretKernels.power2Round("
  "~static PureMLDSA.SecretKernels.exceedsNorm("
  "static PureMLDSA.NTT.forward("
  "static PureMLDSA.NTT.inverseToMontgomery("
)

# PurePKCS12 (issue 46): Triple DES, for PKCS#12 files of the older scheme — its key comes from the
# password. The round function reads each S-box whole (64 entries, kept by mask) and the permutations walk
# their tables: loops with public trip counts, back-edges only.
loops_only+=(
  "~static PurePKCS12.TripleDES.feistel("
  "~static PurePKCS12.TripleDES.crypt("
  "~static PurePKCS12.TripleDES.subkeys("
  "~static PurePKCS12.TripleDES.permute("
)

symbols=$(nm "$binary" | awk '$2 ~ /^[tTW]$/ && $3 ~ /^\$s(8PureP256|14PureCurve25519|12PureCurve448|8PureP384|8PureP521|13PureSecp256k1|9PureECDSA|10PureBigInt|9PureMLDSA|10PurePKCS12|7PureAES|7PureRSA)/ { print $3 }')
demangled=$(echo "$symbols" | swift demangle --compact)
status=0

# The conditional jumps of one function, as "address mnemonic target" lines; with `forward`, only those
# whose target is above the jump itself. Two kinds are not reported, in either mode, because their
# direction never depends on data: a jump to `ud2` (Swift's safety checks — an array's length, a count's
# sign — which only ever go one way in a running process), and in `forward` mode a loop's exit (a jump
# to the instruction just after the loop's unconditional back-edge `jmp`) and a jump taken before the
# function has read or written memory (it tests register arguments only; the kernels of that list take
# pointers and public counts or bounds, and LLVM tests whether two arrays overlap before it vectorizes).
conditional_jumps() {
  objdump -d --no-show-raw-insn "$binary" --disassemble="$1" \
    | awk -v mode="$2" '
        function hex(text,   value, i) {   # mawk has no strtonum
          value = 0
          for (i = 1; i <= length(text); i++) value = value * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
          return value
        }
        $1 ~ /^[0-9a-f]+:$/ {
          address = substr($1, 1, length($1) - 1)
          n++; addr[n] = address; mnem[n] = $2; targ[n] = $3; index_of[address] = n
          # Whether any instruction so far (this one excluded) read or wrote memory through a register: lea
          # only computes an address, and %rip-relative operands are globals of the binary (an opaque zero).
          touched[n] = memory
          if ($2 != "lea" && $0 ~ /\(%/ && $0 !~ /\(%rip\)/) memory = 1
        }
        END {
          for (i = 1; i <= n; i++) {
            if (mnem[i] !~ /^j[a-z]+$/ || mnem[i] == "jmp") continue
            t = index_of[targ[i]]
            if (t && mnem[t] == "ud2") continue
            forward = hex(targ[i]) > hex(addr[i])
            if (mode == "forward" && !forward) continue
            if (mode == "forward" && t > 1 && mnem[t - 1] == "jmp" && hex(targ[t - 1]) < hex(addr[i])) continue
            # A jump taken before the function has touched memory tests only its register arguments: in the
            # pointer-only kernels of "forward" mode, the check LLVM makes that two arrays do not overlap before it
            # uses vector instructions (addresses, not data).
            if (mode == "forward" && !touched[i]) continue
            print addr[i] ":", mnem[i], targ[i]
          }
        }'
}

# check NAME MODE: every function whose demangled name starts with NAME; MODE "all" allows no conditional
# jump, "forward" allows loop back-edges only.
check() {
  local name=$1 mode=$2 found=0 mangled plain jumps
  while IFS=$'\t' read -r mangled plain; do
    if [[ $name == "~"* ]]; then [[ "$plain" == *"${name#\~}"* ]] || continue; else [[ "$plain" == "$name"* ]] || continue; fi
    found=1
    jumps=$(conditional_jumps "$mangled" "$mode")
    if [[ -n "$jumps" ]]; then
      echo "CONDITIONAL JUMP ($mode) in $plain:"; echo "$jumps"; status=1
    else
      if [[ $mode == forward ]]; then echo "ok   $plain (loop back-edges only)"; else echo "ok   $plain"; fi
    fi
  done < <(paste <(echo "$symbols") <(echo "$demangled"))
  [[ $found == 1 ]] || echo "note $name: not in the binary (inlined into its callers)"
}

# The always-zero globals that carries and masks are XORed with only work while the optimizer cannot fold
# them: an internal one that nothing writes is folded to 0 by whole-module optimization, and its storage
# disappears from the binary (PureBigInt's did, until 1.2.0). Each must still be there.
data_symbols=$(nm "$binary" | awk '$2 ~ /^[bBdD]$/ { print $3 }' | swift demangle --compact)
for opaque in "PureBigInt.bigIntOpaqueZero" "PureP256.optimizerOpaqueZero" "PureECDSA.curveOpaqueZero" \
              "PureCurve25519.curve25519OpaqueZero" "PureMLDSA.mldsaOpaqueZero"; do
  if grep -qx "$opaque : Swift.UInt64" <<< "$data_symbols" || grep -qx "$opaque : Swift.Int32" <<< "$data_symbols"; then
    echo "ok   $opaque (not folded)"
  else
    echo "FOLDED: $opaque is not in the binary's data, so the optimizer treats it as the constant 0"; status=1
  fi
done

for name in "${required[@]}"; do check "$name" all; done
for name in "${loops_only[@]}"; do check "$name" forward; done

# PureAES (JWE's content encryption and key wrap): the block cipher's rounds (S-box circuit, ShiftRows,
# MixColumns, AddRoundKey, all inlined) may have the round loop's back-edge only; GHASH's multiply-and-
# reduce step no conditional jump at all; the key expansion's SubWord and round-key spreading, loops only.
check "PureAES.GHASH.absorb(high:" all
check "PureAES.AESExpandedKey.encrypt(inout" forward
check "PureAES.AESExpandedKey.decrypt(inout" forward
check "PureAES.substituteWord(" forward
check "PureAES.bitslicedRoundKey(" forward
exit $status
