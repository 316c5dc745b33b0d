// Raw DEFLATE inputs for the inflater (JWE "zip": "DEF"): any bytes, decompressed under a 64 KiB limit
// (an output past it must be refused, never allocated); what decodes is compressed again and must
// round-trip through the deflater and inflater.
import PureDeflate

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInflate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let output = try? Inflate.decompress(bytes, maximumOutputCount: 65_536) else { return 0 }
    precondition(output.count <= 65_536, "the inflater exceeded its limit")
    let again = try? Inflate.decompress(Deflate.compress(output), maximumOutputCount: output.count)
    precondition(again == output, "deflate then inflate changed the data")
    return 0
}
