// The DER primitives certificates add to those of the key containers (X.690 §8 with the DER rules of
// §10–11, and RFC 5280 §4.1.2.5 for times): BOOLEAN, BIT STRING with unused bits, UTCTime and
// GeneralizedTime.

extension DERNode {
    /// A BOOLEAN: DER allows exactly one content byte, 0x00 (false) or 0xFF (true) (X.690 §11.1).
    public func boolean() throws(ASN1Error) -> Bool {
        try require(.boolean)
        guard content.count == 1, let value = content.first, value == 0x00 || value == 0xFF else {
            throw ASN1Error(.invalidEncoding("BOOLEAN must be one byte, 00 or FF"), at: offset)
        }
        return value == 0xFF
    }

    /// A BIT STRING's bytes and how many bits of the last byte are unused (0…7). DER requires the unused
    /// bits to be zero (X.690 §11.2.1) and an empty string to declare none.
    public func bitString() throws(ASN1Error) -> (bytes: ArraySlice<UInt8>, unusedBits: Int) {
        try require(.bitString)
        guard let unused = content.first, unused <= 7 else { throw ASN1Error(.invalidBitString, at: offset) }
        let bytes = content.dropFirst()
        if bytes.isEmpty {
            guard unused == 0 else { throw ASN1Error(.invalidBitString, at: offset) }
        } else if let last = bytes.last, last & UInt8(truncatingIfNeeded: (1 << unused) - 1) != 0 {
            throw ASN1Error(.invalidBitString, at: offset)
        }
        return (bytes, Int(unused))
    }

    /// A UTCTime or GeneralizedTime as seconds since 1970-01-01 00:00:00 UTC, in the only forms RFC 5280
    /// §4.1.2.5 allows: UTCTime `YYMMDDHHMMSSZ` (YY ≥ 50 is 19YY, below 50 is 20YY) and GeneralizedTime
    /// `YYYYMMDDHHMMSSZ` (seconds present, no fraction, always Z). Each field is range-checked (month
    /// 1–12, the day within its month, leap years included, hour 0–23, minute 0–59, second 0–59).
    public func time() throws(ASN1Error) -> Int64 {
        let utc = tag == .utcTime
        let generalized = tag == .generalizedTime
        guard utc || generalized else {
            throw ASN1Error(.unexpectedTag(expected: .utcTime, found: tag), at: offset)
        }
        let digits = content   // a slice: indices from content.startIndex
        let expected = utc ? 13 : 15
        guard digits.count == expected, digits.last == UInt8(ascii: "Z"),
              digits.dropLast().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw ASN1Error(.invalidValue(utc ? "UTCTime must be YYMMDDHHMMSSZ" : "GeneralizedTime must be YYYYMMDDHHMMSSZ"), at: offset)
        }
        func number(_ start: Int, _ count: Int) -> Int {
            let first = digits.startIndex + start
            return digits[first..<(first + count)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        var index = 0
        let year: Int
        if utc {
            let short = number(0, 2)
            year = short >= 50 ? 1900 + short : 2000 + short
            index = 2
        } else {
            year = number(0, 4)
            index = 4
        }
        let month = number(index, 2), day = number(index + 2, 2)
        let hour = number(index + 4, 2), minute = number(index + 6, 2), second = number(index + 8, 2)
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let daysInMonth = switch month {
        case 2: leap ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
        guard (1...12).contains(month), (1...daysInMonth).contains(day), hour < 24, minute < 60, second < 60 else {
            throw ASN1Error(.invalidValue("date or time out of range"), at: offset)
        }
        return Int64(Self.daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's days_from_civil).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension ASN1Tag {
    /// UTCTime (universal 23).
    public static let utcTime = ASN1Tag(.universal, constructed: false, number: 23)
    /// GeneralizedTime (universal 24).
    public static let generalizedTime = ASN1Tag(.universal, constructed: false, number: 24)
}
