// attaswift/BigInt's side of the big-integer rows (this file imports only that module).

import BigInt
import Foundation

struct TheirBigIntOperands {
    let a2048, b2048, n4096, d2048, modulus2048, exponent2048: BigUInt

    init(_ bytes: (Int, UInt64) -> [UInt8]) {
        a2048 = BigUInt(Data(bytes(256, 1)))
        b2048 = BigUInt(Data(bytes(256, 2)))
        n4096 = BigUInt(Data(bytes(512, 3)))
        d2048 = BigUInt(Data(bytes(256, 4)))
        var m = bytes(256, 5)
        m[0] |= 0x80
        m[255] |= 1
        modulus2048 = BigUInt(Data(m))
        exponent2048 = BigUInt(Data(bytes(256, 6))) % modulus2048
    }

    func multiply() -> UInt64 { UInt64((a2048 * b2048).words[0]) }
    func divide() -> UInt64 { UInt64(n4096.quotientAndRemainder(dividingBy: d2048).remainder.words[0]) }
    func power65537() -> UInt64 { UInt64(a2048.power(65537, modulus: modulus2048).words[0]) }
    func powerFull() -> UInt64 { UInt64(a2048.power(exponent2048, modulus: modulus2048).words[0]) }
    func description(of value: KeyPath<TheirBigIntOperands, BigUInt>) -> String { self[keyPath: value].description }
}
