// The numeric error code of an App Store Server API error answer, `{"errorCode": 4040010, "errorMessage":
// "..."}`. Apple adds codes over time, so a code is a struct around its number, as AppStoreServer's string
// values are: an unknown code decodes and is kept (compare with the named constants, which
// AppStoreAPIErrorCodes.swift lists, generated from Apple's list; switch with a `default:`).

/// An App Store Server API error code, e.g. `.transactionIdNotFound` (4040010).
public struct AppStoreAPIErrorCode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The number Apple sends.
    public let rawValue: Int64

    /// Any code, including ones this version does not name.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Apple's name for the error, e.g. "TransactionIdNotFoundError"; nil for a code this version does not know.
    public var name: String? { Self.catalog[rawValue]?.name }

    /// What the error means, from Apple's documentation; nil for an unknown code.
    public var summary: String? { Self.catalog[rawValue]?.summary }

    /// The error's page in Apple's documentation; nil for an unknown code.
    public var documentationURL: String? { Self.catalog[rawValue]?.documentation }

    /// Every code this version names, in numeric order.
    public static var allKnown: [AppStoreAPIErrorCode] { catalog.keys.sorted().map(AppStoreAPIErrorCode.init(rawValue:)) }

    /// "4040010 TransactionIdNotFoundError", or the number alone for an unknown code.
    public var description: String { name.map { "\(rawValue) \($0)" } ?? "\(rawValue)" }

    /// From the bare number.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// As the bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
