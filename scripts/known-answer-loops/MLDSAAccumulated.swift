// C2SP CCTV's accumulated ML-DSA known answers on the release build (the tests run the 100-iteration ones):
//   mldsa-accumulated ITERATIONS README   keygen, deterministic signing of "" and verification for each
//                                         seed, for ML-DSA-44, -65 and -87; the hashes from the README
//   mldsa-field README                    the twelve field-operation lines for every r in Zq (the line
//                                         format is checked on the README's example by MLDSAAccumulatedTests)

@_spi(KnownAnswers) import PureMLDSA
import PureSHA3

/// The README's hash for `name` and `iterations`, or the field-operation hash when `name` is nil.
func cctvHash(readme: String, name: String?, iterations: String) -> String? {
    guard let name else {
        let lines: [Substring] = readme.split(separator: "\n")
        return lines.first { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }.map(String.init)
    }
    let lines: [Substring] = readme.split(separator: "\n")
    guard let heading = lines.firstIndex(where: { $0 == "### \(name)" }),
          let line = lines[heading...].first(where: { $0.hasPrefix("- \(iterations) iterations:") }) else { return nil }
    return line.split(separator: "`").dropFirst().first.map(String.init)
}

func accumulate<Set: MLDSAParameterSet>(_: Set.Type, iterations: Int) throws -> [UInt8] {
    var seeds = SHAKE128(), accumulator = SHAKE128()
    for _ in 0..<iterations {
        let key = try MLDSAPrivateKey<Set>(seedRepresentation: seeds.squeeze(byteCount: 32))
        accumulator.update(data: key.publicKey.rawRepresentation)
        let signature = try key.deterministicSignature(for: [UInt8](), context: [UInt8]())
        accumulator.update(data: signature)
        guard key.publicKey.isValidSignature(signature, for: [UInt8]()) else { return [] }
    }
    return accumulator.squeeze(byteCount: 32)
}

func runAccumulated(iterations: Int, readme: String) throws -> Bool {
    var passed = true
    let runs: [(String, (Int) throws -> [UInt8])] = [
        ("ML-DSA-44", { try accumulate(MLDSA44.self, iterations: $0) }),
        ("ML-DSA-65", { try accumulate(MLDSA65.self, iterations: $0) }),
        ("ML-DSA-87", { try accumulate(MLDSA87.self, iterations: $0) }),
    ]
    for (name, run) in runs {
        guard let expected = cctvHash(readme: readme, name: name, iterations: iterations == 10_000 ? "10 000" : String(iterations)) else {
            print("\(name): no \(iterations)-iteration hash in the README")
            return false
        }
        let matched = hexString(try run(iterations)) == expected
        print("\(name) accumulated, \(iterations) iterations (CCTV): \(matched ? "ok" : "MISMATCH")")
        passed = passed && matched
    }
    return passed
}

func runFieldOperations(readme: String) -> Bool {
    typealias F = MLDSAFieldOperations
    guard let expected = cctvHash(readme: readme, name: nil, iterations: "") else {
        print("no field-operation hash in the README")
        return false
    }
    var shake = SHAKE128()
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 17)
    func line(_ value: Int32) {
        buffer.append(contentsOf: String(value).utf8)
        buffer.append(0x0A)
    }
    for r in 0..<F.modulus {
        let centred = F.centred(r)
        let (high, low) = F.power2Round(r)
        line(centred); line(abs(centred)); line(high); line(low < 0 ? low + F.modulus : low)
        for mldsa44 in [true, false] {
            let (highBits, lowBits) = F.decompose(r, mldsa44: mldsa44)
            if highBits != F.useHint(0, r, mldsa44: mldsa44) { print("UseHint(0, \(r)) differs from HighBits"); return false }
            line(highBits); line(F.useHint(1, r, mldsa44: mldsa44)); line(lowBits); line(abs(lowBits))
        }
        if buffer.count > 1 << 16 {
            shake.update(data: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
    shake.update(data: buffer)
    let matched = hexString(shake.squeeze(byteCount: 32)) == expected
    print("ML-DSA field operations for every r in Zq (CCTV): \(matched ? "ok" : "MISMATCH")")
    return matched
}

func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
}
