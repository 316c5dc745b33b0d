// Any bytes for the strict CBOR decoder (WebAuthn attestation objects, COSE keys): decoded whole and as a
// first item; what decodes must re-encode to a canonical form that decodes and encodes to the same bytes,
// and what reads as a COSE key must read back the same from its own encoding.
import PureCBOR

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCBOR(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let (_, end) = try? CBORDecoder().decodeFirst(bytes) {
        precondition(end > 0 && end <= bytes.count, "decodeFirst reported an end outside the input")
    }
    guard let item = try? CBORDecoder().decode(bytes) else { return 0 }
    guard let encoded = try? item.encoded() else {
        preconditionFailure("a decoded item did not encode")
    }
    let again = try? CBORDecoder().decode(encoded)
    precondition(again != nil && (try? again?.encoded()) == encoded, "the canonical encoding is not stable")
    if let key = try? COSEKey(item) {
        precondition((try? COSEKey(encoded: key.encoded())) == key, "a COSE key did not read back from its encoding")
    }
    return 0
}
