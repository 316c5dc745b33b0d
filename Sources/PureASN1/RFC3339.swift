// RFC 3339 date-times ("2026-04-21T18:13:12.153Z", an offset such as "+01:00" allowed), as Apple's
// receipts and App Attest receipts write them in their attributes. Package API: AppStoreServer, AppAttest and
// PureWebAuthn read them.

/// RFC 3339 date-times, to seconds since 1970.
package enum RFC3339 {
    /// "YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)", or nil.
    package static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<from + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2),
              let second = number(17, 2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 9 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            let rest = bytes.count - index - 1
            guard let hours = number(index + 1, 2), hours < 24 else { return nil }
            let minutes: Int?
            if rest == 4 { minutes = number(index + 3, 2) } else if rest == 5, bytes[index + 3] == UInt8(ascii: ":") { minutes = number(index + 4, 2) } else { return nil }
            guard let minutes, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        let days = Int64(DERNode.daysFromCivil(year: year, month: month, day: day))
        return Double(days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)) + fraction
    }
}
