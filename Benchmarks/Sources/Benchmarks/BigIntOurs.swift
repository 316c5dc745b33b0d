// Our side of the big-integer rows (this file imports only PureBigInt, so the names are ours).

import PureBigInt

struct OurBigIntOperands {
    let a2048, b2048, n4096, d2048, modulus2048, exponent2048: BigUInt

    init(_ bytes: (Int, UInt64) -> [UInt8]) {
        a2048 = BigUInt(bigEndianBytes: bytes(256, 1))
        b2048 = BigUInt(bigEndianBytes: bytes(256, 2))
        n4096 = BigUInt(bigEndianBytes: bytes(512, 3))
        d2048 = BigUInt(bigEndianBytes: bytes(256, 4))
        var m = bytes(256, 5)
        m[0] |= 0x80
        m[255] |= 1
        modulus2048 = BigUInt(bigEndianBytes: m)
        exponent2048 = BigUInt(bigEndianBytes: bytes(256, 6)) % modulus2048
    }

    func multiply() -> UInt64 { (a2048 * b2048).limbs[0] }
    func divide() -> UInt64 { n4096.quotientAndRemainder(dividingBy: d2048).remainder.limbs[0] }
    func power65537() -> UInt64 { a2048.powerVartime(65537, modulus: modulus2048).limbs[0] }
    func powerFull() -> UInt64 { a2048.powerVartime(exponent2048, modulus: modulus2048).limbs[0] }
    func powerFullConstantTime() -> UInt64 { a2048.power(exponent2048, modulus: modulus2048).limbs[0] }
    func description(of value: KeyPath<OurBigIntOperands, BigUInt>) -> String { self[keyPath: value].description }
}
