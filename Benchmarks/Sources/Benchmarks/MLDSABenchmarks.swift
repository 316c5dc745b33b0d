// ML-DSA-65 and ML-DSA-87 key generation, signing and verification, and SHA3-256, against swift-crypto
// (BoringSSL's portable C++ ML-DSA and XKCP's SHA-3 on Linux). ML-DSA-44 rows have no peer (swift-crypto
// has no ML-DSA-44) and report our time alone (`soloRows`, printed after the comparisons).
//
// Signing repeats a random number of attempts (FIPS 204 rejection sampling), so one message says little.
// The sign rows cycle through C2SP CCTV's benchmark messages (Tests/PureMLDSATests/Vectors/cctv_benchmark_*),
// chosen so that their rejections are distributed as signing's are; both sides sign hedged, as swift-crypto
// only can, so the mean over the many calls of a batch is the expected signing time.

import Crypto
import Foundation
import PureMLDSA
import PureSHA3

enum MLDSABenchmarks {
    static func comparisons() -> [Comparison] {
        var rows: [Comparison] = []
        let seed = deterministicBytes(32, seed: 65)
        let mebibyte = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        let small = Array(mebibyte.prefix(64))
        rows.append(Comparison(
            name: "SHA3-256 1 MiB", peer: "swift-crypto",
            ours: { firstWord(PureSHA3.SHA3_256.hash(data: mebibyte)) },
            theirs: { firstWord(Crypto.SHA3_256.hash(data: mebibyte)) },
            bytes: 1 << 20))
        rows.append(Comparison(
            name: "SHA3-256 64 B", peer: "swift-crypto",
            ours: { firstWord(PureSHA3.SHA3_256.hash(data: small)) },
            theirs: { firstWord(Crypto.SHA3_256.hash(data: small)) },
            bytes: 64))

        rows += sizeRows(name: "ML-DSA-65", seed: seed,
                         ours: { try! PureMLDSA.MLDSA65.PrivateKey(seedRepresentation: $0) },
                         oursPublic: { try! PureMLDSA.MLDSA65.PublicKey(rawRepresentation: $0) },
                         theirs: { try! Crypto.MLDSA65.PrivateKey(seedRepresentation: $0, publicKey: nil) },
                         theirsPublic: { try! Crypto.MLDSA65.PublicKey(rawRepresentation: $0) },
                         oursSign: { key, message in try! key.signature(for: message) },
                         theirsSign: { key, message in try! key.signature(for: message) },
                         oursPublicKey: { $0.publicKey }, theirsPublicKey: { $0.publicKey },
                         oursRaw: { $0.rawRepresentation }, theirsRaw: { [UInt8]($0.rawRepresentation) },
                         oursVerify: { $0.isValidSignature($1, for: $2) }, theirsVerify: { $0.isValidSignature($1, for: $2) })
        rows += sizeRows(name: "ML-DSA-87", seed: seed,
                         ours: { try! PureMLDSA.MLDSA87.PrivateKey(seedRepresentation: $0) },
                         oursPublic: { try! PureMLDSA.MLDSA87.PublicKey(rawRepresentation: $0) },
                         theirs: { try! Crypto.MLDSA87.PrivateKey(seedRepresentation: $0, publicKey: nil) },
                         theirsPublic: { try! Crypto.MLDSA87.PublicKey(rawRepresentation: $0) },
                         oursSign: { key, message in try! key.signature(for: message) },
                         theirsSign: { key, message in try! key.signature(for: message) },
                         oursPublicKey: { $0.publicKey }, theirsPublicKey: { $0.publicKey },
                         oursRaw: { $0.rawRepresentation }, theirsRaw: { [UInt8]($0.rawRepresentation) },
                         oursVerify: { $0.isValidSignature($1, for: $2) }, theirsVerify: { $0.isValidSignature($1, for: $2) })
        return rows
    }

    /// ML-DSA-44 keygen, sign (CCTV's ML-DSA-44 messages, hedged) and verify: no peer offers ML-DSA-44, so
    /// these are absolute figures.
    static func soloRows() -> [SoloRow] {
        let seed = deterministicBytes(32, seed: 44)
        let messages = messages("ML-DSA-44")
        let key = try! PureMLDSA.MLDSA44.PrivateKey(seedRepresentation: seed)
        let signature = try! key.signature(for: messages[0])
        precondition(key.publicKey.isValidSignature(signature, for: messages[0]), "ML-DSA-44: our signature does not verify")
        var index = 0
        return [
            SoloRow(name: "ML-DSA-44 keygen") { firstWord(try! PureMLDSA.MLDSA44.PrivateKey(seedRepresentation: seed).publicKey.rawRepresentation) },
            SoloRow(name: "ML-DSA-44 sign") {
                index = index == messages.count - 1 ? 0 : index + 1
                return firstWord(try! key.signature(for: messages[index]))
            },
            SoloRow(name: "ML-DSA-44 verify") { key.publicKey.isValidSignature(signature, for: messages[0]) ? 1 : 0 },
        ]
    }

    /// The CCTV benchmark messages for one parameter set.
    static func messages(_ name: String) -> [[UInt8]] {
        guard let list = vectorJSON("Tests/PureMLDSATests/Vectors/cctv_benchmark_\(name).json") as? [String] else {
            fatalError("cctv_benchmark_\(name).json is not a list of strings")
        }
        return list.map { Array($0.utf8) }
    }

    /// keygen, sign and verify rows for one size, generic over both sides' key types.
    static func sizeRows<OurKey, OurPublic, TheirKey, TheirPublic>(
        name: String, seed: [UInt8],
        ours: @escaping ([UInt8]) -> OurKey, oursPublic: @escaping ([UInt8]) -> OurPublic,
        theirs: @escaping ([UInt8]) -> TheirKey, theirsPublic: @escaping ([UInt8]) -> TheirPublic,
        oursSign: @escaping (OurKey, [UInt8]) -> [UInt8], theirsSign: @escaping (TheirKey, [UInt8]) -> Data,
        oursPublicKey: @escaping (OurKey) -> OurPublic, theirsPublicKey: @escaping (TheirKey) -> TheirPublic,
        oursRaw: @escaping (OurPublic) -> [UInt8], theirsRaw: @escaping (TheirPublic) -> [UInt8],
        oursVerify: @escaping (OurPublic, [UInt8], [UInt8]) -> Bool, theirsVerify: @escaping (TheirPublic, Data, [UInt8]) -> Bool
    ) -> [Comparison] {
        let messages = messages(name)
        let ourKey = ours(seed), theirKey = theirs(seed)
        precondition(oursRaw(oursPublicKey(ourKey)) == theirsRaw(theirsPublicKey(theirKey)), "\(name): the two sides derive different keys")
        let message = messages[0]
        let ourSignature = oursSign(ourKey, message)
        let theirSignature = theirsSign(theirKey, message)
        let encodedPublic = oursRaw(oursPublicKey(ourKey))
        precondition(oursVerify(oursPublic(encodedPublic), [UInt8](theirSignature), message), "\(name): we reject swift-crypto's signature")
        precondition(theirsVerify(theirsPublic(encodedPublic), Data(ourSignature), message), "\(name): swift-crypto rejects our signature")
        var ourIndex = 0, theirIndex = 0
        // "verify" uses a key read once, as a server holding a key set does. Our key keeps Â and NTT(t₁·2ᵈ)
        // from reading it; BoringSSL's expands Â on every verification. "verify from bytes" reads the key
        // on every call too, so neither side's caching decides the comparison.
        let ourParsed = oursPublic(encodedPublic), theirParsed = theirsPublic(encodedPublic)
        let theirData = Data(theirSignature)
        return [
            Comparison(name: "\(name) keygen", peer: "swift-crypto",
                       ours: { firstWord(oursRaw(oursPublicKey(ours(seed)))) },
                       theirs: { firstWord(theirsRaw(theirsPublicKey(theirs(seed)))) }),
            Comparison(name: "\(name) sign", peer: "swift-crypto",
                       ours: {
                           ourIndex = ourIndex == messages.count - 1 ? 0 : ourIndex + 1
                           return firstWord(oursSign(ourKey, messages[ourIndex]))
                       },
                       theirs: {
                           theirIndex = theirIndex == messages.count - 1 ? 0 : theirIndex + 1
                           return firstWord(theirsSign(theirKey, messages[theirIndex]))
                       }),
            Comparison(name: "\(name) verify", peer: "swift-crypto",
                       ours: { oursVerify(ourParsed, ourSignature, message) ? 1 : 0 },
                       theirs: { theirsVerify(theirParsed, theirData, message) ? 1 : 0 }),
            Comparison(name: "\(name) verify from bytes", peer: "swift-crypto",
                       ours: { oursVerify(oursPublic(encodedPublic), ourSignature, message) ? 1 : 0 },
                       theirs: { theirsVerify(theirsPublic(encodedPublic), theirData, message) ? 1 : 0 }),
        ]
    }
}
