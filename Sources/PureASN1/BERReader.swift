// A bounded BER reader (X.690 §8), for the one kind of input here that is BER rather than DER: the PKCS#7
// of Xcode's StoreKit-testing app receipts, which use indefinite lengths and carry their payload in a
// constructed OCTET STRING (App Store receipts are DER throughout). Rather than a second tree API, it
// re-encodes the input in definite-length form, which the strict DER reader then reads:
//
//   identifier  one byte, as for DER (no tag numbers above 30); 00 (end-of-contents) only where it closes
//               an indefinite length
//   length      short form; long form 0x81…0x84 with or without leading zero bytes (BER allows them);
//               0x80, indefinite, for constructed elements only: children up to the end-of-contents
//               octets 00 00 (§8.1.3.6); 0x85… are rejected
//   content     a primitive element's bytes as they are; a constructed OCTET STRING (0x24) becomes the
//               primitive one (0x04) holding its segments' bytes in order (§8.7.3), its segments being
//               OCTET STRINGs themselves; constructed forms of the other string types are rejected (no
//               receipt uses them); every other constructed element is re-encoded child by child
//
// Output lengths are in the shortest form. Bounds: nesting to `maximumDepth` levels, every element (so the
// output) to `maximumSize` bytes; lengths are checked against the bytes present before anything uses
// them. Each level of nesting holds a copy of its children while it joins them: memory up to the depth
// times the size, for inputs a caller has already capped (receipts: a few MiB at most). A
// definite-length DER input comes out byte for byte as it went in (certificates inside a receipt keep the
// bytes their signatures cover).

/// Reading BER input by re-encoding it with definite lengths.
public enum BER {
    /// The deepest nesting followed (an Xcode receipt's certificates reach about 12).
    public static let maximumDepth = 32

    /// One BER element re-encoded with definite, shortest-form lengths and constructed OCTET STRINGs
    /// joined (see the layout above); bytes after the element are an error. `maximumSize` bounds the output.
    public static func definiteLengthEncoding(_ bytes: [UInt8], maximumSize: Int = 4 << 20) throws(ASN1Error) -> [UInt8] {
        var input = bytes[...]
        guard let element = try readElement(&input, depth: 0, maximumSize: maximumSize) else {
            throw ASN1Error(.invalidEncoding("an end-of-contents marker where an element was expected"), at: 0)
        }
        guard input.isEmpty else { throw ASN1Error(.trailingBytes, at: input.startIndex) }
        return element
    }

    /// Reads one element from the front of `input` and returns it re-encoded, or nil for end-of-contents.
    private static func readElement(_ input: inout ArraySlice<UInt8>, depth: Int, maximumSize: Int) throws(ASN1Error) -> [UInt8]? {
        let start = input.startIndex
        guard depth <= maximumDepth else { throw ASN1Error(.tooDeep, at: start) }
        guard let identifier = input.first else { throw ASN1Error(.truncated, at: start) }
        guard identifier & 0x1F != 0x1F else { throw ASN1Error(.unsupportedTagNumber, at: start) }
        var cursor = start + 1
        guard cursor < input.endIndex else { throw ASN1Error(.truncated, at: cursor) }
        let lengthByte = input[cursor]
        cursor += 1
        let constructed = identifier & 0x20 != 0

        if identifier == 0 {
            // End-of-contents: 00 00. The caller decides whether one may stand here.
            guard lengthByte == 0 else { throw ASN1Error(.invalidEncoding("end-of-contents with a non-zero length"), at: start) }
            input = input[cursor...]
            return nil
        }

        var children: [[UInt8]] = []
        var content: ArraySlice<UInt8> = []
        if lengthByte == 0x80 {
            guard constructed else { throw ASN1Error(.indefiniteLength, at: cursor - 1) }
            input = input[cursor...]
            while true {
                guard let child = try readElement(&input, depth: depth + 1, maximumSize: maximumSize) else { break }
                children.append(child)
            }
        } else {
            var length = 0
            if lengthByte < 0x80 {
                length = Int(lengthByte)
            } else {
                let count = Int(lengthByte & 0x7F)
                guard count <= 4 else { throw ASN1Error(.unsupportedLength, at: cursor - 1) }
                guard input.endIndex - cursor >= count else { throw ASN1Error(.truncated, at: input.endIndex) }
                for _ in 0..<count {
                    length = length << 8 | Int(input[cursor])
                    cursor += 1
                }
            }
            guard input.endIndex - cursor >= length else { throw ASN1Error(.truncated, at: start) }
            content = input[cursor..<(cursor + length)]
            input = input[(cursor + length)...]
            if constructed {
                var inner = content
                while !inner.isEmpty {
                    guard let child = try readElement(&inner, depth: depth + 1, maximumSize: maximumSize) else {
                        throw ASN1Error(.invalidEncoding("an end-of-contents marker inside a definite length"), at: inner.startIndex)
                    }
                    children.append(child)
                }
            }
        }

        var tag = identifier
        var body: [UInt8]
        if !constructed {
            body = Array(content)
        } else if identifier == 0x24 {
            // A constructed OCTET STRING: its segments' contents, joined, as one primitive OCTET STRING.
            tag = 0x04
            body = []
            for child in children {
                let segment = try DER.parse(child)
                guard segment.tag == .octetString else {
                    throw ASN1Error(.invalidEncoding("a segment of a constructed OCTET STRING is not an OCTET STRING"), at: start)
                }
                body += segment.content
            }
        } else if identifier & 0xC0 == 0, [3, 12, 18, 19, 20, 21, 22, 25, 26, 27, 28, 30].contains(identifier & 0x1F) {
            throw ASN1Error(.invalidEncoding("a constructed string of universal type \(identifier & 0x1F), which is not supported"), at: start)
        } else {
            body = children.flatMap { $0 }
        }
        // Every element is part of the output, so bounding each bounds the whole.
        guard body.count <= maximumSize - 6 else {
            throw ASN1Error(.invalidEncoding("the BER input is larger than \(maximumSize) bytes once re-encoded"), at: start)
        }
        return [tag] + Self.length(body.count) + body
    }

    /// A length in DER's shortest form.
    private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var value = count
        while value > 0 {
            bytes.insert(UInt8(truncatingIfNeeded: value), at: 0)
            value >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
