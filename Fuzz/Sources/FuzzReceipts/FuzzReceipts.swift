// Receipts: the bytes as an app receipt (BER or DER PKCS#7, through PureASN1's BER reader), read for its
// transaction ID and verified (signature, chain to Apple Inc. Root at the creation date, device hash), and
// as text, an app receipt's base64 and a legacy transaction receipt.
import AppStoreServer
import Foundation
import PureASN1

private let verifier: AppReceiptVerifier? = {
    guard let root = FileManager.default.contents(atPath: "Tests/AppStoreServerTests/Vectors/receipts/roots/AppleIncRootCertificate.cer") else {
        return nil
    }
    return try? AppReceiptVerifier(rootCertificates: [[UInt8](root)])
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceipts(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let verifier else { fatalError("run from the repository root: the harness reads AppleIncRootCertificate.cer from the test vectors") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? BER.definiteLengthEncoding(bytes)
    _ = try? ReceiptUtility.transactionID(fromAppReceipt: bytes)
    _ = try? verifier.verify(bytes, deviceIdentifier: [0, 1, 2, 3, 4, 5])
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? ReceiptUtility.transactionID(fromAppReceipt: text)
    _ = try? ReceiptUtility.transactionID(fromTransactionReceipt: text)
    return 0
}
