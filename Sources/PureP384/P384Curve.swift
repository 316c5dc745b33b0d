// P-384's constants for the curve-independent code of PureECDSA (SP 800-186 §3.2.1.4), and the two
// per-process tables that code builds for it.

import PureASN1
import PureECDSA
import PureSHA2

/// NIST P-384 for PureECDSA's generic arithmetic.
@usableFromInline
enum P384Curve: WeierstrassCurve {
    @usableFromInline typealias Field = FieldElement
    @usableFromInline typealias Scalar = PureP384.Scalar
    @usableFromInline typealias Hash = SHA384

    @usableFromInline static var coefficientA: WeierstrassCoefficientA { .minusThree }
    @usableFromInline static var name: String { "P-384" }
    @usableFromInline static var objectIdentifier: ASN1ObjectIdentifier { .secp384r1 }
    @usableFromInline static var byteCount: Int { 48 }
    @usableFromInline static var orderBitCount: Int { 384 }
    @usableFromInline static var orderBytes: [UInt8] { Modulus384.n.m.bigEndianBytes }
    @usableFromInline static var b: FieldElement { FieldElement.b }

    /// G, in Montgomery form.
    @usableFromInline static let generator = AffinePoint<P384Curve>(
        x: FieldElement(montgomery: U384(0x3dd0_7566_49c0_b528, 0x20e3_78e2_a0d6_ce38, 0x879c_3afc_541b_4d6e,
                                         0x6454_8684_59a3_0eff, 0x812f_f723_614e_de2b, 0x4d3a_adc2_299e_1513)),
        y: FieldElement(montgomery: U384(0x2304_3dad_4b03_a4fe, 0xa1bf_a8bf_7bb4_a9ac, 0x8bad_e756_2e83_b050,
                                         0xc6c3_5219_68f4_ffd9, 0xdd80_0226_3969_a840, 0x2b78_abc2_5a15_c5e9)))

    @usableFromInline static var generatorComb: GeneratorComb<P384Curve> { p384GeneratorComb }
    @usableFromInline static var generatorOddMultiples: [AffinePoint<P384Curve>] { p384GeneratorOddMultiples }
}

/// j·16^i·G for signing (97 windows of 8 points, 74,496 bytes), built at first use.
let p384GeneratorComb = GeneratorComb<P384Curve>.build()
/// G, 3G, …, 63G for verification, built at first use.
let p384GeneratorOddMultiples = AffinePoint<P384Curve>.oddMultiplesOfGenerator()
