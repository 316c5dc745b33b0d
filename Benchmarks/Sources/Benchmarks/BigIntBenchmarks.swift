// PureBigInt against attaswift/BigInt 6.0.1 on the operations RSA needs.

enum BigIntBenchmarks {
    static func comparisons() -> [Comparison] {
        let ours = OurBigIntOperands(deterministicBytes)
        let theirs = TheirBigIntOperands(deterministicBytes)
        // The same operands on both sides, and the same answers, before anything is timed.
        precondition(ours.description(of: \.a2048) == theirs.description(of: \.a2048))
        precondition(ours.description(of: \.modulus2048) == theirs.description(of: \.modulus2048))
        precondition(ours.multiply() == theirs.multiply())
        precondition(ours.divide() == theirs.divide())
        precondition(ours.power65537() == theirs.power65537())
        precondition(ours.powerFull() == theirs.powerFull())
        precondition(ours.powerFullConstantTime() == theirs.powerFull())
        return [
            Comparison(name: "BigUInt 2048×2048 mul", peer: "attaswift", ours: ours.multiply, theirs: theirs.multiply),
            Comparison(name: "BigUInt 4096/2048 div", peer: "attaswift", ours: ours.divide, theirs: theirs.divide),
            Comparison(name: "modpow 2048, e=65537", peer: "attaswift", ours: ours.power65537, theirs: theirs.power65537),
            // Like for like: attaswift's power is variable-time, so is powerVartime. The constant-time power
            // (secret exponents) is its own row, against the same peer time for scale.
            Comparison(name: "modpow 2048, full exp", peer: "attaswift", ours: ours.powerFull, theirs: theirs.powerFull),
            Comparison(name: "modpow 2048, full exp, const-time", peer: "attaswift", ours: ours.powerFullConstantTime, theirs: theirs.powerFull),
        ]
    }
}
