// What the WebAuthn test files share: fixture fields that are a string or a list of strings.

/// A string or a list of strings (fixtures give origins, RP IDs and expected types either way).
struct OneOrMany: Decodable {
    let values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) { values = [one] } else { values = try container.decode([String].self) }
    }
}
