// P-521's constants for the curve-independent code of PureECDSA (SP 800-186 §3.2.1.5), and the two
// per-process tables that code builds for it.

import PureASN1
import PureECDSA
import PureSHA2

/// NIST P-521 for PureECDSA's generic arithmetic.
@usableFromInline
enum P521Curve: WeierstrassCurve {
    @usableFromInline typealias Field = FieldElement
    @usableFromInline typealias Scalar = PureP521.Scalar
    @usableFromInline typealias Hash = SHA512

    @usableFromInline static var coefficientA: WeierstrassCoefficientA { .minusThree }
    @usableFromInline static var name: String { "P-521" }
    @usableFromInline static var objectIdentifier: ASN1ObjectIdentifier { .secp521r1 }
    @usableFromInline static var byteCount: Int { 66 }
    @usableFromInline static var orderBitCount: Int { 521 }
    @usableFromInline static var orderBytes: [UInt8] { PureP521.Scalar.n.bigEndian66 }
    @usableFromInline static var b: FieldElement { FieldElement.b }

    /// G.
    @usableFromInline static let generator = AffinePoint<P521Curve>(
        x: FieldElement(reduced: U576((0xf97e_7e31_c2e5_bd66, 0x3348_b3c1_856a_429b, 0xfe1d_c127_a2ff_a8de, 0xa14b_5e77_efe7_5928,
                                       0xf828_af60_6b4d_3dba, 0x9c64_8139_053f_b521, 0x9e3e_cb66_2395_b442, 0x858e_06b7_0404_e9cd,
                                       0x0000_0000_0000_00c6))),
        y: FieldElement(reduced: U576((0x88be_9476_9fd1_6650, 0x353c_7086_a272_c240, 0xc550_b901_3fad_0761, 0x97ee_7299_5ef4_2640,
                                       0x17af_bd17_273e_662c, 0x98f5_4449_579b_4468, 0x5c8a_5fb4_2c7d_1bd9, 0x3929_6a78_9a3b_c004,
                                       0x0000_0000_0000_0118))))

    @usableFromInline static var generatorComb: GeneratorComb<P521Curve> { p521GeneratorComb }
    @usableFromInline static var generatorOddMultiples: [AffinePoint<P521Curve>] { p521GeneratorOddMultiples }
}

/// j·16^i·G for signing (133 windows of 8 points, 153,216 bytes), built at first use.
let p521GeneratorComb = GeneratorComb<P521Curve>.build()
/// G, 3G, …, 63G for verification, built at first use.
let p521GeneratorOddMultiples = AffinePoint<P521Curve>.oddMultiplesOfGenerator()
