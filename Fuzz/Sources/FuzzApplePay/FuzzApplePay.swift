// Apple Pay input as a hostile client or file sends it: the first byte picks the reader — a payment token's
// JSON (parsed, verified on the test chain at the vectors' time, decrypted with the test merchant's key),
// a CMS signature (put in place of a real token's, then verified), a PKCS#12 file (read with the vectors'
// password), decrypted payment data JSON — the rest is its input. Every path must throw or succeed, never
// trap. The test chain and merchant come from ApplePayTests' vectors, read once at start.
import ApplePay
import Foundation
import PurePKCS12

private struct Vectors: Decodable {
    struct Merchant: Decodable { let certificate: String; let keyPKCS8: String }
    struct Case: Decodable { let name: String; let token: [String: Member] }
    enum Member: Decodable {
        case string(String), object([String: String])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .string(text) } else { self = .object(try container.decode([String: String].self)) }
        }
    }
    let testRoot: String
    let merchants: [String: Merchant]
    let cases: [Case]
}

private let vectors: Vectors = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Tests/ApplePayTests/Vectors/apple_pay_tokens.json").standardized.path
    return try! JSONDecoder().decode(Vectors.self, from: FileManager.default.contents(atPath: path)!)
}()
private let decrypter: PaymentTokenDecrypter = {
    let ec = vectors.merchants["ec"]!, rsa = vectors.merchants["rsa"]!
    return try! PaymentTokenDecrypter(
        credentials: [try! PaymentProcessingCredential(certificatePEM: ec.certificate, privateKeyPEM: ec.keyPKCS8),
                      try! PaymentProcessingCredential(certificatePEM: rsa.certificate, privateKeyPEM: rsa.keyPKCS8)],
        verifier: try! PaymentTokenVerifier(replacingAppleRootForTestingWith: vectors.testRoot))
}()
private let signingTime = Date(timeIntervalSince1970: 1_780_315_200)   // 2026-06-01T12:00:00Z
/// A real test token whose signature the CMS mode replaces.
private let carrier: PaymentToken = {
    guard case .string(let version)? = vectors.cases[0].token["version"], case .string(let data)? = vectors.cases[0].token["data"],
          case .object(let header)? = vectors.cases[0].token["header"] else { fatalError("the first vector is not a token") }
    let json = try! JSONSerialization.data(withJSONObject: ["version": version, "data": data, "signature": "AA==", "header": header])
    return try! PaymentToken(jsonRepresentation: Array(json))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzApplePay(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    switch mode % 4 {
    case 0:
        if let token = try? PaymentToken(jsonRepresentation: input) { _ = try? decrypter.decrypt(token, at: signingTime) }
    case 1:
        var json = try! JSONSerialization.jsonObject(with: Data(try! JSONEncoderBridge.encode(carrier))) as! [String: Any]
        json["signature"] = Data(input).base64EncodedString()
        if let token = try? PaymentToken(jsonRepresentation: Array(try! JSONSerialization.data(withJSONObject: json))) {
            _ = try? decrypter.verifier.verify(token, at: signingTime)
        }
    case 2:
        _ = try? PKCS12Contents(derRepresentation: input, password: "correct horse battery staple")
        _ = try? PaymentProcessingCredential(pkcs12: input, password: "correct horse battery staple")
    default:
        _ = try? PaymentData(jsonRepresentation: input)
    }
    return 0
}

/// The carrier token back to JSON with a placeholder signature.
private enum JSONEncoderBridge {
    static func encode(_ token: PaymentToken) throws -> [UInt8] {
        var header: [String: String] = ["publicKeyHash": token.publicKeyHashBase64, "transactionId": token.transactionIdentifierHex]
        if let key = token.ephemeralPublicKey { header["ephemeralPublicKey"] = Data(key).base64EncodedString() }
        if let key = token.wrappedKey { header["wrappedKey"] = Data(key).base64EncodedString() }
        let object: [String: Any] = ["version": token.version.rawValue, "data": Data(token.data).base64EncodedString(), "signature": "AA==", "header": header]
        return Array(try JSONSerialization.data(withJSONObject: object))
    }
}
