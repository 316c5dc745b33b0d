// secp256k1's constants for the curve-independent code of PureECDSA (SEC 2 §2.4.1: y² = x³ + 7 over
// GF(2^256 − 2^32 − 977), prime order n, cofactor 1), and the two per-process tables that code builds for
// it. a = 0, so PureECDSA uses its a = 0 formulas (Renes–Costello–Batina Algorithms 7–9, dbl-2009-l).

import PureASN1
import PureECDSA
import PureSHA2

/// secp256k1 for PureECDSA's generic arithmetic.
@usableFromInline
enum Secp256k1Curve: WeierstrassCurve {
    @usableFromInline typealias Field = FieldElement
    @usableFromInline typealias Scalar = PureSecp256k1.Scalar
    @usableFromInline typealias Hash = SHA256

    @usableFromInline static var coefficientA: WeierstrassCoefficientA { .zero }
    @usableFromInline static var name: String { "secp256k1" }
    @usableFromInline static var objectIdentifier: ASN1ObjectIdentifier { .secp256k1 }
    @usableFromInline static var byteCount: Int { 32 }
    @usableFromInline static var orderBitCount: Int { 256 }
    @usableFromInline static var orderBytes: [UInt8] { Scalar.n.bigEndianBytes }
    @usableFromInline static var b: FieldElement { FieldElement.seven }
    /// 3b = 21, for the a = 0 formulas.
    @usableFromInline static var threeB: FieldElement { FieldElement.twentyOne }

    /// G (SEC 2 §2.4.1).
    @usableFromInline static let generator = AffinePoint<Secp256k1Curve>(
        x: FieldElement(canonical: U256(0x59f2_815b_16f8_1798, 0x029b_fcdb_2dce_28d9, 0x55a0_6295_ce87_0b07, 0x79be_667e_f9dc_bbac)),
        y: FieldElement(canonical: U256(0x9c47_d08f_fb10_d4b8, 0xfd17_b448_a685_5419, 0x5da4_fbfc_0e11_08a8, 0x483a_da77_26a3_c465)))

    @usableFromInline static var generatorComb: GeneratorComb<Secp256k1Curve> { secp256k1GeneratorComb }
    @usableFromInline static var generatorOddMultiples: [AffinePoint<Secp256k1Curve>] { secp256k1GeneratorOddMultiples }
}

/// j·16^i·G for signing (65 windows of 8 points), built at first use.
let secp256k1GeneratorComb = GeneratorComb<Secp256k1Curve>.build()
/// G, 3G, …, 63G for verification, built at first use.
let secp256k1GeneratorOddMultiples = AffinePoint<Secp256k1Curve>.oddMultiplesOfGenerator()
