// Receipts: the bytes as an app receipt (BER or DER PKCS#7, through PureASN1's BER reader), and as text, an
// app receipt's base64 and a legacy transaction receipt.
import AppStoreServer
import PureASN1

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceipts(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? BER.definiteLengthEncoding(bytes)
    _ = try? ReceiptUtility.transactionID(fromAppReceipt: bytes)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? ReceiptUtility.transactionID(fromAppReceipt: text)
    _ = try? ReceiptUtility.transactionID(fromTransactionReceipt: text)
    return 0
}
