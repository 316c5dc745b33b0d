// App Store signed data: notification bodies and JWS through SignedDataVerifier (to Apple Root CA - G3
// and at a fixed time, so the seed tokens reach the chain and signature checks).
import AppStoreServer
import Foundation

private let verifier: SignedDataVerifier? = {
    guard let root = FileManager.default.contents(atPath: "Tests/AppStoreServerTests/Vectors/AppleRootCA-G3.cer") else { return nil }
    return try? SignedDataVerifier(rootCertificates: [[UInt8](root)], bundleID: "com.loki-project.loki-messenger",
                                   environment: .sandbox)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppStore(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let verifier else { fatalError("run from the repository root: the harness reads AppleRootCA-G3.cer from the test vectors") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? verifier.verifyNotification(body: bytes)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? verifier.verifyTransaction(text)
    _ = try? verifier.verifyRenewalInfo(text)
    return 0
}
