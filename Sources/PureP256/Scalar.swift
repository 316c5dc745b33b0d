// Integers modulo the group order n (SP 800-186 §3.2.1.3), in Montgomery form. Constant-time throughout.

@usableFromInline
struct Scalar: Sendable {
    /// x·R mod n.
    var montgomery: U256

    /// A computed property of literals (not a stored global), so that after inlining the compiler sees
    /// the modulus as constants: multiplications by its 0 and all-ones limbs fold away.
    @inline(__always) static var modulus: Modulus { Modulus(
        m: U256(0xf3b9_cac2_fc63_2551, 0xbce6_faad_a717_9e84, 0xffff_ffff_ffff_ffff, 0xffff_ffff_0000_0000),
        m0Inverse: 0xccd1_c8aa_ee00_bc4f,
        rSquared: U256(0x8324_4c95_be79_eea2, 0x4699_799c_49bd_6fa6, 0x2845_b239_2b6b_ec59, 0x66e1_2d94_f3d9_5620),
        one: U256(0x0c46_353d_039c_daaf, 0x4319_0552_58e8_617b, 0x0000_0000_0000_0000, 0x0000_0000_ffff_ffff)) }

    /// n as an integer.
    static var order: U256 { modulus.m }

    @inline(__always) init(montgomery: U256) { self.montgomery = montgomery }

    /// From an integer below n; nil if it is not below n.
    init?(canonical value: U256) {
        guard U256.lessThanMask(value, Self.modulus.m) != 0 else { return nil }
        montgomery = Self.montgomeryMultiply(value, Self.modulus.rSquared)
    }

    /// From any 256-bit integer, reduced mod n (one subtraction suffices: 2^256 < 2n).
    init(reducing value: U256) {
        montgomery = Self.montgomeryMultiply(Self.modulus.reduceOnce(value), Self.modulus.rSquared)
    }

    var canonical: U256 { Self.montgomeryMultiply(montgomery, U256(1, 0, 0, 0)) }

    @inline(__always) static func + (a: Scalar, b: Scalar) -> Scalar { Scalar(montgomery: modulus.add(a.montgomery, b.montgomery)) }
    @inline(__always) static func * (a: Scalar, b: Scalar) -> Scalar { Scalar(montgomery: montgomeryMultiply(a.montgomery, b.montgomery)) }

    @inline(__always) var isZeroMask: UInt64 { montgomery.isZeroMask }
}
