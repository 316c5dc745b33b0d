// App Attest objects as a hostile client sends them: the first byte picks the reader — an attestation
// object (Apple's nine steps, with a key ID and client data hash of the input's own first bytes), an
// assertion (against a fixed key), an App Attest receipt (PKCS#7, BER) — the rest is its input. Every path
// must throw or succeed, never trap.
import AppAttest
import Foundation
import PureP256

private let verifier = try! AppAttestVerifier(appID: "ABCDE12345.com.example.attest")
private let receipts = try! AppAttestReceiptVerifier()
private let key = P256.Signing.PrivateKey().publicKey

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppAttest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    switch mode % 3 {
    case 0:
        _ = try? verifier.verifyAttestation(input, keyID: Array(input.prefix(32)), clientDataHash: Array(input.suffix(32)),
                                            at: Date(timeIntervalSince1970: 1_776_800_000))
    case 1:
        _ = try? verifier.verifyAssertion(input, clientData: Array(input.prefix(16)), publicKey: key, previousCounter: 0)
    default:
        _ = try? receipts.verify(input)
    }
    return 0
}
