// Base64 and base64url: strict decoding never traps, and whatever decodes re-encodes to the same text
// (the decoders accept only canonical encodings).
import PureBase64


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBase64(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let decoded = try? Base64URL.decode(text), Base64URL.encode(decoded) != text { fatalError("base64url not canonical: \(text)") }
    if let decoded = try? Base64.decode(text), Base64.encode(decoded) != text { fatalError("base64 not canonical: \(text)") }
    _ = try? Base64.decodeIgnoringWhitespace(text)
    return 0
}
