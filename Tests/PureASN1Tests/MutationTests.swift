// Robustness: deterministic random mutations of valid keys and PEM files fed to every parser. Each call
// must return or throw; none may trap. Nothing is allocated in proportion to a length field: a length is
// compared with the bytes that remain before it is used (DERReader.swift), which the huge-length
// mutations exercise.

import PureASN1
import Testing
import TestSupport

private let seedFiles = [
    "test.p8", "testValidKey_p256.p8", "testInvalidKey_rsa1024.p8", "test.sec1.pem", "test.pub.pem",
    "testValidKey_p256.sec1.pem", "testInvalidKey_rsa1024.pub.pem", "testInvalidKey_rsa1024.rsapub.pem",
]

/// Runs every parser on `der` (and its PEM form); returns how many succeeded, to keep the work observable.
private func feedEveryParser(der: [UInt8]) -> Int {
    var accepted = 0
    if (try? KeyContainer.identify(derRepresentation: der)) != nil { accepted += 1 }
    if (try? PKCS8PrivateKey(derEncoded: der)) != nil { accepted += 1 }
    if (try? SEC1ECPrivateKey(derEncoded: der)) != nil { accepted += 1 }
    if (try? SubjectPublicKeyInfo(derEncoded: der)) != nil { accepted += 1 }
    if (try? PKCS1RSAPublicKey(derEncoded: der)) != nil { accepted += 1 }
    if (try? ECPrivateKeyMaterial(derRepresentation: der, curve: .prime256v1)) != nil { accepted += 1 }
    if (try? ECPublicKeyMaterial(derRepresentation: der, curve: .prime256v1)) != nil { accepted += 1 }
    if (try? RSAPublicKeyMaterial(derRepresentation: der)) != nil { accepted += 1 }
    return accepted
}

private func feedPEMParsers(_ text: String) -> Int {
    var accepted = 0
    if (try? PEM.parse(text)) != nil { accepted += 1 }
    if (try? KeyContainer.identify(pemRepresentation: text)) != nil { accepted += 1 }
    if (try? ECPrivateKeyMaterial(pemRepresentation: text, curve: .prime256v1)) != nil { accepted += 1 }
    if (try? RSAPublicKeyMaterial(pemRepresentation: text)) != nil { accepted += 1 }
    return accepted
}

/// One mutation of `input`: bit flips, truncation, inserted or deleted bytes, or a length-looking byte set
/// to a huge long-form length.
private func mutate(_ input: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
    var bytes = input
    guard !bytes.isEmpty else { return [UInt8(truncatingIfNeeded: generator.next())] }
    let position = Int(generator.next() % UInt64(bytes.count))
    switch generator.next() % 6 {
    case 0:
        bytes[position] ^= UInt8(1) << (generator.next() % 8)
    case 1:
        bytes.removeSubrange(position...)
    case 2:
        bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
    case 3:
        bytes.remove(at: position)
    case 4:
        // A huge length: 0x84 followed by four bytes, in place of whatever was there.
        let huge: [UInt8] = [0x84, 0xFF, 0xFF, 0xFF, UInt8(truncatingIfNeeded: generator.next())]
        bytes.replaceSubrange(position..<min(position + 1, bytes.count), with: huge)
    default:
        bytes[position] = UInt8(truncatingIfNeeded: generator.next())
    }
    return bytes
}

@Suite("Mutations")
struct MutationTests {
    @Test("200,000 DER mutations: every parser returns or throws")
    func derMutations() throws {
        let seeds = try seedFiles.map { try PEM.parseSingle(VectorFiles.text($0)).derBytes }
        var generator = SplitMix64(seed: 0x5EED_A5A1)
        var calls = 0, accepted = 0
        for round in 0..<200_000 {
            var bytes = seeds[round % seeds.count]
            // One to three mutations stacked.
            for _ in 0...(generator.next() % 3) { bytes = mutate(bytes, &generator) }
            accepted += feedEveryParser(der: bytes)
            calls += 8
        }
        #expect(calls == 1_600_000)
        #expect(accepted > 0)   // some single bit flips land in key bytes and still parse
    }

    @Test("20,000 PEM text mutations: every parser returns or throws")
    func pemMutations() throws {
        let seeds = try seedFiles.map { Array(try VectorFiles.text($0).utf8) }
        var generator = SplitMix64(seed: 0x0BE5_7E11)
        var accepted = 0
        for round in 0..<20_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0...(generator.next() % 2) { bytes = mutate(bytes, &generator) }
            accepted += feedPEMParsers(String(decoding: bytes, as: UTF8.self))
        }
        #expect(accepted > 0)
    }
}
